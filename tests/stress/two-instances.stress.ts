import { randomBytes, randomInt } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenerApplicationName } from '../../server/db/change-feed.ts';
import { testDatabaseKinds } from '../../server/test-support/test-app.ts';
import { createScratchPostgres, type ScratchPostgres } from '../e2e/support/scratch-postgres.ts';
import type { TestServer } from '../e2e/support/server.ts';
import { BROWSER_UA, runClickLoad } from './support/click-load.ts';
import { clickTotals, openDatabase, seedCodes } from './support/seed.ts';
import { startLoadServer } from './support/servers.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Client addresses of this run (the servers trust X-Forwarded-For), so reruns start fresh. */
const net = `10.${randomInt(1, 255)}.${randomInt(1, 255)}`;

function post(server: TestServer, url: string, body: unknown, ip: string, cookie?: string) {
  return fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: {
      origin: server.url,
      'x-forwarded-for': ip,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Signs in through `server` with the e-mail link it logs; the session cookie. */
async function signIn(server: TestServer, email: string, ip: string): Promise<string> {
  expect((await post(server, '/api/auth/email-link', { email }, ip)).status).toBe(202);
  const link = server
    .output()
    .match(new RegExp(`Sign-in link for ${email.replace('.', '\\.')}: (\\S+)`))?.[1];
  expect(link).toBeDefined();
  const token = new URL(link!).searchParams.get('token');
  const verified = await post(server, '/api/auth/email-link/verify', { email, token }, ip);
  expect(verified.status).toBe(200);
  return verified.headers.get('set-cookie')!.split(';')[0]!;
}

describe.runIf(testDatabaseKinds().includes('postgres'))(
  'two instances on one PostgreSQL and one Redis',
  () => {
    let scratch: ScratchPostgres;
    let a: TestServer;
    let b: TestServer;

    beforeAll(async () => {
      scratch = await createScratchPostgres();
      // Real limits (scale 1), shared through Redis; sign-in links are printed to the log.
      const env = { REDIS_URL: redisUrl, TRUST_PROXY: '1', RATE_LIMIT_SCALE: '1' };
      a = await startLoadServer({ pgUrl: scratch.url }, env);
      b = await startLoadServer({ pgUrl: scratch.url }, env);
    });
    afterAll(async () => {
      await a?.stop();
      await b?.stop();
      await scratch?.drop();
    });

    it('adds up clicks split across both exactly', async () => {
      const database = openDatabase({ kind: 'postgres', url: scratch.url });
      try {
        const codeIds = await seedCodes(database, 10);
        const load = await runClickLoad({
          baseUrls: [a.url, b.url],
          codeIds,
          total: 2_000,
          inFlight: 50,
          // 40 clicks per address: under the 60-per-minute limit, which both servers share. Each
          // address on a network (/24) of its own: 4 copies a code, under the network's 10 an
          // hour (decision 093).
          forwardedFor: (index) =>
            `${net.slice(0, net.lastIndexOf('.'))}.${Math.floor(index / 40) % 250}.1`,
        });
        expect(Object.fromEntries(load.statuses)).toEqual({ 202: 2_000 });
        // Each request is a new visitor (its own user agent), so each one counts.
        expect(load.countedTotal).toBe(2_000);
        const totals = await clickTotals(database, codeIds);
        expect(totals.counter).toBe(2_000);
        expect(totals.events).toBe(2_000);
      } finally {
        await database.close();
      }
    });

    it("does not count a visitor's repeat copy made on the other instance", async () => {
      const database = openDatabase({ kind: 'postgres', url: scratch.url });
      try {
        const [codeId] = (await seedCodes(database, 1)) as [string];
        const copy = (server: TestServer) =>
          fetch(`${server.url}/api/codes/${codeId}/clicks`, {
            method: 'POST',
            headers: {
              origin: server.url,
              'x-forwarded-for': `${net}.254`,
              'user-agent': BROWSER_UA,
            },
          });
        for (const [server, counted] of [
          [a, true],
          [b, false],
          [a, false],
        ] as const) {
          const response = await copy(server);
          expect(response.status).toBe(202);
          expect(await response.json()).toEqual({ counted });
        }
        const totals = await clickTotals(database, [codeId]);
        expect(totals.counter).toBe(1);
        expect(totals.events).toBe(1);
      } finally {
        await database.close();
      }
    });

    it('accepts a session made on one instance on the other', async () => {
      const email = `two-${randomBytes(4).toString('hex')}@example.com`;
      const cookie = await signIn(a, email, `${net}.251`);

      const me = await fetch(`${b.url}/api/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect((await me.json()).email).toBe(email);

      expect((await post(b, '/api/auth/sign-out', undefined, `${net}.251`, cookie)).status).toBe(
        204,
      );
      expect((await fetch(`${a.url}/api/me`, { headers: { cookie } })).status).toBe(401);
    });

    it('holds the per-e-mail sign-in link limit across both instances', async () => {
      const email = `limit-${randomBytes(4).toString('hex')}@example.com`;
      // Different client addresses: only the per-e-mail counter can refuse the second request.
      expect((await post(a, '/api/auth/email-link', { email }, `${net}.252`)).status).toBe(202);
      const second = await post(b, '/api/auth/email-link', { email }, `${net}.253`);
      expect(second.status).toBe(429);
      expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    });

    it('shows an edit made through one instance on the other within 1 s, and nothing stale while its listener is away (decision 099)', async () => {
      const ip = `${net}.250`;
      const cookie = await signIn(a, `push-${randomBytes(4).toString('hex')}@example.com`, ip);
      const username = `push_${randomBytes(4).toString('hex')}`;
      const named = await fetch(`${a.url}/api/me/username`, {
        method: 'PUT',
        headers: {
          origin: a.url,
          'x-forwarded-for': ip,
          'content-type': 'application/json',
          cookie,
        },
        body: JSON.stringify({ username }),
      });
      expect(named.status).toBe(200);
      const created = await post(
        a,
        '/api/codes',
        { service: 'lyft', code: 'PUSH0', reward: '5', listed: true },
        ip,
        cookie,
      );
      expect(created.status).toBe(201);
      const { id } = (await created.json()).code;
      const edit = async (code: string) => {
        const response = await fetch(`${a.url}/api/codes/${id}`, {
          method: 'PATCH',
          headers: {
            origin: a.url,
            'x-forwarded-for': ip,
            'content-type': 'application/json',
            cookie,
          },
          body: JSON.stringify({ code }),
        });
        expect(response.status).toBe(200);
      };
      const onB = async () => {
        const profile = await (await fetch(`${b.url}/api/profiles/${username}`)).json();
        const listing = await (await fetch(`${b.url}/api/services/lyft/codes`)).json();
        const page = await (await fetch(`${b.url}/${username}`)).text();
        const listed = listing.codes.find((c: { id: string }) => c.id === id)?.code;
        const shown = page.match(/PUSH\d+/g) ?? [];
        return { profile: profile.codes[0].code, listed, page: [...new Set(shown)].join() };
      };
      const seenWithin = async (code: string, ms: number) => {
        const start = performance.now();
        let seen = await onB();
        while (
          JSON.stringify(seen) !== JSON.stringify({ profile: code, listed: code, page: code })
        ) {
          if (performance.now() - start > ms) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
          seen = await onB();
        }
        expect(seen).toEqual({ profile: code, listed: code, page: code });
      };
      const listenerOfB = async (client: pg.Client) =>
        (
          await client.query<{ pid: number }>(
            'select pid from pg_stat_activity where application_name = $1',
            [listenerApplicationName(b.process.pid)],
          )
        ).rows.map((row) => row.pid);

      await seenWithin('PUSH0', 5000);
      // B now keeps the profile and the listing: an edit through A reaches it by NOTIFY.
      await edit('PUSH1');
      await seenWithin('PUSH1', 1000);

      const admin = new pg.Client({ connectionString: scratch.url });
      await admin.connect();
      try {
        const [first] = await listenerOfB(admin);
        expect(first).toBeDefined();
        const killed = await admin.query('select pg_terminate_backend($1) as done', [first]);
        expect(killed.rows[0].done).toBe(true);
        // Edits B cannot hear while its listener is away: every answer B gives is current.
        for (let round = 2; round < 6; round += 1) {
          await edit(`PUSH${round}`);
          expect(await onB()).toEqual({
            profile: `PUSH${round}`,
            listed: `PUSH${round}`,
            page: `PUSH${round}`,
          });
        }
        const reconnected = async () => {
          const pids = await listenerOfB(admin);
          return pids.length === 1 && pids[0] !== first;
        };
        await expect.poll(reconnected, { timeout: 10_000 }).toBe(true);
      } finally {
        await admin.end();
      }
      // Back: B caches again, and hears the next edit.
      await seenWithin('PUSH5', 1000);
      await edit('PUSH6');
      await seenWithin('PUSH6', 1000);
    });
  },
);
