import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  describeNeeding,
  type TestDatabase,
} from '../../test-support/test-app.ts';
import { insertTestUser } from '../../test-support/test-users.ts';
import { newId, nowIso } from '../ids.ts';
import type { DB } from '../schema.ts';

// PostgreSQL only: SQLite keeps no plan chosen by table sizes (migration 0083).
describeNeeding('TEST_DATABASE_URL', 'trigger plans as tables grow [postgres]', () => {
  let t: TestDatabase;
  let db: Kysely<DB>;
  let schema: string;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    db = t.database.db;
    schema = t.schema ?? 'public';
  });
  afterAll(async () => {
    await t?.destroy();
  });

  it('keeps sequential scans off in every trigger function written as indexed lookups', async () => {
    const { rows } = await sql<{ name: string; config: string[] | null }>`
      select p.proname as name, p.proconfig as config
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = ${schema} and p.proname like 'refstash_%'`.execute(db);
    const off = rows.filter((r) => r.config?.includes('enable_seqscan=off')).map((r) => r.name);
    expect(off.sort()).toEqual(
      [
        'refstash_code_bucket_after_delete',
        'refstash_code_bucket_after_insert',
        'refstash_code_bucket_after_update',
        'refstash_code_links_on_code',
        'refstash_count_click',
        'refstash_daily_click',
        'refstash_daily_view',
        'refstash_listing_on_code',
        'refstash_listing_on_disable',
        'refstash_listing_on_hide',
        'refstash_listing_on_identity',
        'refstash_listing_on_link_state',
        'refstash_listing_on_rename',
        'refstash_listing_on_vote',
        'refstash_profile_on_code',
        'refstash_refresh_profile',
      ].sort(),
    );
  });

  it('a connection that clicked while the daily totals were empty still uses their index once they are large', async () => {
    const userId = await insertTestUser(db, { email: `${newId()}@example.com`, username: null });
    const codeIds = Array.from({ length: 41 }, () => newId());
    await db
      .insertInto('codes')
      .values(
        codeIds.map((id, i) => ({
          id,
          user_id: userId,
          service: 'uber',
          product_name: null,
          code: `P${i}`,
          reward: '1',
          link: null,
          created_at: nowIso(),
          updated_at: nowIso(),
        })),
      )
      .execute();
    const [clicked = '', ...others] = codeIds;
    // As after a fresh install or the benchmark's seed: the totals are known to be empty.
    await sql`analyze daily_code_stats`.execute(db);

    const seqScans = async (conn: Kysely<DB>) => {
      // This connection's counts reach the shared statistics once it is idle.
      await sql`select pg_stat_force_next_flush()`.execute(conn);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const { rows } = await sql<{ n: string }>`
        select seq_scan as n from pg_stat_user_tables
        where schemaname = ${schema} and relname = 'daily_code_stats'`.execute(conn);
      return Number(rows[0]?.n ?? 0);
    };
    const click = (conn: Kysely<DB>, visitor: string) =>
      conn
        .insertInto('clicks')
        .values({ code_id: clicked, clicked_at: nowIso(), visitor_hash: visitor })
        .execute();

    await db.connection().execute(async (conn) => {
      // Eight clicks: PL/pgSQL keeps a generic plan from the sixth run of a statement on.
      for (let i = 0; i < 8; i += 1) await click(conn, `early-${i}`);

      // Another connection fills the totals: 40 codes × 500 days, triggers off for speed.
      await db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await sql`
          insert into daily_code_stats (code_id, user_id, day, copies, unique_visitors)
          select c.id, ${userId}, to_char(date '2024-01-01' + d, 'YYYY-MM-DD'), 1, 1
          from unnest(${others}::text[]) as c(id), generate_series(0, 499) as d`.execute(trx);
      });
      // No ANALYZE here: it would invalidate the cached plans, as autovacuum's analyze does in
      // time; until it runs (or where it is off, as on the benchmark's server), they stay.
      const before = await seqScans(conn);
      for (let i = 0; i < 5; i += 1) await click(conn, `late-${i}`);
      expect((await seqScans(conn)) - before).toBe(0);
    });
    const { rows } = await sql<{ copies: number }>`
      select copies from daily_code_stats where code_id = ${clicked}`.execute(db);
    expect(rows.map((r) => Number(r.copies))).toEqual([13]);
  });
});
