import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, type DatabaseConfig, loadConfig } from '../config.ts';
import { createDatabase, type Database } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedServices } from '../db/seed.ts';
import { createSession, sessionCookieName } from '../plugins/session.ts';
import { insertTestUser } from './test-users.ts';

export const TEST_APP_URL = 'http://localhost:3000';

export type DatabaseKind = 'sqlite' | 'postgres';

/** The databases every server test file runs on: SQLite always, PostgreSQL when configured. */
export function testDatabaseKinds(): DatabaseKind[] {
  const url = process.env.TEST_DATABASE_URL;
  if (!url && process.env.CI === 'true') {
    throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL suites must run.');
  }
  return url ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * A suite that needs PostgreSQL (TEST_DATABASE_URL) or Redis (REDIS_URL): without the variable it
 * is skipped and its name says why; in CI (CI=true) a missing variable is a failure instead.
 * skip-without-services.test.ts fails for a file that reaches either without this.
 */
export function describeNeeding(
  variable: 'TEST_DATABASE_URL' | 'REDIS_URL',
  title: string,
  fn: () => void,
): void {
  const missing = !process.env[variable];
  if (missing && process.env.CI === 'true') {
    throw new Error(`CI=true but ${variable} is not set: "${title}" must run.`);
  }
  const skipped = `${title} (skipped: ${variable} is not set)`;
  // Said in the log too: the default reporter shows a skipped file without its suites' names.
  if (missing) console.info(skipped);
  describe.skipIf(missing)(missing ? skipped : title, fn);
}

export interface TestDatabase {
  database: Database;
  config: DatabaseConfig;
  /** PostgreSQL only: the schema to pass to createDatabase for a second connection. */
  schema: string | undefined;
  destroy(): Promise<void>;
}

/**
 * This vitest run's own database (postgres-run.global.ts); undefined outside vitest (the stats
 * bench) or without the global setup, where TEST_DATABASE_URL itself is used.
 */
function postgresRunUrl(): string | undefined {
  try {
    return inject('postgresRunUrl');
  } catch {
    return undefined;
  }
}

/** A fresh, migrated and seeded database: a temp SQLite file, or a new PostgreSQL schema. */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: { ownDatabase?: boolean } = {},
): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-test-'));
    const config: DatabaseConfig = { kind: 'sqlite', path: path.join(dir, 'test.db') };
    const database = createDatabase(config);
    await migrateToLatest(database);
    await seedServices(database);
    return {
      database,
      config,
      schema: undefined,
      async destroy() {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  // In a run's own database, schemas stay until the run ends: dropping one mid-run breaks other
  // files' migrations (postgres-run.global.ts).
  const runUrl = postgresRunUrl();
  const sharedUrl = runUrl ?? process.env.TEST_DATABASE_URL;
  if (!sharedUrl) throw new Error('TEST_DATABASE_URL is not set');
  // A file whose tests take migrations down and up again gets a database of its own: two such
  // files in one database, each in its own schema, failed now and then going down (a column or
  // table of the migration "does not exist"); the cause was not found.
  const ownName = options.ownDatabase
    ? `refstash_test_${newId().replaceAll('-', '').slice(0, 24)}`
    : undefined;
  if (ownName) {
    const admin = new pg.Client({ connectionString: sharedUrl });
    await admin.connect();
    await admin.query(`create database ${ownName}`);
    await admin.end();
  }
  const url = ownName
    ? Object.assign(new URL(sharedUrl), { pathname: `/${ownName}` }).toString()
    : sharedUrl;
  const schema = `t_${newId().replaceAll('-', '').slice(0, 24)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const config: DatabaseConfig = { kind: 'postgres', url };
  const database = createDatabase(config, { schema, poolSize: 20 });
  await migrateToLatest(database);
  await seedServices(database);
  return {
    database,
    config,
    schema,
    async destroy() {
      await database.close();
      if (runUrl && !ownName) return;
      const cleanup = new pg.Client({ connectionString: sharedUrl });
      await cleanup.connect();
      await cleanup.query(
        ownName
          ? `drop database if exists ${ownName} with (force)`
          : `drop schema if exists ${schema} cascade`,
      );
      await cleanup.end();
    },
  };
}

/**
 * A test config: NODE_ENV=test, the fixed APP_URL, plus any overrides. Test users are seconds
 * old, so the listing probation is off unless a test sets LISTING_PROBATION_DAYS (decision 094).
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    APP_URL: TEST_APP_URL,
    LISTING_PROBATION_DAYS: '0',
    ...env,
  });
}

export interface TestUser {
  id: string;
  email: string;
  username: string | null;
  /** `Cookie` header value carrying a fresh session for this user. */
  cookie: string;
}

export interface TestContext {
  readonly kind: DatabaseKind;
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly config: Config;
  readonly testDatabase: TestDatabase;
  /** Creates a user (optionally an admin) with a session, without going through e-mail. */
  createUser(options?: {
    email?: string;
    username?: string | null;
    admin?: boolean;
  }): Promise<TestUser>;
  /**
   * app.inject with our Origin on every non-GET, a JSON body and an optional session cookie, once
   * the app has heard every change committed before (decision 099).
   */
  request(options: TestRequest): Promise<LightMyRequestResponse>;
  /** The app's log lines, parsed (only with `captureLogs`; set LOG_LEVEL in `env`). */
  logLines(): Array<Record<string, unknown>>;
}

export interface TestRequest {
  method?: InjectOptions['method'];
  url: string;
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
}

let userCounter = 0;

/**
 * Runs `fn` once per test database, each with its own fresh database and app.
 * `env` overrides config (for example an https APP_URL or an SMTP_URL).
 */
export function describeEachDatabase(
  title: string,
  fn: (ctx: TestContext) => void,
  options: {
    env?: Record<string, string> | (() => Record<string, string>);
    captureLogs?: boolean;
  } = {},
): void {
  for (const kind of testDatabaseKinds()) {
    describe(`${title} [${kind}]`, () => {
      let state: { app: FastifyInstance; config: Config; testDatabase: TestDatabase } | undefined;
      const lines: string[] = [];
      const get = () => {
        if (!state) throw new Error('test app not ready');
        return state;
      };
      beforeAll(async () => {
        const testDatabase = await createTestDatabase(kind);
        const env = typeof options.env === 'function' ? options.env() : options.env;
        const config = testConfig(env);
        const app = await buildApp(config, {
          database: testDatabase.database,
          ...(options.captureLogs && { logStream: { write: (line: string) => lines.push(line) } }),
        });
        await app.ready();
        state = { app, config, testDatabase };
      });
      afterAll(async () => {
        if (!state) return;
        await state.app.close();
        await state.testDatabase.destroy();
      });

      const ctx: TestContext = {
        kind,
        get app() {
          return get().app;
        },
        get database() {
          return get().testDatabase.database;
        },
        get config() {
          return get().config;
        },
        get testDatabase() {
          return get().testDatabase;
        },
        async createUser({ email, username, admin = false } = {}) {
          const { testDatabase, config } = get();
          const db = testDatabase.database.db;
          userCounter += 1;
          const suffix = newId().slice(-6);
          const chosenEmail = email ?? `user${userCounter}-${suffix}@example.com`;
          const chosenUsername = username === undefined ? `user${userCounter}_${suffix}` : username;
          const id = await insertTestUser(db, {
            email: chosenEmail,
            username: chosenUsername,
            admin,
          });
          const raw = await createSession(db, id);
          return {
            id,
            email: chosenEmail,
            username: chosenUsername,
            cookie: `${sessionCookieName(config)}=${raw}`,
          };
        },
        logLines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
        async request({ method = 'GET', url, body, cookie, headers = {} }) {
          const allHeaders: Record<string, string> = { ...headers };
          if (method !== 'GET' && method !== 'HEAD' && !('origin' in allHeaders)) {
            allHeaders.origin = get().config.appOrigin;
          }
          if (cookie) allHeaders.cookie = cookie;
          const { app, testDatabase } = get();
          // Tests write rows straight into the database too: on PostgreSQL the app hears of them
          // a moment after their commit (decision 099), so each request waits until it has.
          await testDatabase.database.changes(app.log).settle();
          return app.inject({
            method,
            url,
            headers: allHeaders,
            ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
          });
        },
      };
      fn(ctx);
    });
  }
}
