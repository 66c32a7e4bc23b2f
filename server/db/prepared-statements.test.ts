import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { expect, it } from 'vitest';
import { describeNeeding } from '../test-support/test-app.ts';
import { preparedOnPostgres, withPreparedStatements } from './prepared-statements.ts';

describeNeeding('TEST_DATABASE_URL', 'named statements [postgres]', () => {
  it('runs registered SQL as a named statement, prepared once per connection, and nothing else', async () => {
    // One connection, so pg_prepared_statements (per session) sees what the queries did.
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    const db = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }),
    });
    try {
      const hot = preparedOnPostgres(sql<{ n: number }>`select ${1}::int + 41 as n`.compile(db));
      for (let i = 0; i < 3; i++) {
        const result = await db.executeQuery<{ n: number }>(hot);
        expect(result.rows[0]?.n).toBe(42);
      }
      await sql`select ${2}::int as other`.execute(db);
      const prepared = await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements`.execute(db);
      expect(prepared.rows).toHaveLength(1);
      expect(prepared.rows[0]?.name).toMatch(/^rs_[0-9a-f]{24}$/);
      expect(prepared.rows[0]?.statement).toBe(hot.sql);
    } finally {
      await db.destroy();
    }
  });
});
