import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { nowIso } from '../../db/ids.ts';
import { describeEachDatabase, type TestContext } from '../../test-support/test-app.ts';
import { createTestTls, type TestTls } from '../../test-support/test-tls.ts';

/** A local https stand-in for a service's website, counting the requests it gets. */
interface Site {
  host: string;
  hits: string[];
  /** Whether each request came over TLS (the fetcher's real https path). */
  encrypted: boolean[];
  close(): Promise<void>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

// A certificate authority made for this run: the app trusts it through LOGO_FETCH_CA, the way a
// real site's certificate is trusted through the public roots. Nothing turns verification off.
let tls: TestTls;
beforeAll(() => {
  tls = createTestTls();
});

async function startSite(handler: Handler, certificate: TestTls = tls): Promise<Site> {
  const hits: string[] = [];
  const encrypted: boolean[] = [];
  const server = https.createServer(
    { key: certificate.key, cert: certificate.cert },
    (req, res) => {
      hits.push(req.url ?? '');
      encrypted.push((req.socket as TLSSocket).encrypted === true);
      handler(req, res);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `127.0.0.1:${port}`,
    hits,
    encrypted,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The test-only switches: loopback for the stand-in's host:port, and trust in the test CA. */
const standInEnv = (extra: Record<string, string> = {}) => ({
  LOGO_FETCH_ALLOW_LOOPBACK: '1',
  LOGO_FETCH_CA: tls.ca,
  ...extra,
});

const pngBytes = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: '#e11d48' } })
    .png()
    .toBuffer();

/** An .ico with one 32-bit BMP entry (what most real favicons still are). */
function bmpIco(size: number): Buffer {
  const pixels = Buffer.alloc(size * size * 4, 0);
  for (let i = 0; i < size * size; i += 1) pixels.writeUInt32LE(0xff2563eb, i * 4); // BGRA
  const mask = Buffer.alloc(Math.ceil(size / 32) * 4 * size);
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0);
  header.writeInt32LE(size, 4);
  header.writeInt32LE(size * 2, 8);
  header.writeUInt16LE(1, 12);
  header.writeUInt16LE(32, 14);
  const image = Buffer.concat([header, pixels, mask]);
  const dir = Buffer.alloc(22);
  dir.writeUInt16LE(0, 0);
  dir.writeUInt16LE(1, 2);
  dir.writeUInt16LE(1, 4);
  dir.writeUInt8(size, 6);
  dir.writeUInt8(size, 7);
  dir.writeUInt16LE(1, 10);
  dir.writeUInt16LE(32, 12);
  dir.writeUInt32LE(image.length, 14);
  dir.writeUInt32LE(22, 18);
  return Buffer.concat([dir, image]);
}

async function addService(ctx: TestContext, id: string, domain: string) {
  await ctx.database.db
    .insertInto('services')
    .values({ id, name: id, domain, created_at: nowIso(), created_by: 'test' })
    .execute();
}

function cachedRow(ctx: TestContext, serviceId: string) {
  return ctx.database.db
    .selectFrom('logos')
    .selectAll()
    .where('service_id', '=', serviceId)
    .executeTakeFirst();
}

let counter = 0;
function uniqueId(label: string): string {
  counter += 1;
  return `${label}${counter}`;
}

describeEachDatabase('GET /api/logos/lookup (primary)', (ctx) => {
  it('serves the simple-icons SVG in the brand colour for uber, at 400 × 400 by default', async () => {
    const response = await ctx.request({ url: '/api/logos/lookup?serviceId=uber' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.logoType).toBe('image/svg+xml');
    expect(body.logoUrl).toBeNull();
    const svg = Buffer.from(body.logoData, 'base64').toString();
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('width="400" height="400"');
    expect(svg).toContain('fill="#000000"');
  });

  it('uses the requested size and each brand its own colour', async () => {
    const response = await ctx.request({
      url: '/api/logos/lookup?serviceId=Netflix&width=64&height=48',
    });
    const svg = Buffer.from(response.json().logoData, 'base64').toString();
    expect(svg).toContain('width="64" height="48"');
    expect(svg).toContain('fill="#E50914"');
  });

  it('answers 404 for ids outside the known map, even when they are services', async () => {
    await addService(ctx, 'primaryonly', 'example.com');
    for (const id of ['primaryonly', 'nope']) {
      const response = await ctx.request({ url: `/api/logos/lookup?serviceId=${id}` });
      expect(response.statusCode).toBe(404);
    }
  });

  it('falls back to the stored cache for a known brand simple-icons lacks', async () => {
    expect((await ctx.request({ url: '/api/logos/lookup?serviceId=hulu' })).statusCode).toBe(404);
    await ctx.database.db
      .insertInto('logos')
      .values({
        cache_key: 'service:hulu:400',
        service_id: 'hulu',
        logo_data: 'iVBORw0KGgo=',
        logo_type: 'image/png',
        logo_url: null,
        error: null,
        fetched_at: nowIso(),
        expires_at: null,
      })
      .execute();
    const response = await ctx.request({ url: '/api/logos/lookup?serviceId=hulu' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      logoData: 'iVBORw0KGgo=',
      logoType: 'image/png',
      logoUrl: null,
    });
  });

  it('refuses bad sizes with 400', async () => {
    for (const query of ['width=0', 'height=5000', 'width=abc']) {
      const response = await ctx.request({ url: `/api/logos/lookup?serviceId=uber&${query}` });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describeEachDatabase(
  'GET /api/logos/service (secondary) with the test-only loopback setting',
  (ctx) => {
    const sites: Site[] = [];
    const site = async (handler: Handler) => {
      const started = await startSite(handler);
      sites.push(started);
      return started;
    };
    afterAll(async () => {
      await Promise.all(sites.map((s) => s.close()));
    });

    const lookup = (serviceId: string, size = '') =>
      ctx.request({ url: `/api/logos/service?serviceId=${serviceId}${size}` });

    it('fetches the apple-touch-icon, re-encodes it as a PNG of the requested size and caches it', async () => {
      const png = await pngBytes(300, 200);
      const stand = await site((_req, res) => {
        res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      });
      const id = uniqueId('okpng');
      await addService(ctx, id, stand.host);
      const response = await lookup(id, '&width=64&height=64');
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.logoType).toBe('image/png');
      const meta = await sharp(Buffer.from(body.logoData, 'base64')).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 64, height: 64 });
      expect(stand.hits).toEqual(['/apple-touch-icon.png']);
      expect(stand.encrypted).toEqual([true]);

      const again = await lookup(id, '&width=64&height=64');
      expect(again.json()).toEqual(body);
      expect(stand.hits).toHaveLength(1);
    });

    it('serves 64, 160 or 400 px only: odd sizes snap up, and add no cache row and no fetch', async () => {
      const png = await pngBytes(300, 200);
      const stand = await site((_req, res) => {
        res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      });
      const id = uniqueId('sizes');
      await addService(ctx, id, stand.host);
      const cases: Array<[string, number]> = [
        ['width=17&height=17', 64],
        ['width=64&height=64', 64],
        ['width=50&height=30', 64],
        ['width=63&height=64', 64],
        ['width=65&height=65', 160],
        ['width=100&height=150', 160],
        ['width=160&height=160', 160],
        ['width=161&height=161', 400],
        ['', 400],
        ['width=333&height=100', 400],
        ['width=1024&height=1024', 400],
        ['width=401&height=16', 400],
      ];
      for (const [query, size] of cases) {
        const response = await lookup(id, `&${query}`);
        expect(response.statusCode, query).toBe(200);
        const stored = Buffer.from(response.json().logoData, 'base64');
        expect(await sharp(stored).metadata(), query).toMatchObject({ width: size, height: size });
      }
      expect(stand.hits).toHaveLength(3);
      const rows = await ctx.database.db
        .selectFrom('logos')
        .select(['cache_key', 'logo_data'])
        .where('service_id', '=', id)
        .orderBy('cache_key')
        .execute();
      expect(rows.map((row) => row.cache_key)).toEqual([
        `service:${id}:160`,
        `service:${id}:400`,
        `service:${id}:64`,
      ]);
      for (const row of rows) {
        expect(Buffer.from(row.logo_data ?? '', 'base64').length).toBeLessThanOrEqual(65_536);
      }
    });

    it('refuses to store a logo over 64 KB once re-encoded (the client draws the fallback)', async () => {
      const noise = await sharp(randomBytes(400 * 400 * 3), {
        raw: { width: 400, height: 400, channels: 3 },
      })
        .jpeg({ quality: 95 })
        .toBuffer();
      const stand = await site((_req, res) => {
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(noise);
      });
      const id = uniqueId('noisy');
      await addService(ctx, id, stand.host);
      expect((await lookup(id, '&width=400&height=400')).statusCode).toBe(404);
      const row = await cachedRow(ctx, id);
      expect(row?.error).toBe('Logo is larger than 65536 bytes once re-encoded');
      expect(row?.logo_data).toBeNull();
    });

    it('defaults to 400 × 400 and falls back to a 32-bit favicon.ico', async () => {
      const ico = bmpIco(16);
      const stand = await site((req, res) => {
        if (req.url === '/favicon.ico')
          res.writeHead(200, { 'content-type': 'image/x-icon' }).end(ico);
        else res.writeHead(404).end();
      });
      const id = uniqueId('ico');
      await addService(ctx, id, stand.host);
      const response = await lookup(id);
      expect(response.statusCode).toBe(200);
      const image = sharp(Buffer.from(response.json().logoData, 'base64'));
      expect(await image.metadata()).toMatchObject({ width: 400, height: 400 });
      const { data } = await image.raw().toBuffer({ resolveWithObject: true });
      expect([...data.subarray(0, 4)]).toEqual([0x25, 0x63, 0xeb, 0xff]);
      expect(stand.hits).toEqual(['/apple-touch-icon.png', '/favicon.ico']);
    });

    it('follows a redirect on the same site', async () => {
      const png = await pngBytes(32, 32);
      const stand = await site((req, res) => {
        if (req.url === '/real.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
        else res.writeHead(302, { location: '/real.png' }).end();
      });
      const id = uniqueId('redir');
      await addService(ctx, id, stand.host);
      expect((await lookup(id)).statusCode).toBe(200);
    });

    const refusals: Array<[string, () => Promise<Handler>, string]> = [
      [
        'a redirect to 127.0.0.1',
        async () => {
          const inside = await site((_req, res) => {
            res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(10));
          });
          return (_req, res) => {
            res.writeHead(302, { location: `https://${inside.host}/secret.png` }).end();
          };
        },
        'Refused to connect to a non-public address (127.0.0.1)',
      ],
      [
        'more than 3 redirects',
        async () => (req, res) => {
          res.writeHead(302, { location: `${req.url}x` }).end();
        },
        'Too many redirects',
      ],
      [
        'a body over 512 KB',
        async () => {
          const big = Buffer.alloc(512 * 1024 + 1, 1);
          return (_req, res) => {
            // No Content-Length: the cap must hold while streaming.
            res.writeHead(200, { 'content-type': 'image/png', 'transfer-encoding': 'chunked' });
            res.end(big);
          };
        },
        'Logo is larger than 524288 bytes',
      ],
      [
        'text/html',
        async () => (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>hi</h1>');
        },
        'Invalid logo type: text/html',
      ],
      [
        'an SVG',
        async () => (_req, res) => {
          res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg/>');
        },
        'Invalid logo type: image/svg+xml',
      ],
      [
        'bytes that are not an image',
        async () => (_req, res) => {
          res.writeHead(200, { 'content-type': 'image/png' }).end('definitely not a png');
        },
        'Invalid logo type: unknown',
      ],
      [
        'an SVG sent as image/png (its bytes decide)',
        async () => (_req, res) => {
          res
            .writeHead(200, { 'content-type': 'image/png' })
            .end('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>');
        },
        'Invalid logo type: image/svg+xml',
      ],
      [
        'a TIFF sent as image/x-icon',
        async () => {
          const tiff = await sharp({
            create: { width: 8, height: 8, channels: 3, background: '#000' },
          })
            .tiff()
            .toBuffer();
          return (_req, res) => {
            res.writeHead(200, { 'content-type': 'image/x-icon' }).end(tiff);
          };
        },
        'Invalid logo type: image/tiff',
      ],
      [
        'a PNG with a broken body',
        async () => (_req, res) => {
          const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
          res.writeHead(200, { 'content-type': 'image/png' }).end(png);
        },
        'Could not decode the image/png logo',
      ],
    ];

    it.each(refusals)(
      'refuses %s, caches the failure for 24 h and never retries it',
      async (_label, makeHandler, message) => {
        const stand = await site(await makeHandler());
        const id = uniqueId('refuse');
        await addService(ctx, id, stand.host);
        const before = Date.now();
        const response = await lookup(id);
        expect(response.statusCode).toBe(404);
        const row = await cachedRow(ctx, id);
        expect(row?.error).toBe(message);
        expect(row?.logo_data).toBeNull();
        const ttl = Date.parse(row?.expires_at ?? '') - before;
        expect(ttl).toBeGreaterThan(23.9 * 3600_000);
        expect(ttl).toBeLessThan(24.1 * 3600_000);

        const hits = stand.hits.length;
        const again = await lookup(id);
        expect(again.statusCode).toBe(404);
        expect(stand.hits).toHaveLength(hits);
      },
    );

    it('verifies the certificate: a site signed by another authority is refused', async () => {
      const impostor = await startSite((_req, res) => {
        res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(10));
      }, createTestTls());
      sites.push(impostor);
      const id = uniqueId('badcert');
      await addService(ctx, id, impostor.host);
      expect((await lookup(id)).statusCode).toBe(404);
      expect(impostor.hits).toEqual([]);
      expect((await cachedRow(ctx, id))?.error).toMatch(
        /^Logo request failed: .*(certificate|self-signed)/,
      );
    });

    it('answers 404 for a service that is not in the catalogue', async () => {
      expect((await lookup('nosuchservice')).statusCode).toBe(404);
    });
  },
  { env: () => standInEnv() },
);

describeEachDatabase(
  'GET /api/logos/service (secondary): the fetch budget',
  (ctx) => {
    let stand: Site;
    beforeAll(async () => {
      stand = await startSite(() => {
        // never answers
      });
    });
    afterAll(() => stand.close());

    it('gives up when the budget (LOGO_FETCH_TIMEOUT_MS, here 50 ms) runs out, for both icons together', async () => {
      await addService(ctx, 'neveranswers', stand.host);
      const spy = vi.spyOn(AbortSignal, 'timeout');
      let budgets: unknown[][] = [];
      const response = await ctx
        .request({ url: '/api/logos/service?serviceId=neveranswers' })
        .finally(() => {
          budgets = [...spy.mock.calls];
          spy.mockRestore();
        });
      expect(response.statusCode).toBe(404);
      expect((await cachedRow(ctx, 'neveranswers'))?.error).toBe('Logo request timed out');
      // One budget for both icons: once it ran out on the first, the favicon was never tried
      // (whether the first request got through the TLS handshake in 50 ms or not).
      expect(stand.hits).not.toContain('/favicon.ico');
      // The setting is the budget: one timer of 50 ms for the site, none of 3 s.
      expect(budgets).toEqual([[50]]);
    });
  },
  { env: () => standInEnv({ LOGO_FETCH_TIMEOUT_MS: '50' }) },
);

describeEachDatabase(
  'GET /api/logos/service (secondary): at most 120 network fetches a minute in all',
  (ctx) => {
    let stand: Site;
    beforeAll(async () => {
      stand = await startSite(async (_req, res) => {
        res.writeHead(200, { 'content-type': 'image/png' }).end(await pngBytes(32, 32));
      });
    });
    afterAll(() => stand.close());

    // Each request from its own address: the per-IP limit (30 a minute) never applies.
    let address = 0;
    const fromNewAddress = (url: string) => {
      address += 1;
      return ctx.app.inject({
        url,
        remoteAddress: `198.18.${Math.floor(address / 250)}.${(address % 250) + 1}`,
      });
    };

    it('the 121st fetch of a minute is not made: 429 from the lookup, the fallback on the card', async () => {
      // Refused at connect (a private address): fetches all the same, made and counted.
      await ctx.database.db
        .insertInto('services')
        .values(
          Array.from({ length: 120 }, (_, i) => ({
            id: `capped${i}`,
            name: `capped${i}`,
            domain: '10.0.0.1',
            created_at: nowIso(),
            created_by: 'test',
          })),
        )
        .execute();
      for (let i = 0; i < 120; i += 1) {
        const response = await fromNewAddress(`/api/logos/service?serviceId=capped${i}`);
        expect(response.statusCode, `fetch ${i + 1}`).toBe(404);
      }
      await addService(ctx, 'overcap', stand.host);
      const over = await fromNewAddress('/api/logos/service?serviceId=overcap');
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      const card = await fromNewAddress('/api/logos/overcap/image');
      expect(card.statusCode).toBe(200);
      expect(card.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(card.headers['cache-control']).toBe('public, max-age=3600');
      // Nothing was fetched, and no failure was cached that would hide the logo for a day.
      expect(stand.hits).toEqual([]);
      expect(await cachedRow(ctx, 'overcap')).toBeUndefined();
      // Cached answers cost nothing: the 120 stored failures still answer at once.
      expect((await fromNewAddress('/api/logos/service?serviceId=capped0')).statusCode).toBe(404);
    });
  },
  { env: () => standInEnv() },
);

describeEachDatabase('GET /api/logos/service (secondary) by default', (ctx) => {
  let stand: Site;
  beforeAll(async () => {
    stand = await startSite((_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(10));
    });
  });
  afterAll(() => stand.close());

  it('refuses loopback: the local site is never contacted', async () => {
    await addService(ctx, 'loopbackdefault', stand.host);
    const response = await ctx.request({ url: '/api/logos/service?serviceId=loopbackdefault' });
    expect(response.statusCode).toBe(404);
    expect(stand.hits).toEqual([]);
    expect((await cachedRow(ctx, 'loopbackdefault'))?.error).toBe(
      'Refused to connect to a non-public address (127.0.0.1)',
    );
  });

  it('refuses private, link-local and metadata addresses given as the domain', async () => {
    for (const [id, domain] of [
      ['privatenet', '10.0.0.1'],
      ['metadata', '169.254.169.254'],
      ['ipv6loop', '[::1]'],
      ['ipv6ula', '[fd00::1]'],
    ] as const) {
      await addService(ctx, id, domain);
      const response = await ctx.request({ url: `/api/logos/service?serviceId=${id}` });
      expect(response.statusCode, domain).toBe(404);
      expect((await cachedRow(ctx, id))?.error).toMatch(
        /^Refused to connect to a non-public address/,
      );
    }
  });

  it('the production config never allows loopback: it refuses to start', async () => {
    const { loadConfig } = await import('../../config.ts');
    const production = () =>
      loadConfig({
        NODE_ENV: 'production',
        APP_URL: 'https://refstash.example',
        SESSION_SECRET: 's',
        SMTP_URL: 'smtp://x',
        MAIL_FROM: 'a@b.c',
        LOGO_FETCH_ALLOW_LOOPBACK: '1',
      });
    expect(production).toThrow(
      'LOGO_FETCH_ALLOW_LOOPBACK must be unset in production (it lets the logo fetcher reach this machine)',
    );
  });
});
