import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's own PostgreSQL database (TEST_DATABASE_URL with another database name). */
    postgresRunUrl: string | undefined;
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Each test run gets a PostgreSQL database of its own (each test file a schema in it), dropped
 * when the run ends; no schema is dropped while files run.
 *
 * Why: Kysely's migrator checks for its tables with an introspection query that walks every
 * schema of the database and calls `has_schema_privilege(name, …)` on each. A schema dropped by
 * another file, or by another run on the same server, between that query's catalog snapshot and
 * the call made the migrating file fail with `schema "t_…" does not exist` (CI failed on it).
 * Within a database of its own, with nothing dropped until the end, that cannot happen.
 */
export default async function setup(
  project: TestProject,
): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    project.provide('postgresRunUrl', undefined);
    return undefined;
  }
  const name = `refstash_test_${randomBytes(5).toString('hex')}`;
  await adminQuery(url, `create database ${name}`);
  const runUrl = new URL(url);
  runUrl.pathname = `/${name}`;
  project.provide('postgresRunUrl', runUrl.toString());
  return () => adminQuery(url, `drop database if exists ${name} with (force)`);
}
