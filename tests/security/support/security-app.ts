import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../../server/app.ts';
import type { Config } from '../../../server/config.ts';
import type { Database } from '../../../server/db/database.ts';
import { newId, nowIso } from '../../../server/db/ids.ts';
import { createSession, sessionCookieName } from '../../../server/plugins/session.ts';
import {
  createTestDatabase,
  type DatabaseKind,
  type TestDatabase,
  testConfig,
} from '../../../server/test-support/test-app.ts';
import { insertTestUser } from '../../../server/test-support/test-users.ts';

/** A built app on a fresh database, with every /api route it registered. */
export interface SecurityApp {
  app: FastifyInstance;
  config: Config;
  database: Database;
  /** `METHOD /api/path` for every /api route (HEAD twins of GET routes left out). */
  routes: string[];
  destroy(): Promise<void>;
}

export async function startSecurityApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<SecurityApp> {
  const testDatabase: TestDatabase = await createTestDatabase(kind);
  const config = testConfig(env);
  const seen: string[] = [];
  const app = await buildApp(config, {
    // Snapshots compare every row: no job may write between two of them.
    scheduledJobs: false,
    database: testDatabase.database,
    onRoute(route: RouteOptions) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method !== 'HEAD' && route.url.startsWith('/api/')) seen.push(`${method} ${route.url}`);
      }
    },
  });
  await app.ready();
  return {
    app,
    config,
    database: testDatabase.database,
    routes: [...new Set(seen)].sort(),
    async destroy() {
      await app.close();
      await testDatabase.destroy();
    },
  };
}

export interface Actor {
  id: string;
  email: string;
  username: string;
  /** A new session each call: a request that signs out cannot spoil the next one. */
  cookie(): Promise<string>;
}

export async function createActor(
  target: SecurityApp,
  options: { admin?: boolean } = {},
): Promise<Actor> {
  const { db } = target.database;
  const username = `u${randomBytes(5).toString('hex')}`;
  const email = `${username}@example.com`;
  const id = await insertTestUser(db, { email, username, admin: options.admin });
  return {
    id,
    email,
    username,
    cookie: async () => `${sessionCookieName(target.config)}=${await createSession(db, id)}`,
  };
}

export async function createCode(target: SecurityApp, userId: string): Promise<string> {
  const id = newId();
  await target.database.db
    .insertInto('codes')
    .values({
      id,
      user_id: userId,
      service: 'uber',
      product_name: 'First ride',
      code: `CODE${randomBytes(3).toString('hex')}`,
      reward: '10',
      link: 'https://example.com/r',
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  return id;
}

/**
 * A code an admin hid (decision 095), as `moderation_actions` and `codes` hold it; with `appeal`,
 * its owner's open appeal too. Returns the ids an appeal and a decision name.
 */
export async function createHiddenCode(
  target: SecurityApp,
  userId: string,
  options: { appeal?: boolean } = {},
): Promise<{ codeId: string; actionId: string; appealId: string | null }> {
  const { db } = target.database;
  const codeId = await createCode(target, userId);
  const actionId = newId();
  await db
    .insertInto('moderation_actions')
    .values({
      id: actionId,
      created_at: nowIso(),
      actor_user_id: null,
      actor_username: null,
      action: 'hide_code',
      target_type: 'code',
      target_label: 'Uber code',
      code_id: codeId,
      target_user_id: userId,
      target_username: null,
      reason: 'Spam',
      case_id: null,
    })
    .execute();
  await db
    .updateTable('codes')
    .set({ hidden_at: nowIso(), hidden_action_id: actionId })
    .where('id', '=', codeId)
    .execute();
  if (!options.appeal) return { codeId, actionId, appealId: null };
  const appealId = newId();
  await db
    .insertInto('moderation_appeals')
    .values({
      id: appealId,
      action_id: actionId,
      case_id: null,
      user_id: userId,
      note: 'Mine',
      status: 'open',
      created_at: nowIso(),
      decided_at: null,
      answer: null,
    })
    .execute();
  return { codeId, actionId, appealId };
}

/** A personal API token of the user's (decision 107), stored as the app stores one. */
export async function createApiToken(
  target: SecurityApp,
  userId: string,
  scopes: readonly string[],
): Promise<{ id: string; secret: string }> {
  const id = newId();
  const secret = `rs_${randomBytes(32).toString('base64url')}`;
  await target.database.db
    .insertInto('api_tokens')
    .values({
      id,
      user_id: userId,
      token_hash: createHash('sha256').update(secret).digest('hex'),
      name: 'Matrix',
      scopes: scopes.join(' '),
      created_at: nowIso(),
      expires_at: null,
      last_used_at: null,
    })
    .execute();
  return { id, secret };
}

/** Another session of the user's; returns its public id (the listing's, never the cookie). */
export async function createSessionId(target: SecurityApp, userId: string): Promise<string> {
  const raw = await createSession(target.database.db, userId, 'Firefox on Windows');
  return createHash('sha256').update(raw).digest('hex').slice(0, 16);
}

export async function createServiceRequest(target: SecurityApp, userId: string): Promise<string> {
  const id = newId();
  const slug = `svc${randomBytes(4).toString('hex')}`;
  await target.database.db
    .insertInto('service_requests')
    .values({
      id,
      service_id: slug,
      display_name: `Service ${slug}`,
      domain: `${slug}.example.com`,
      requested_by: userId,
      requested_at: nowIso(),
      status: 'pending',
      reviewed_by: null,
      reviewed_at: null,
      notes: null,
      updated_at: nowIso(),
    })
    .execute();
  return id;
}

export interface Call {
  method: string;
  url: string;
  /** Sent as-is when a string (raw JSON) or bytes (with their `content-type`), else JSON-encoded. */
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
}

/** app.inject with our Origin and a JSON content type on every non-GET, like the web app. */
export function call(target: SecurityApp, { method, url, body, cookie, headers = {} }: Call) {
  const all: Record<string, string> = { ...headers };
  if (method !== 'GET' && !('origin' in all)) all.origin = target.config.appOrigin;
  if (cookie) all.cookie = cookie;
  if (body !== undefined) all['content-type'] ??= 'application/json';
  return target.app.inject({
    method: method as 'GET',
    url,
    headers: all,
    ...(body === undefined
      ? {}
      : {
          payload: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
        }),
  }) as Promise<LightMyRequestResponse>;
}

/** The table of write counts, one row per watched table (test databases only). */
const WRITES = 'test_writes';
const WATCHED = new WeakMap<Database, Promise<void>>();

/**
 * Counts every row written to every table of the app's database: a trigger after each insert,
 * update and delete of a row adds one to its table's count. Installed once per database, on the
 * first snapshot. A digest of every row was the check before; it cost a read of every table per
 * fuzzed body (most of the stress run), it watched a fixed list of tables that fell behind the
 * schema, and it missed a write that left a row as it was.
 */
function watchWrites(database: Database): Promise<void> {
  let watched = WATCHED.get(database);
  if (!watched) {
    watched = installWriteTriggers(database);
    WATCHED.set(database, watched);
  }
  return watched;
}

async function installWriteTriggers(database: Database): Promise<void> {
  const { db } = database;
  if (database.dialect === 'postgres') {
    const tables = await sql<{ name: string }>`
      select tablename as name from pg_tables
      where schemaname = current_schema() and tablename not like 'kysely_%'`.execute(db);
    await sql`create table ${sql.table(WRITES)} (t text primary key, n bigint not null)`.execute(
      db,
    );
    await sql`
      create function test_count_write() returns trigger language plpgsql as $$
      begin
        update test_writes set n = n + 1 where t = TG_TABLE_NAME;
        return null;
      end $$`.execute(db);
    for (const { name } of tables.rows) {
      await sql`insert into ${sql.table(WRITES)} (t, n) values (${name}, 0)`.execute(db);
      await sql`
        create trigger test_count_write after insert or update or delete on ${sql.table(name)}
        for each row execute function test_count_write()`.execute(db);
    }
    return;
  }
  const tables = await sql<{ name: string }>`
    select name from sqlite_master
    where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(db);
  await sql`create table ${sql.table(WRITES)} (t text primary key, n integer not null)`.execute(db);
  for (const { name } of tables.rows) {
    await sql`insert into ${sql.table(WRITES)} (t, n) values (${name}, 0)`.execute(db);
    for (const event of ['insert', 'update', 'delete']) {
      const trigger = `test_count_${event}_${name}`;
      await sql`
        create trigger ${sql.id(trigger)} after ${sql.raw(event)} on ${sql.table(name)}
        begin update test_writes set n = n + 1 where t = ${sql.lit(name)}; end`.execute(db);
    }
  }
}

/**
 * How many rows each table of the database has had written: equal snapshots, no row inserted,
 * updated or deleted in between. One small query, however large the tables have grown.
 */
export async function snapshot(database: Database): Promise<Record<string, string>> {
  await watchWrites(database);
  const rows = await sql<{ t: string; n: number | string }>`
    select t, n from ${sql.table(WRITES)}`.execute(database.db);
  return Object.fromEntries(rows.rows.map((row) => [row.t, String(row.n)]));
}
