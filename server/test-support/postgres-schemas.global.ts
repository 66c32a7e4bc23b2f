import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The prefix of every PostgreSQL test schema this run creates (`t_<run>_…`). */
    postgresSchemaRun: string;
  }
}

/**
 * Test schemas are dropped once, after the whole run, not when their file ends.
 *
 * Why: Kysely's migrator checks for its tables with an introspection query that walks every
 * schema in the database and calls `has_schema_privilege(name, …)` on each. When another test
 * file drops its schema between that query's catalog snapshot and the call, PostgreSQL answers
 * `schema "t_…" does not exist` to the file that was only migrating its own schema. That race
 * failed CI twice (logo-cache-bounds and click-recorder, each naming another file's schema).
 * With no schema dropped while files run, it cannot happen.
 */
export default function setup(project: TestProject): (() => Promise<void>) | undefined {
  const run = randomBytes(5).toString('hex');
  project.provide('postgresSchemaRun', run);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  return async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ nspname: string }>(
        'select nspname from pg_namespace where nspname like $1',
        [`t\\_${run}\\_%`],
      );
      for (const { nspname } of rows) {
        await client.query(`drop schema if exists "${nspname}" cascade`);
      }
    } finally {
      await client.end();
    }
  };
}
