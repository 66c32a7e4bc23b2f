import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/database.ts';
import type { JobContext, OwnerEvent } from '../../jobs/job.ts';
import { describeEachDatabase, type TestContext } from '../../test-support/test-app.ts';
import { HostLimiter } from './host-limiter.ts';
import { linkHealthJob } from './link-health.job.ts';

const DAY = 86_400_000;

interface Seen {
  method: string;
  path: string;
  range: string | undefined;
  userAgent: string | undefined;
}

/** The local stand-in site: each path answers as its name says; `/toggle/*` as the test sets. */
async function standInSite() {
  const seen: Seen[] = [];
  const state = { toggle: 404 };
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    seen.push({
      method: req.method ?? '',
      path,
      range: req.headers.range,
      userAgent: req.headers['user-agent'],
    });
    const answer = (status: number, headers: Record<string, string> = {}) => {
      res.writeHead(status, headers);
      res.end(req.method === 'GET' ? 'x'.repeat(4096) : undefined);
    };
    if (path.startsWith('/ok')) return answer(200);
    if (path.startsWith('/no-head')) return req.method === 'HEAD' ? answer(405) : answer(206);
    if (path.startsWith('/missing')) return answer(404);
    if (path.startsWith('/gone')) return answer(410);
    if (path.startsWith('/error')) return answer(503);
    if (path.startsWith('/to-home')) return answer(302, { location: '/' });
    if (path.startsWith('/to-inside')) {
      return answer(302, { location: 'http://169.254.169.254/latest/meta-data/' });
    }
    if (path.startsWith('/toggle')) return answer(state.toggle);
    return answer(200);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    state,
    port,
    url: (path: string, host = '127.0.0.1') => `http://${host}:${port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on: a server's, closed. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the per-host limiter', () => {
  it('lets 3 requests a minute reach a host, then waits for the window to slide', () => {
    let now = 0;
    const limiter = new HostLimiter(3, () => now);
    expect([1, 2, 3, 4].map(() => limiter.take('a.example'))).toEqual([true, true, true, false]);
    expect(limiter.take('b.example')).toBe(true);
    now = 59_999;
    expect(limiter.take('a.example')).toBe(false);
    now = 60_001;
    expect(limiter.take('a.example')).toBe(true);
  });
});

let site: Awaited<ReturnType<typeof standInSite>>;
beforeAll(async () => {
  site = await standInSite();
});
afterAll(() => site.close());

/** The job's context on the test database: its clock moved by the tests (never slept). */
function contextOf(
  ctx: TestContext,
  now: () => number,
  notifyOwner: JobContext['notifyOwner'] = async () => {},
): JobContext {
  return {
    database: ctx.database,
    config: ctx.config,
    now,
    log: { info() {}, warn() {}, error() {} },
    notifyOwner,
  };
}

describeEachDatabase(
  'link health',
  (ctx) => {
    const events: OwnerEvent[] = [];
    // The job's clock: ahead of the wall clock, moved by the tests (never slept).
    let clock = Date.now() + 60_000;
    const jobContext = () =>
      contextOf(
        ctx,
        () => clock,
        async (event) => {
          events.push(event);
        },
      );
    /** One run, a day after the last (every link is due again). */
    const runDay = async () => {
      clock += DAY + 2 * 3_600_000;
      return linkHealthJob.run(jobContext());
    };
    let owner: Awaited<ReturnType<TestContext['createUser']>>;

    beforeAll(async () => {
      owner = await ctx.createUser();
      await ctx.database.db
        .insertInto('services')
        .values({
          id: 'standin',
          name: 'Stand-in',
          domain: 'standin.test',
          created_at: new Date().toISOString(),
          created_by: 'system',
          link_hosts: JSON.stringify(['127.0.0.1']),
          home_redirect_broken: 1,
        })
        .execute();
    });

    const addCode = async (link: string, service = 'standin') => {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/codes',
        cookie: owner.cookie,
        body: {
          service,
          code: `C${Math.random().toString(36).slice(2, 8)}`,
          reward: '$5',
          link,
          listed: true,
        },
      });
      expect(response.statusCode).toBe(201);
      return response.json().code.id as string;
    };
    const linkRow = (codeId: string) =>
      ctx.database.db
        .selectFrom('code_links')
        .select(['state', 'failures', 'last_outcome', 'last_checked_at', 'next_check_at'])
        .where('code_id', '=', codeId)
        .executeTakeFirstOrThrow();
    const requestsTo = (prefix: string) => site.seen.filter((s) => s.path.startsWith(prefix));

    it('checks with HEAD, naming Refstash and its APP_URL, once a day at most', async () => {
      const id = await addCode(site.url(`/ok/1-${ctx.kind}`));
      await runDay();
      const row = await linkRow(id);
      expect(row).toMatchObject({ state: 'ok', failures: 0, last_outcome: 'ok' });
      // Next due in a day and at most an hour more: checks drift apart over the day.
      const wait = Date.parse(row.next_check_at!) - Date.parse(row.last_checked_at!);
      expect(wait).toBeGreaterThanOrEqual(24 * 3_600_000);
      expect(wait).toBeLessThanOrEqual(25 * 3_600_000);
      expect(requestsTo(`/ok/1-${ctx.kind}`)).toEqual([
        {
          method: 'HEAD',
          path: `/ok/1-${ctx.kind}`,
          range: undefined,
          userAgent: 'Refstash link checker (+http://localhost:3000)',
        },
      ]);
      clock += 61_000;
      const again = await linkHealthJob.run(jobContext());
      expect(again.summary).toBe('0 links checked, 0 broken, 0 restored');
      expect(requestsTo(`/ok/1-${ctx.kind}`)).toHaveLength(1);
    });

    it('asks with a ranged GET of 1,024 bytes where HEAD is refused', async () => {
      const id = await addCode(site.url(`/no-head/1-${ctx.kind}`));
      await runDay();
      expect(requestsTo(`/no-head/1-${ctx.kind}`).map((s) => [s.method, s.range])).toEqual([
        ['HEAD', undefined],
        ['GET', 'bytes=0-1023'],
      ]);
      expect(await linkRow(id)).toMatchObject({ state: 'ok', last_outcome: 'ok' });
    });

    it('counts 404, 410, a dead name, a refused connection, a redirect home and an inside address as failures; 503 not', async () => {
      const ids = {
        not_found: await addCode(site.url(`/missing/1-${ctx.kind}`)),
        gone: await addCode(site.url(`/gone/1-${ctx.kind}`)),
        dns: await addCode('http://no-such-host.invalid/r/1'),
        refused: await addCode(`http://127.0.0.1:${await closedPort()}/r/1`),
        home_redirect: await addCode(site.url(`/to-home/1-${ctx.kind}`)),
        blocked: await addCode(site.url(`/to-inside/1-${ctx.kind}`)),
        private: await addCode('http://10.0.0.7/r/1'),
        server_error: await addCode(site.url(`/error/1-${ctx.kind}`)),
      };
      await runDay();
      for (const [outcome, id] of Object.entries(ids)) {
        const row = await linkRow(id);
        const expected = outcome === 'private' ? 'blocked' : outcome;
        expect({ outcome, last: row.last_outcome }).toEqual({ outcome, last: expected });
        expect(Number(row.failures)).toBe(outcome === 'server_error' ? 0 : 1);
      }
      // The redirect home reached the root; the inside address was never asked.
      expect(requestsTo(`/to-home/1-${ctx.kind}`)).toHaveLength(1);
      expect(site.seen.filter((s) => s.path === '/' && s.method === 'HEAD').length).toBeGreaterThan(
        0,
      );
    });

    it('a redirect to the home page is fine where the service has no such rule', async () => {
      await ctx.database.db
        .updateTable('services')
        .set({ home_redirect_broken: 0 })
        .where('id', '=', 'standin')
        .execute();
      const id = await addCode(site.url(`/to-home/2-${ctx.kind}`));
      await runDay();
      expect(await linkRow(id)).toMatchObject({ state: 'ok', last_outcome: 'ok' });
      await ctx.database.db
        .updateTable('services')
        .set({ home_redirect_broken: 1 })
        .where('id', '=', 'standin')
        .execute();
    });

    it('3 failures in a row: broken, off the service page, the owner told once; one success restores', async () => {
      site.state.toggle = 404;
      const id = await addCode(site.url(`/toggle/1-${ctx.kind}`));
      const listedIds = async () => {
        const page = await ctx.request({ url: '/api/services/standin/codes' });
        return (page.json().codes as Array<{ id: string }>).map((c) => c.id);
      };
      const ownerView = async () => {
        const list = await ctx.request({ url: '/api/codes', cookie: owner.cookie });
        return (list.json().codes as Array<Record<string, unknown>>).find((c) => c.id === id)!;
      };
      expect(await listedIds()).toContain(id);
      events.length = 0;

      await runDay();
      await runDay();
      expect(await linkRow(id)).toMatchObject({ state: 'unknown', failures: 2 });
      expect(await listedIds()).toContain(id);
      expect(events.filter((e) => e.codeId === id)).toEqual([]);

      await runDay();
      expect(await linkRow(id)).toMatchObject({ state: 'broken', failures: 3 });
      expect(await listedIds()).not.toContain(id);
      const view = await ownerView();
      expect(view.linkHealth).toEqual({ state: 'broken', checkedAt: expect.any(String) });
      expect(view.listing).toEqual({ listed: false, reason: 'link_broken' });
      // Visitors never see the state.
      const profile = await ctx.request({ url: `/api/profiles/${owner.username}` });
      expect(JSON.stringify(profile.json())).not.toContain('linkHealth');

      await runDay();
      const broken = events.filter((e) => e.codeId === id);
      expect(broken).toEqual([
        {
          kind: 'link-broken',
          userId: owner.id,
          codeId: id,
          dedupeKey: expect.stringMatching(new RegExp(`^link-broken:${id}:`)),
        },
      ]);

      site.state.toggle = 200;
      await runDay();
      expect(await linkRow(id)).toMatchObject({ state: 'ok', failures: 0 });
      expect(await listedIds()).toContain(id);
      expect(events.filter((e) => e.codeId === id).map((e) => e.kind)).toEqual([
        'link-broken',
        'link-restored',
      ]);
      expect((await ownerView()).linkHealth).toMatchObject({ state: 'ok' });
    });

    it('one check serves every listed code with the same link', async () => {
      const before = requestsTo(`/ok/shared-${ctx.kind}`).length;
      const first = await addCode(site.url(`/ok/shared-${ctx.kind}`));
      const second = await addCode(site.url(`/ok/shared-${ctx.kind}`));
      await runDay();
      expect(requestsTo(`/ok/shared-${ctx.kind}`).length - before).toBe(1);
      expect((await linkRow(first)).next_check_at).toEqual((await linkRow(second)).next_check_at);
    });

    it('a new link starts over; unlisting stops the checks and keeps the state', async () => {
      const id = await addCode(site.url(`/missing/2-${ctx.kind}`));
      await runDay();
      expect(await linkRow(id)).toMatchObject({ failures: 1 });
      const edit = (body: object) =>
        ctx.request({ method: 'PATCH', url: `/api/codes/${id}`, cookie: owner.cookie, body });
      expect((await edit({ link: site.url(`/ok/3-${ctx.kind}`) })).statusCode).toBe(200);
      expect(await linkRow(id)).toMatchObject({
        state: 'unknown',
        failures: 0,
        last_outcome: null,
      });
      expect((await edit({ listed: false })).statusCode).toBe(200);
      expect((await linkRow(id)).next_check_at).toBeNull();
      await runDay();
      expect(requestsTo(`/ok/3-${ctx.kind}`)).toHaveLength(0);
      expect((await edit({ listed: true })).statusCode).toBe(200);
      expect((await linkRow(id)).next_check_at).not.toBeNull();
    });

    it('runs on one instance at a time: of two instances at once, one runs and one skips', async () => {
      const second = createDatabase(ctx.testDatabase.config, { schema: ctx.testDatabase.schema });
      try {
        clock += DAY;
        const [a, b] = await Promise.all([
          linkHealthJob.run(jobContext()),
          linkHealthJob.run({ ...jobContext(), database: second }),
        ]);
        expect([a.summary, b.summary].filter((s) => s.startsWith('skipped'))).toHaveLength(1);
        // Nor within a minute of the last run's end.
        clock += 59_000;
        expect((await linkHealthJob.run({ ...jobContext(), database: second })).summary).toBe(
          'skipped: the last run ended under a minute ago or is still running',
        );
      } finally {
        await second.close();
      }
    });
  },
  { env: { LINK_CHECK_ALLOW_LOOPBACK: '1', LINK_CHECK_PER_HOST_PER_MINUTE: '100' } },
);

describeEachDatabase(
  'link health under the per-host limit',
  (ctx) => {
    let clock = Date.now() + 60_000;
    const jobContext = () => contextOf(ctx, () => clock);
    const runDay = async () => {
      clock += DAY + 2 * 3_600_000;
      return linkHealthJob.run(jobContext());
    };
    const linkRow = (codeId: string) =>
      ctx.database.db
        .selectFrom('code_links')
        .select(['state'])
        .where('code_id', '=', codeId)
        .executeTakeFirstOrThrow();
    const addCode = async (cookie: string, link: string) => {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/codes',
        cookie,
        body: { service: 'uber', code: 'LIMIT', reward: '$5', link, listed: true },
      });
      expect(response.statusCode).toBe(201);
      return response.json().code.id as string;
    };

    it('sends at most LINK_CHECK_PER_HOST_PER_MINUTE (3) requests to one host; the rest wait for later runs', async () => {
      const owner = await ctx.createUser();
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1)
        ids.push(await addCode(owner.cookie, site.url(`/ok/limit-${i}`)));
      const seenBefore = site.seen.filter((s) => s.path.startsWith('/ok/limit-')).length;
      const first = await runDay();
      expect(first.summary).toMatch(/, 2 waiting for their host's limit$/);
      expect(site.seen.filter((s) => s.path.startsWith('/ok/limit-'))).toHaveLength(seenBefore + 3);
      clock += 61_000;
      await linkHealthJob.run(jobContext());
      expect(site.seen.filter((s) => s.path.startsWith('/ok/limit-'))).toHaveLength(seenBefore + 5);
      for (const id of ids) expect(await linkRow(id)).toMatchObject({ state: 'ok' });
    });
  },
  { env: { LINK_CHECK_ALLOW_LOOPBACK: '1', LINK_CHECK_PER_HOST_PER_MINUTE: '3' } },
);
