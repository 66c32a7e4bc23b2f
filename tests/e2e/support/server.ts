import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseConfig } from '../../../server/config.ts';
import { createDatabase, type Database } from '../../../server/db/database.ts';
import { type SpawnedServer, spawnServer } from '../../../server/test-support/spawn-server.ts';

const root = path.resolve(import.meta.dirname, '../../..');

export interface TestServer {
  readonly url: string;
  readonly port: number;
  /** The database the server uses, for a test to open beside it. */
  readonly database: DatabaseConfig;
  /** The environment that points a CLI (e.g. `npm run admin`) at the same database. */
  readonly databaseEnv: Record<string, string>;
  readonly process: ChildProcess;
  /** Everything the server printed (stdout and stderr), for assertions on log lines. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Opens the server's database beside it; close it when done. */
export function openServerDatabase(server: TestServer): Database {
  return createDatabase(server.database, { poolSize: 2 });
}

/** Runs `fn` with the server's database open, and closes it. */
export async function withServerDatabase<T>(
  server: TestServer,
  fn: (db: Database['db']) => Promise<T>,
): Promise<T> {
  const database = openServerDatabase(server);
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Starts the real server (`node server/main.ts`, see spawnServer) with the built web app: on a
 * temporary SQLite file, or on PostgreSQL when `env.DATABASE_URL` is set.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  if (!fs.existsSync(path.join(root, 'dist/web/index.html'))) {
    throw new Error('dist/web is missing: run `npm run build` before the e2e tests.');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-e2e-'));
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });
  const sqlitePath = env.SQLITE_PATH ?? path.join(dir, 'e2e.db');
  const database: DatabaseConfig = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'sqlite', path: sqlitePath };
  let server: SpawnedServer;
  try {
    server = await spawnServer({
      SQLITE_PATH: sqlitePath,
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(root, 'dist/web'),
      // The tests' accounts are seconds old: no listing probation unless a test sets one.
      LISTING_PROBATION_DAYS: '0',
      // No scheduled jobs: the demo's links name real sites, which the link-health job would
      // check a minute after start. A test runs a job itself, on its own clock.
      SCHEDULED_JOBS: 'off',
      ...env,
    });
  } catch (error) {
    removeDir();
    throw error;
  }
  return {
    url: server.url,
    port: Number(new URL(server.url).port),
    database,
    databaseEnv:
      database.kind === 'postgres'
        ? { DATABASE_URL: database.url }
        : { DATABASE_URL: '', SQLITE_PATH: database.path },
    process: server.process,
    output: server.output,
    async stop(signal) {
      try {
        return await server.stop(signal);
      } finally {
        removeDir();
      }
    },
  };
}
