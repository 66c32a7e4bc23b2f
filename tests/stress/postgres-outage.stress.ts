import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../server/test-support/test-app.ts';
import { createScratchPostgres, type ScratchPostgres } from '../e2e/support/scratch-postgres.ts';
import type { TestServer } from '../e2e/support/server.ts';
import { distinctVisitors } from './support/click-load.ts';
import { clickTotals, openDatabase, seedCodes } from './support/seed.ts';
import { startLoadServer } from './support/servers.ts';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.ts';

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 15_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.runIf(testDatabaseKinds().includes('postgres'))('PostgreSQL outage', () => {
  let scratch: ScratchPostgres;
  let proxy: TcpProxy;
  let server: TestServer;
  let username: string;
  let codeId: string;

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    const direct = new URL(scratch.url);
    proxy = await startTcpProxy(direct.hostname, Number(direct.port || 5432));
    const viaProxy = new URL(scratch.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    server = await startLoadServer({ pgUrl: viaProxy.toString() });
    const database = openDatabase({ kind: 'postgres', url: scratch.url });
    [codeId] = (await seedCodes(database, 1)) as [string];
    const owner = await database.db
      .selectFrom('codes')
      .innerJoin('users', 'users.id', 'codes.user_id')
      .select('users.username')
      .where('codes.id', '=', codeId)
      .executeTakeFirstOrThrow();
    username = owner.username!;
    await database.close();
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await scratch?.drop();
  });

  const profile = () => fetch(`${server.url}/api/profiles/${username}`);
  // Every click a new visitor: each 202 says counted, and the data must agree with the answers.
  const visitor = distinctVisitors();
  let sent = 0;
  let counted = 0;
  const click = async () => {
    const response = await fetch(`${server.url}/api/codes/${codeId}/clicks`, {
      method: 'POST',
      headers: { origin: server.url, 'user-agent': visitor(sent++) },
    });
    if (response.status === 202 && (await response.clone().json()).counted === true) counted += 1;
    return response;
  };
  /** Clicks stored for the code, read straight from PostgreSQL (not through the proxy). */
  const stored = async () => {
    const database = openDatabase({ kind: 'postgres', url: scratch.url });
    try {
      return await clickTotals(database, [codeId]);
    } finally {
      await database.close();
    }
  };

  it('answers 503 while the database is unreachable, stays up, and recovers by itself', async () => {
    expect((await profile()).status).toBe(200);

    await proxy.cut();
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    for (const response of [await profile(), await click(), await profile()]) {
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        error: { code: 'unavailable', message: expect.any(String) },
      });
    }
    expect(server.process.exitCode).toBeNull();

    await proxy.restore();
    const recoveredIn = Date.now();
    await until('healthz 200', async () =>
      (await fetch(`${server.url}/healthz`)).status === 200 ? true : undefined,
    );
    await until('profile 200', async () => ((await profile()).status === 200 ? true : undefined));
    expect((await click()).status).toBe(202);
    console.log(`outage: recovered ${Date.now() - recoveredIn} ms after the proxy came back`);
    // The clicks refused with 503 left nothing behind; the one answered 202 is stored.
    expect(counted).toBe(1);
    expect(await stored()).toMatchObject({ events: 1, counter: 1 });

    // Cut again with queries in flight: each answers 200 or 503, never a 500.
    const inFlight = Array.from({ length: 40 }, (_, index) => (index % 2 ? profile() : click()));
    await proxy.cut();
    const statuses = (await Promise.all(inFlight)).map((response) => response.status);
    expect(statuses.filter((status) => ![200, 202, 503].includes(status))).toEqual([]);
    await proxy.restore();
    await until('profile 200 again', async () =>
      (await profile()).status === 200 ? true : undefined,
    );
    expect(server.output()).not.toMatch(/uncaught|unhandled/i);
    // Every click answered 202 counted is stored, once, and nothing else is: no click lost
    // with its 202, none stored behind a 503.
    expect(await stored()).toMatchObject({ events: counted, counter: counted });
    // And clicks count again as usual.
    for (let i = 0; i < 5; i += 1) expect((await click()).status).toBe(202);
    expect(counted).toBeGreaterThanOrEqual(6);
    expect(await stored()).toMatchObject({ events: counted, counter: counted });
    console.log(`outage: ${sent} clicks sent, ${counted} answered 202 counted, all stored`);
  });
});
