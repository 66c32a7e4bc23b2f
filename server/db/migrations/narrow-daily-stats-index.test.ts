import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeNeeding,
  type TestDatabase,
  testDatabaseKinds,
} from '../../test-support/test-app.ts';
import { newId, nowIso } from '../ids.ts';
import type { DB } from '../schema.ts';
import { insertOwnerWithListedCode } from './migrations.test-helpers.ts';

/** A copy of `codeId` by `visitor`, through `db` (the database, or a transaction on it). */
const click = (db: Kysely<DB>, codeId: string, visitor: string) =>
  db
    .insertInto('clicks')
    .values({ code_id: codeId, clicked_at: nowIso(), visitor_hash: visitor })
    .execute();

for (const kind of testDatabaseKinds()) {
  describe(`the daily totals' owner index (migration 0150) [${kind}]`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(kind);
    });
    afterAll(async () => {
      await t?.destroy();
    });

    it('holds the owner, the day and the code, and none of the counts a copy changes', async () => {
      const columns =
        kind === 'sqlite'
          ? (
              await sql<{ name: string }>`
                select name from pragma_index_info('daily_code_stats_user_id_day_idx')
                order by seqno`.execute(t.database.db)
            ).rows.map((r) => r.name)
          : (
              await sql<{ name: string }>`
                select a.attname as name
                from pg_index i
                join pg_class c on c.oid = i.indexrelid
                join pg_namespace n on n.oid = c.relnamespace
                cross join lateral unnest(i.indkey) with ordinality as k(attnum, position)
                join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
                where c.relname = 'daily_code_stats_user_id_day_idx'
                  and n.nspname = ${t.schema ?? 'public'}
                order by k.position`.execute(t.database.db)
            ).rows.map((r) => r.name);
      expect(columns).toEqual(['user_id', 'day', 'code_id']);
    });

    it('still counts every copy and every visitor of the day', async () => {
      const { codeId } = await insertOwnerWithListedCode(t.database.db, {
        usernamePrefix: 'narrow',
        code: `N${newId().slice(-6)}`,
      });
      await click(t.database.db, codeId, 'a');
      await click(t.database.db, codeId, 'b');
      await click(t.database.db, codeId, 'a');
      const row = await t.database.db
        .selectFrom('daily_code_stats')
        .select(['copies', 'unique_visitors', 'copies_to_date', 'unique_to_date'])
        .where('code_id', '=', codeId)
        .executeTakeFirstOrThrow();
      expect(
        [row.copies, row.unique_visitors, row.copies_to_date, row.unique_to_date].map(Number),
      ).toEqual([3, 2, 3, 2]);
    });

    if (kind === 'sqlite') {
      it("reads an owner's days through the index, not the whole table", async () => {
        const { rows } = await sql<{ detail: string }>`
          explain query plan
          select code_id, day, copies, unique_visitors from daily_code_stats
          where user_id = ${'someone'} and day >= ${'2026-11-01'} and day <= ${'2026-11-07'}`.execute(
          t.database.db,
        );
        const plan = rows.map((r) => r.detail).join('\n');
        expect(plan).toMatch(/USING (COVERING )?INDEX daily_code_stats_user_id_day_idx/);
        expect(plan).not.toMatch(/SCAN daily_code_stats/);
      });
    }
  });
}

// PostgreSQL only: heap-only (HOT) updates are its own mechanism.
describeNeeding('TEST_DATABASE_URL', "the daily totals' owner index [postgres, HOT]", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it("updates the day's row of a code copied again without touching its indexes", async () => {
    const { codeId } = await insertOwnerWithListedCode(t.database.db, {
      usernamePrefix: 'hot',
      code: `H${newId().slice(-6)}`,
    });
    await click(t.database.db, codeId, 'first');
    const counts = await t.database.db.transaction().execute(async (trx) => {
      for (const visitor of ['second', 'third', 'second']) await click(trx, codeId, visitor);
      const { rows } = await sql<{ updated: string; hot: string }>`
        select pg_stat_get_xact_tuples_updated(to_regclass('daily_code_stats')) as updated,
               pg_stat_get_xact_tuples_hot_updated(to_regclass('daily_code_stats')) as hot`.execute(
        trx,
      );
      return { updated: Number(rows[0]?.updated), hot: Number(rows[0]?.hot) };
    });
    // Each copy updates the day's row (the counts, then the running totals): every one heap-only.
    expect(counts.updated).toBeGreaterThanOrEqual(3);
    expect(counts.hot).toBe(counts.updated);
  });
});
