import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../../server/config.ts';
import type { Database } from '../../server/db/database.ts';
import { testDatabaseKinds } from '../../server/test-support/test-app.ts';
import { createScratchPostgres, type ScratchPostgres } from '../e2e/support/scratch-postgres.ts';
import type { TestServer } from '../e2e/support/server.ts';
import { distinctVisitors, runClickLoad } from './support/click-load.ts';
import { clickTotals, openDatabase, seedCodes } from './support/seed.ts';
import { startLoadServer } from './support/servers.ts';

const TOTAL = 10_000;
const IN_FLIGHT = 100;

for (const kind of testDatabaseKinds()) {
  describe(`10,000 clicks at 100 in flight over HTTP [${kind}]`, () => {
    let server: TestServer;
    let database: Database;
    let scratch: ScratchPostgres | undefined;
    let dir: string | undefined;

    beforeAll(async () => {
      let config: DatabaseConfig;
      if (kind === 'postgres') {
        scratch = await createScratchPostgres();
        config = { kind: 'postgres', url: scratch.url };
        server = await startLoadServer({ pgUrl: scratch.url });
      } else {
        dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-stress-'));
        config = { kind: 'sqlite', path: path.join(dir, 'stress.db') };
        server = await startLoadServer({ sqlitePath: config.path });
      }
      database = openDatabase(config);
    });
    afterAll(async () => {
      await server?.stop();
      await database?.close();
      await scratch?.drop();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    });

    it('answers every click 202, and the counters and events match the answers exactly', async () => {
      const codeIds = await seedCodes(database, 20);
      // Each request is a new visitor, so each one counts.
      const userAgent = distinctVisitors();
      const load = await runClickLoad({
        baseUrls: [server.url],
        codeIds,
        total: TOTAL,
        inFlight: IN_FLIGHT,
        userAgent,
      });
      expect(Object.fromEntries(load.failures)).toEqual({});
      expect(Object.fromEntries(load.statuses)).toEqual({ 202: TOTAL });
      expect(load.countedTotal).toBe(TOTAL);
      const totals = await clickTotals(database, codeIds);
      expect(totals.counter).toBe(load.countedTotal);
      expect(totals.events).toBe(load.countedTotal);
      for (const id of codeIds) expect(totals.perCode.get(id)).toBe(load.counted.get(id) ?? 0);

      // The same visitors copying the same codes again, twice each and concurrently: every
      // request is answered 202, none is counted, and the counters do not move.
      const again = await runClickLoad({
        baseUrls: [server.url],
        codeIds,
        total: 2 * TOTAL,
        inFlight: IN_FLIGHT,
        userAgent: (index) => userAgent(index % TOTAL),
      });
      expect(Object.fromEntries(again.failures)).toEqual({});
      expect(Object.fromEntries(again.statuses)).toEqual({ 202: 2 * TOTAL });
      expect(again.countedTotal).toBe(0);
      const after = await clickTotals(database, codeIds);
      expect(after.counter).toBe(TOTAL);
      expect(after.events).toBe(TOTAL);
    }, 180_000);
  });
}
