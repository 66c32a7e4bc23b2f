import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../server/config.ts';

export type Role = 'main' | 'small' | 'large';

/** Where one dialect's three bench databases live, and the server env that selects each. */
export interface BenchDatabase {
  kind: 'sqlite' | 'postgres';
  config(role: Role): DatabaseConfig;
  serverEnv(role: Role): Record<string, string>;
  cleanup(): Promise<void>;
}

/** Runs one statement on the PostgreSQL server at `url` (create or drop a database). */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** SQLite files in a temp dir; PostgreSQL databases `refstash_bench_*` on DATABASE_URL's server. */
export async function benchDatabases(postgresUrl: string | undefined): Promise<BenchDatabase[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-bench-'));
  const sqlitePath = (role: Role) => path.join(dir, `${role}.db`);
  const list: BenchDatabase[] = [
    {
      kind: 'sqlite',
      config: (role) => ({ kind: 'sqlite', path: sqlitePath(role) }),
      serverEnv: (role) => ({ SQLITE_PATH: sqlitePath(role) }),
      cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
    },
  ];
  if (postgresUrl?.startsWith('postgres')) {
    const urlFor = (role: Role) => {
      const url = new URL(postgresUrl);
      url.pathname = `/refstash_bench_${role}`;
      return url.toString();
    };
    for (const role of ['main', 'small', 'large'] as const) {
      await adminQuery(postgresUrl, `drop database if exists refstash_bench_${role} with (force)`);
      await adminQuery(postgresUrl, `create database refstash_bench_${role}`);
    }
    list.push({
      kind: 'postgres',
      config: (role) => ({ kind: 'postgres', url: urlFor(role) }),
      serverEnv: (role) => ({ DATABASE_URL: urlFor(role) }),
      async cleanup() {
        for (const role of ['main', 'small', 'large'] as const) {
          await adminQuery(
            postgresUrl,
            `drop database if exists refstash_bench_${role} with (force)`,
          );
        }
      },
    });
  }
  return list;
}
