import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import type { LogoRow } from '../../db/schema.ts';
import {
  createTestDatabase,
  describeEachDatabase,
  testConfig,
  testDatabaseKinds,
} from '../../test-support/test-app.ts';
import { startLogoCachePurge } from './logo-cache-purge.ts';
import { logoRowsWithin, purgeExpiredLogos, saveLogo } from './logos.repository.ts';

const HOUR = 60 * 60_000;
const T0 = Date.parse('2026-11-23T12:00:00.000Z');
const at = (ms: number) => new Date(ms).toISOString();

function row(key: string, fetchedAt: number, expiresAt: number | null): LogoRow {
  return {
    cache_key: key,
    service_id: key.split(':')[1] ?? key,
    logo_data: null,
    logo_type: null,
    logo_url: null,
    error: 'Logo request timed out',
    fetched_at: at(fetchedAt),
    expires_at: expiresAt === null ? null : at(expiresAt),
  };
}

describeEachDatabase('the logo cache stays bounded', (ctx) => {
  const db = () => ctx.database.db;
  const keys = async () =>
    (await db().selectFrom('logos').select('cache_key').orderBy('cache_key').execute()).map(
      (r) => r.cache_key,
    );

  afterEach(async () => {
    await db().deleteFrom('logos').execute();
  });

  it('purges the rows that have expired by the given clock, and only those', async () => {
    await db()
      .insertInto('logos')
      .values([
        row('service:expired:64', T0 - 2 * HOUR, T0 - 1),
        row('service:now:64', T0 - 2 * HOUR, T0),
        row('service:fresh:64', T0 - 2 * HOUR, T0 + 1),
        row('service:never:64', T0 - 2 * HOUR, null),
      ])
      .execute();
    expect(await purgeExpiredLogos(db(), at(T0))).toBe(2);
    expect(await keys()).toEqual(['service:fresh:64', 'service:never:64']);
    expect(await purgeExpiredLogos(db(), at(T0 + 2))).toBe(1);
    expect(await keys()).toEqual(['service:never:64']);
  });

  it('purges expired rows on every write', async () => {
    await db()
      .insertInto('logos')
      .values([row('service:old:64', T0 - 48 * HOUR, T0 - HOUR)])
      .execute();
    await saveLogo(db(), row('service:new:64', T0, T0 + 24 * HOUR), { now: at(T0), maxRows: 100 });
    expect(await keys()).toEqual(['service:new:64']);
  });

  it('holds at most 2,000 rows: a write to a full cache evicts the oldest', async () => {
    const full = Array.from({ length: 2000 }, (_, i) =>
      row(`service:s${String(i).padStart(4, '0')}:64`, T0 - (2000 - i) * 1000, T0 + HOUR),
    );
    for (let i = 0; i < full.length; i += 250) {
      await db()
        .insertInto('logos')
        .values(full.slice(i, i + 250))
        .execute();
    }
    await saveLogo(db(), row('service:newest:64', T0, T0 + HOUR), { now: at(T0), maxRows: 2000 });
    const after = await keys();
    expect(after).toHaveLength(2000);
    expect(after).toContain('service:newest:64');
    expect(after).not.toContain('service:s0000:64');
    expect(after).toContain('service:s0001:64');

    // Replacing a row that is there does not evict another one.
    await saveLogo(db(), row('service:newest:64', T0 + 1000, T0 + HOUR), {
      now: at(T0),
      maxRows: 2000,
    });
    expect(await keys()).toEqual(after);
  });

  it('holds as many rows as LOGO_CACHE_MB holds at 64 KB of PNG (in base64) each', () => {
    // 170 MiB by default: 2,016 logos of at most 65,536 bytes, 87,382 in base64, 1 KB of fields.
    expect(logoRowsWithin(170 * 1024 * 1024)).toBe(2016);
    expect(logoRowsWithin(1024 * 1024)).toBe(11);
    expect(logoRowsWithin(1)).toBe(1);
  });

  it('evicts down to a smaller bound given to it', async () => {
    for (let i = 0; i < 5; i += 1) {
      await saveLogo(db(), row(`service:b${i}:64`, T0 + i, T0 + HOUR), {
        now: at(T0),
        maxRows: 3,
      });
    }
    expect(await keys()).toEqual(['service:b2:64', 'service:b3:64', 'service:b4:64']);
  });
});

describe('startLogoCachePurge', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('purges every hour until stopped, and never holds the process open', async () => {
    vi.useFakeTimers();
    const purge = vi.fn(async () => 0);
    const stop = startLogoCachePurge(purge, () => {});
    await vi.advanceTimersByTimeAsync(HOUR - 1);
    expect(purge).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(purge).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(purge).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(5 * HOUR);
    expect(purge).toHaveBeenCalledTimes(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('reports a failed purge and keeps going', async () => {
    vi.useFakeTimers();
    const failure = new Error('database is down');
    const purge = vi.fn().mockRejectedValueOnce(failure).mockResolvedValue(0);
    const onError = vi.fn();
    const stop = startLogoCachePurge(purge, onError);
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(onError).toHaveBeenCalledWith(failure);
    expect(purge).toHaveBeenCalledTimes(2);
    stop();
  });

  it('skips a tick while the previous purge still runs', async () => {
    vi.useFakeTimers();
    let finish: () => void = () => {};
    const purge = vi.fn(
      () =>
        new Promise<number>((resolve) => {
          finish = () => resolve(0);
        }),
    );
    const stop = startLogoCachePurge(purge, () => {});
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(purge).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(purge).toHaveBeenCalledTimes(2);
    stop();
  });
});

for (const kind of testDatabaseKinds()) {
  describe(`the app purges the logo cache hourly, from start to close [${kind}]`, () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('starts the purge with the app and stops it on close', async () => {
      const testDatabase = await createTestDatabase(kind);
      const db = testDatabase.database.db;
      const count = async () =>
        Number(
          (
            await db
              .selectFrom('logos')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      /** Lets a purge the timer started reach the database and finish. */
      const settle = async (until: (n: number) => boolean) => {
        for (let i = 0; i < 200 && !until(await count()); i += 1) {
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      try {
        await db
          .insertInto('logos')
          .values([row('service:gone:64', Date.now() - 48 * HOUR, Date.now() - HOUR)])
          .execute();
        // Only the interval timers are faked: the database and the app keep real time.
        vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
        const app = await buildApp(testConfig(), { database: testDatabase.database });
        await app.ready();
        await vi.advanceTimersByTimeAsync(HOUR - 1000);
        expect(await count()).toBe(1);
        await vi.advanceTimersByTimeAsync(1000);
        await settle((n) => n === 0);
        expect(await count()).toBe(0);

        await app.close();
        await db
          .insertInto('logos')
          .values([row('service:stays:64', Date.now() - 48 * HOUR, Date.now() - HOUR)])
          .execute();
        await vi.advanceTimersByTimeAsync(3 * HOUR);
        await settle(() => false);
        expect(await count()).toBe(1);
      } finally {
        vi.useRealTimers();
        await testDatabase.destroy();
      }
    });
  });
}
