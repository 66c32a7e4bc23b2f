import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCode } from '../features/pages/pages.test-helpers.ts';
import { describeEachDatabase, type TestContext } from '../test-support/test-app.ts';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One real HTTP request to the listening app (the fast reads sit in the server's listener). */
function get(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) flat[name] = String(value);
        resolve({ status: response.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** What must match between a fast answer and Fastify's: all but the date and the request id. */
function comparable(answer: Answer) {
  const { date: _date, 'x-request-id': id, ...headers } = answer.headers;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return { status: answer.status, headers, body: answer.body.toString('base64') };
}

/**
 * Decision 117: a cached profile's JSON and page are answered before Fastify, and the answer is
 * the one Fastify sends for the same request, header for header and byte for byte. Each pair
 * below is the same request twice, once as a plain request (the fast read) and once with a cookie
 * that means nothing to the app (Fastify's route, since a fast read never takes a cookie).
 */
describeEachDatabase(
  'cached public reads before Fastify (decision 117)',
  (ctx: TestContext) => {
    let port = 0;
    let built = false;
    const served = () => ctx.app.deps.fastReads.served;
    const viaFastify = { cookie: 'unrelated=1' };

    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      port = (ctx.app.server.address() as AddressInfo).port;
      const feed = ctx.database.changes(ctx.app.log);
      for (let tries = 0; !feed.live && tries < 100; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const owner = await ctx.createUser({ username: 'fastread' });
      await addCode(ctx, owner, { service: 'lyft', code: 'FASTREAD1', reward: '5', listed: true });
      // Fills the caches through Fastify: the JSON, and the page in each encoding.
      expect((await get(port, '/api/profiles/fastread', viaFastify)).status).toBe(200);
      built =
        (await get(port, '/fastread', { 'accept-encoding': 'br', ...viaFastify })).status === 200;
      for (const encoding of ['gzip', 'identity']) {
        await get(port, '/fastread', { 'accept-encoding': encoding, ...viaFastify });
      }
    });

    it('answers a cached profile JSON as Fastify does, in every encoding, and its 304', async () => {
      for (const encoding of ['br', 'gzip', 'identity', '']) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        const before = served();
        const fast = await get(port, '/api/profiles/fastread', headers);
        expect(served()).toBe(before + 1);
        const slow = await get(port, '/api/profiles/fastread', { ...headers, ...viaFastify });
        expect(served()).toBe(before + 1);
        expect(fast.status).toBe(200);
        expect(comparable(fast)).toEqual(comparable(slow));
      }
      // The compressed copies are the JSON: kept once, sent with the encoding named.
      const plain = (await get(port, '/api/profiles/fastread')).body;
      expect(JSON.parse(plain.toString()).codes[0].code).toBe('FASTREAD1');
      const br = await get(port, '/api/profiles/fastread', { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);
      const gz = await get(port, '/api/profiles/fastread', { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.body).equals(plain)).toBe(true);
      const etag = (await get(port, '/api/profiles/fastread')).headers.etag!;
      const fast304 = await get(port, '/api/profiles/fastread', { 'if-none-match': etag });
      const slow304 = await get(port, '/api/profiles/fastread', {
        'if-none-match': etag,
        ...viaFastify,
      });
      expect(fast304.status).toBe(304);
      expect(comparable(fast304)).toEqual(comparable(slow304));
      const head = await get(port, '/api/profiles/fastread', {}, 'HEAD');
      const slowHead = await get(port, '/api/profiles/fastread', viaFastify, 'HEAD');
      expect(comparable(head)).toEqual(comparable(slowHead));
    });

    it('answers a cached profile page as Fastify does, in each encoding it holds', async () => {
      if (!built) return; // the pages need `npm run build`; `npm test` builds first
      for (const encoding of ['br', 'gzip', 'identity']) {
        const before = served();
        const fast = await get(port, '/fastread', { 'accept-encoding': encoding });
        // A cached page keeps only its compressed copies: the rare request for the plain HTML
        // takes the route, which decompresses it.
        expect(served()).toBe(before + (encoding === 'identity' ? 0 : 1));
        const slow = await get(port, '/fastread', { 'accept-encoding': encoding, ...viaFastify });
        expect(fast.status).toBe(200);
        expect(fast.headers['server-timing']).toBe('page-cache;desc=hit');
        expect(slow.headers['server-timing']).toBe('page-cache;desc=hit');
        expect(comparable(fast)).toEqual(comparable(slow));
      }
      const etag = (await get(port, '/fastread', { 'accept-encoding': 'br' })).headers.etag!;
      const fast304 = await get(port, '/fastread', { 'if-none-match': etag });
      const slow304 = await get(port, '/fastread', { 'if-none-match': etag, ...viaFastify });
      expect(fast304.status).toBe(304);
      expect(comparable(fast304)).toEqual(comparable(slow304));
    });

    it('answers a cached service page as Fastify does, and the view takes its rotation slot', async () => {
      if (!built) return;
      const first = await get(port, '/s/lyft', { 'accept-encoding': 'br', ...viaFastify });
      expect(first.status).toBe(200);
      const before = served();
      const fast = await get(port, '/s/lyft', { 'accept-encoding': 'br' });
      expect(served()).toBe(before + 1);
      const slow = await get(port, '/s/lyft', { 'accept-encoding': 'br', ...viaFastify });
      expect(fast.headers['server-timing']).toBe('page-cache;desc=hit');
      expect(comparable(fast)).toEqual(comparable(slow));
      expect(brotliDecompressSync(fast.body).toString()).toContain('FASTREAD1');
      // A filtered page, an unknown service and a spelling to correct take the route.
      const others = [
        await get(port, '/s/lyft?country=US', { 'accept-encoding': 'br' }),
        await get(port, '/s/no-such-service', { 'accept-encoding': 'br' }),
        await get(port, '/s/Lyft', { 'accept-encoding': 'br' }),
      ];
      expect(served()).toBe(before + 1);
      expect(others.map((answer) => answer.status)).toEqual([200, 404, 301]);
    });

    it('answers a cached service JSON first page as Fastify does, when no encoding is asked for', async () => {
      const path = '/api/services/lyft/codes';
      expect((await get(port, path, viaFastify)).status).toBe(200);
      for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
        const before = served();
        const fast = await get(port, path, headers);
        expect(served()).toBe(before + 1);
        const slow = await get(port, path, { ...headers, ...viaFastify });
        expect(fast.status).toBe(200);
        expect(fast.headers['cache-control']).toBe('no-store');
        expect(JSON.parse(fast.body.toString()).codes[0].code).toBe('FASTREAD1');
        expect(comparable(fast)).toEqual(comparable(slow));
      }
      // A compressed answer, a filter or cursor, another spelling and an unknown id take the route.
      const before = served();
      const others = [
        await get(port, path, { 'accept-encoding': 'br, gzip' }),
        await get(port, `${path}?country=US`),
        await get(port, '/api/services/Lyft/codes'),
        await get(port, '/api/services/no-such-service/codes'),
        await get(port, '/api/services/lyft/codes/'),
      ];
      expect(served()).toBe(before);
      expect(others.map((answer) => answer.status)).toEqual([200, 200, 200, 404, 200]);
    });

    it('keeps the fair rotation: each fast view is the next place, as each routed view is', async () => {
      if (!built) return;
      for (const n of [2, 3]) {
        const owner = await ctx.createUser({ username: `fastread${n}` });
        await addCode(ctx, owner, {
          service: 'lyft',
          code: `FASTREAD${n}`,
          reward: '5',
          listed: true,
        });
      }
      await ctx.database.changes(ctx.app.log).settle();
      const firstCode = (answer: Answer) => {
        const html = brotliDecompressSync(answer.body).toString();
        const at = [1, 2, 3].map((n) => html.indexOf(`FASTREAD${n}`));
        expect(at.every((index) => index > 0)).toBe(true);
        return at.indexOf(Math.min(...at)) + 1;
      };
      // Three codes, three places: the route renders each place's page once.
      const routed: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        routed.push(
          firstCode(await get(port, '/s/lyft', { 'accept-encoding': 'br', ...viaFastify })),
        );
      }
      expect(new Set(routed).size).toBe(3);
      const before = served();
      const fast: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        fast.push(firstCode(await get(port, '/s/lyft', { 'accept-encoding': 'br' })));
      }
      expect(served()).toBe(before + 6);
      expect(fast).toEqual([...routed, ...routed]);
      // The JSON's first pages take the same rotation, fast or routed: three places, each once.
      const firstOfJson = (answer: Answer) =>
        (JSON.parse(answer.body.toString()) as { codes: Array<{ code: string }> }).codes[0]!.code;
      const json = [
        firstOfJson(await get(port, '/api/services/lyft/codes', viaFastify)),
        firstOfJson(await get(port, '/api/services/lyft/codes')),
        firstOfJson(await get(port, '/api/services/lyft/codes')),
      ];
      expect(served()).toBe(before + 8);
      expect(new Set(json).size).toBe(3);
    });

    it('leaves to Fastify whatever is not the plain read of a cached answer', async () => {
      const before = served();
      const refused = [
        await get(port, '/api/profiles/fastread?x=1'),
        await get(port, '/api/profiles/FastRead'),
        await get(port, '/api/profiles/fastread/'),
        await get(port, '/api/profiles/nobody_here'),
        await get(port, '/api/profiles/fastread', { authorization: 'Bearer rs_nothing' }),
        await get(port, '/FastRead'),
        await get(port, '/fastread?utm=1'),
        await get(port, '/healthz'),
      ];
      expect(served()).toBe(before);
      expect(refused.map((answer) => answer.status)).toEqual([
        200,
        200,
        200,
        404,
        403,
        built ? 301 : 404,
        built ? 200 : 404,
        200,
      ]);
    });

    it('writes the access line of a fast answer', async () => {
      await get(port, '/api/profiles/fastread', { 'user-agent': 'fast-reads-test' });
      const line = ctx
        .logLines()
        .filter((entry) => entry.msg === 'request completed')
        .at(-1);
      expect(line).toMatchObject({
        level: 30,
        req: { method: 'GET', url: '/api/profiles/fastread' },
        res: { statusCode: 200 },
      });
      expect(line?.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(typeof line?.responseTime).toBe('number');
    });

    it('counts a view of a page it answers (GET 200 only), as the route does', async () => {
      if (!built) return;
      const owner = await ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'fastread')
        .executeTakeFirstOrThrow();
      const rows = async () =>
        Number(
          (
            await ctx.database.db
              .selectFrom('profile_views')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('user_id', '=', owner.id)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await rows();
      const fastBefore = served();
      const br = { 'accept-encoding': 'br' };
      const etag = (await get(port, '/fastread', { ...br, 'user-agent': 'viewer-a' })).headers
        .etag!;
      await get(port, '/fastread', { ...br, 'user-agent': 'viewer-b' }, 'HEAD');
      await get(port, '/fastread', { ...br, 'user-agent': 'viewer-c', 'if-none-match': etag });
      expect(served()).toBe(fastBefore + 3);
      // Views are written in batches within a second (decision 098).
      await expect.poll(rows, { timeout: 5000 }).toBe(before + 1);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(await rows()).toBe(before + 1);
    });
  },
  { captureLogs: true, env: { LOG_LEVEL: 'info' } },
);

describe('a fast route that throws', () => {
  it('leaves the request to Fastify and logs the error, never ending the process', async () => {
    const { createFastReads } = await import('./fast-reads.ts');
    const errors: unknown[] = [];
    const reads = createFastReads({
      securityHeaders: {},
      trustProxy: false,
      genReqId: () => 'id',
      log: { isLevelEnabled: () => false, error: (entry: unknown) => errors.push(entry) } as never,
    });
    reads.add(() => {
      throw new Error('broken cache entry');
    });
    const request = { method: 'GET', url: '/a', headers: {} } as http.IncomingMessage;
    const response = { headersSent: false } as unknown as http.ServerResponse;
    expect(reads.serve(request, response)).toBe(false);
    expect(reads.served).toBe(0);
    expect(errors).toHaveLength(1);
  });
});

describe('a stopped fast path', () => {
  it('answers nothing: the app closes through Fastify', async () => {
    const { createFastReads } = await import('./fast-reads.ts');
    const reads = createFastReads({
      securityHeaders: {},
      trustProxy: false,
      genReqId: () => 'id',
      log: { isLevelEnabled: () => false } as never,
    });
    reads.add(() => ({ status: 200, headers: {}, body: Buffer.from('x') }));
    const request = { method: 'GET', url: '/a', headers: {} } as http.IncomingMessage;
    const written: unknown[] = [];
    const response = {
      writeHead: (...args: unknown[]) => written.push(args),
      once: () => {},
      end: () => {},
    } as unknown as http.ServerResponse;
    expect(reads.serve(request, response)).toBe(true);
    reads.stop();
    expect(reads.serve(request, response)).toBe(false);
    expect(written).toHaveLength(1);
  });
});
