import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { newId, nowIso } from '../db/ids.ts';
import {
  createTestDatabase,
  describeNeeding,
  TEST_APP_URL,
  testConfig,
} from '../test-support/test-app.ts';
import { insertTestUser } from '../test-support/test-users.ts';
import { createRedisRateLimiter, ipKey, type RateLimiter } from './rate-limiter.ts';

async function seedOneCode(database: Database): Promise<string> {
  const userId = await insertTestUser(database.db, {
    email: `limit-${newId()}@example.com`,
    username: `limit_${randomBytes(4).toString('hex')}`,
  });
  const id = newId();
  await database.db
    .insertInto('codes')
    .values({
      id,
      user_id: userId,
      service: 'uber',
      product_name: null,
      code: 'LIMIT',
      reward: '10',
      link: null,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  return id;
}

describe('ipKey', () => {
  it('leaves an IPv4 address as it is', () => {
    expect(ipKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('10.0.0.1')).not.toBe(ipKey('10.0.0.2'));
  });

  it('maps an IPv4-mapped IPv6 address to its IPv4 address, in either notation', () => {
    expect(ipKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(ipKey('0:0:0:0:0:ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('keys an IPv6 address by its /64, whatever its notation', () => {
    const key = ipKey('2001:db8:0:0:1::1');
    expect(key).toBe('2001:db8:0:0::/64');
    for (const same of [
      '2001:db8::1:0:0:1',
      '2001:DB8::1',
      '2001:0db8:0000:0000:ffff:ffff:ffff:ffff',
      '2001:db8::',
      '2001:db8:0:0:a:b:c:d',
      '2001:db8::c0a8:1',
      '2001:db8::192.168.0.1',
    ]) {
      expect(ipKey(same), same).toBe(key);
    }
    for (const other of ['2001:db8:0:1::1', '2001:db8:1::1', '2001:db9::1', '::1']) {
      expect(ipKey(other), other).not.toBe(key);
    }
  });

  it('handles the short forms and a zone index', () => {
    expect(ipKey('::1')).toBe('0:0:0:0::/64');
    expect(ipKey('::')).toBe('0:0:0:0::/64');
    expect(ipKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(ipKey('1:2:3:4:5:6:7:8')).toBe('1:2:3:4::/64');
    expect(ipKey('1:2:3:4::')).toBe('1:2:3:4::/64');
  });

  it('leaves anything that is not an IP address unchanged', () => {
    expect(ipKey('unknown')).toBe('unknown');
    expect(ipKey('')).toBe('');
    expect(ipKey('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});

/** A client that fails fast when Redis is down, so an absent server is a red test, not a hang. */
function connect(url: string): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  // Connection errors reach the test through the failed command; no stray error events.
  client.on('error', () => {});
  return client;
}

describeNeeding('REDIS_URL', 'the Redis rate limiter', () => {
  const url = process.env.REDIS_URL ?? '';
  // A prefix of this run's own: counters from other runs (or other helpers) never meet ours.
  const prefix = `refstash:test:${randomBytes(6).toString('hex')}:`;
  let first: RateLimiter;
  let second: RateLimiter;
  let admin: Redis;

  beforeAll(() => {
    first = createRedisRateLimiter(connect(url), prefix);
    second = createRedisRateLimiter(connect(url), prefix);
    admin = connect(url);
  });
  afterAll(async () => {
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    admin.disconnect();
    await first?.close();
    await second?.close();
  });

  it('shares one count between instances and refuses the one over the limit', async () => {
    const results = [];
    for (let i = 0; i < 5; i += 1) {
      results.push(await (i % 2 ? second : first).hit('shared', 4, 60_000));
    }
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, true, false]);
    const refused = results[4]!;
    expect(refused.retryAfter).toBeGreaterThan(58);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    expect(await admin.get(`${prefix}shared`)).toBe('5');
  });

  it('counts each key on its own', async () => {
    expect((await first.hit('key-a', 1, 60_000)).allowed).toBe(true);
    expect((await first.hit('key-b', 1, 60_000)).allowed).toBe(true);
    expect((await second.hit('key-a', 1, 60_000)).allowed).toBe(false);
  });

  it('starts the window at the first hit: later hits do not extend it', async () => {
    await first.hit('window', 10, 60_000);
    await admin.pexpire(`${prefix}window`, 5_000);
    await second.hit('window', 10, 60_000);
    const ttl = await admin.pttl(`${prefix}window`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5_000);
  });

  it('allows again once the window is over', async () => {
    expect((await first.hit('expiring', 1, 60_000)).allowed).toBe(true);
    expect((await first.hit('expiring', 1, 60_000)).allowed).toBe(false);
    // Redis ends the window: expire the key as its time running out would.
    await admin.pexpire(`${prefix}expiring`, 1);
    await vi.waitFor(async () => expect(await admin.exists(`${prefix}expiring`)).toBe(0));
    expect((await second.hit('expiring', 1, 60_000)).allowed).toBe(true);
  });

  it('holds a real limit across two app instances: 60 clicks a minute per IP', async () => {
    const testDatabase = await createTestDatabase('sqlite');
    const apps = await Promise.all(
      [0, 1].map(async () => {
        const app = await buildApp(testConfig({ REDIS_URL: url, TRUST_PROXY: '1' }), {
          database: testDatabase.database,
        });
        await app.ready();
        return app;
      }),
    );
    try {
      const codeId = await seedOneCode(testDatabase.database);
      // An address of this run's own: the app's counters in Redis outlive the test.
      const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      const click = (index: number) =>
        apps[index % 2]!.inject({
          method: 'POST',
          url: `/api/codes/${codeId}/clicks`,
          headers: {
            origin: TEST_APP_URL,
            'x-forwarded-for': ip,
            'user-agent': `Mozilla/5.0 (redis limit ${index})`,
          },
        });
      const statuses = [];
      for (let i = 0; i < 61; i += 1) statuses.push((await click(i)).statusCode);
      expect(statuses.slice(0, 60).every((status) => status === 202)).toBe(true);
      expect(statuses[60]).toBe(429);
    } finally {
      for (const app of apps) await app.close();
      await testDatabase.destroy();
    }
  });
});
