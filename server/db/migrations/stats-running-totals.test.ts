import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../../test-support/test-app.ts';
import { insertTestUser } from '../../test-support/test-users.ts';
import { newId, nowIso } from '../ids.ts';
import { allMigrations } from './index.ts';

const NAME = '2026-11-23-0082-stats-running-totals';

for (const kind of testDatabaseKinds()) {
  describe(`migration ${NAME} [${kind}]`, () => {
    let t: TestDatabase;
    let migrator: Migrator;
    let before: string;
    beforeAll(async () => {
      t = await createTestDatabase(kind, { ownDatabase: true });
      const names = Object.keys(allMigrations(t.database.dialect)).sort();
      before = names[names.indexOf(NAME) - 1] ?? '';
      migrator = new Migrator({
        db: t.database.db,
        provider: { getMigrations: async () => allMigrations(t.database.dialect) },
        ...(t.database.schema ? { migrationTableSchema: t.database.schema } : {}),
      });
    });
    afterAll(async () => {
      await t?.destroy();
    });

    it('fills the running totals and the daily sums from the buckets already there', async () => {
      const down = await migrator.migrateTo(before);
      expect(down.error).toBeUndefined();
      const db = t.database.db;
      const userId = await insertTestUser(db, { email: `${newId()}@example.com`, username: null });
      const codes = [newId(), newId()];
      for (const [i, id] of codes.entries()) {
        await db
          .insertInto('codes')
          .values({
            id,
            user_id: userId,
            service: 'uber',
            product_name: null,
            code: `C${i}`,
            reward: '1',
            link: null,
            created_at: nowIso(),
            updated_at: nowIso(),
          })
          .execute();
      }
      const [a = '', b = ''] = codes;
      const events: Array<[string, string, string]> = [
        [a, '2026-01-01T10:00:00.000Z', 'v1'],
        [a, '2026-01-01T11:00:00.000Z', 'v1'],
        [a, '2026-01-03T10:00:00.000Z', 'v2'],
        [b, '2026-01-03T10:00:00.000Z', 'v1'],
        [a, '2026-01-05T10:00:00.000Z', 'v3'],
      ];
      for (const [code_id, clicked_at, visitor_hash] of events) {
        await db.insertInto('clicks').values({ code_id, clicked_at, visitor_hash }).execute();
      }
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();

      const totals = await db
        .selectFrom('daily_code_stats')
        .select(['code_id', 'day', 'copies_to_date', 'unique_to_date'])
        .orderBy('code_id') // a before b: ids are time-ordered
        .orderBy('day')
        .execute();
      expect(
        totals.map((r) => [r.code_id === a ? 'a' : 'b', r.day, r.copies_to_date, r.unique_to_date]),
      ).toEqual([
        ['a', '2026-01-01', 2, 1],
        ['a', '2026-01-03', 3, 2],
        ['a', '2026-01-05', 4, 3],
        ['b', '2026-01-03', 1, 1],
      ]);
      const days = await db
        .selectFrom('daily_user_stats')
        .select(['day', 'copies', 'unique_visitors'])
        .where('user_id', '=', userId)
        .orderBy('day')
        .execute();
      expect(days.map((r) => [r.day, Number(r.copies), Number(r.unique_visitors)])).toEqual([
        ['2026-01-01', 2, 1],
        ['2026-01-03', 2, 2],
        ['2026-01-05', 1, 1],
      ]);

      // From now on the triggers keep them: an earlier day's late event moves the later totals.
      await db
        .insertInto('clicks')
        .values({ code_id: a, clicked_at: '2026-01-02T10:00:00.000Z', visitor_hash: 'v9' })
        .execute();
      const after = await db
        .selectFrom('daily_code_stats')
        .select(['day', 'copies_to_date'])
        .where('code_id', '=', a)
        .orderBy('day')
        .execute();
      expect(after.map((r) => [r.day, r.copies_to_date])).toEqual([
        ['2026-01-01', 2],
        ['2026-01-02', 3],
        ['2026-01-03', 4],
        ['2026-01-05', 5],
      ]);
    });

    it('goes back down: no daily sums table, no running totals', async () => {
      const down = await migrator.migrateTo(before);
      expect(down.error).toBeUndefined();
      // PostgreSQL lists every test file's schema: only this file's own count.
      const own = (await t.database.db.introspection.getTables()).filter(
        (table) => !t.schema || table.schema === t.schema,
      );
      expect(own.map((table) => table.name)).not.toContain('daily_user_stats');
      const buckets = own.find((table) => table.name === 'daily_code_stats');
      expect(buckets?.columns.map((c) => c.name)).not.toContain('copies_to_date');
      // Clicks still fill the buckets without the dropped triggers.
      const rows = await sql<{ n: number }>`select count(*) as n from daily_code_stats`.execute(
        t.database.db,
      );
      expect(Number(rows.rows[0]?.n)).toBe(5);
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
    });
  });
}
