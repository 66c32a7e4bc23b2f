import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseConfig } from '../../../server/config.ts';
import { createDatabase, type Database } from '../../../server/db/database.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** The line the server prints once it listens; it names the port the server chose. */
const LISTENING = /Refstash is running at (http:\/\/\S+)/;

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
 * Starts the real server (`node server/main.ts`) with the built web app: on a temporary SQLite
 * file, or on PostgreSQL when `env.DATABASE_URL` is set. It binds a port of its own choosing
 * (PORT=0) and says which in its first line; this resolves once that line is out.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  if (!fs.existsSync(path.join(root, 'dist/web/index.html'))) {
    throw new Error('dist/web is missing: run `npm run build` before the e2e tests.');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-e2e-'));
  const sqlitePath = env.SQLITE_PATH ?? path.join(dir, 'e2e.db');
  const database: DatabaseConfig = env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'sqlite', path: sqlitePath };
  let output = '';
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      APP_URL: '',
      SQLITE_PATH: sqlitePath,
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: path.join(root, 'dist/web'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true });

  const url = await new Promise<string>((resolve, reject) => {
    const fail = (message: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      removeDir();
      reject(new Error(`${message}:\n${output}`));
    };
    const timer = setTimeout(() => fail('the server did not start within 20 s'), 20_000);
    const collect = (chunk: Buffer) => {
      output += chunk;
      const match = LISTENING.exec(output);
      if (match) {
        clearTimeout(timer);
        child.off('exit', exitedEarly);
        resolve(match[1] as string);
      }
    };
    const exitedEarly = (code: number | null) => fail(`the server exited early (${code})`);
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', exitedEarly);
  });

  return {
    url,
    port: Number(new URL(url).port),
    database,
    databaseEnv:
      database.kind === 'postgres'
        ? { DATABASE_URL: database.url }
        : { DATABASE_URL: '', SQLITE_PATH: database.path },
    process: child,
    output: () => output,
    stop(signal = 'SIGTERM') {
      return new Promise((resolve) => {
        // A process killed by a signal keeps exitCode null and sets signalCode.
        if (child.exitCode !== null || child.signalCode !== null) {
          removeDir();
          resolve(child.exitCode);
          return;
        }
        child.once('exit', (code) => {
          removeDir();
          resolve(code);
        });
        child.kill(signal);
      });
    },
  };
}
