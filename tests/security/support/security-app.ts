import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../../server/app.ts';
import type { Config } from '../../../server/config.ts';
import type { Database } from '../../../server/db/database.ts';
import { newId, nowIso } from '../../../server/db/ids.ts';
import type { DB } from '../../../server/db/schema.ts';
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

const TABLES: Array<keyof DB> = [
  'users',
  'sessions',
  'sign_in_tokens',
  'api_tokens',
  'admins',
  'services',
  'service_requests',
  'codes',
  'clicks',
  'votes',
  'logos',
  'username_holds',
  'daily_code_stats',
  'profile_views',
  'daily_profile_stats',
  'mail_opt_outs',
  'mail_queue',
  'passkeys',
  'passkey_challenges',
  'avatars',
];

/** Row counts and a checksum of every row of every table: equal snapshots, unchanged data. */
export async function snapshot(database: Database): Promise<Record<string, string>> {
  if (database.dialect === 'postgres') {
    // One round trip: each table's row count and a digest of its rows, computed by PostgreSQL
    // (the 1,000-body fuzz takes a snapshot per refused body; ~40 queries each was its cost).
    const parts = TABLES.map(
      (table) =>
        sql`select ${table}::text as name, count(*)::text || ':' || coalesce(left(md5(string_agg(row_text, E'\n' order by row_text)), 16), '') as digest from (select x::text as row_text from ${sql.table(table)} x) rows`,
    );
    const result = await sql<{
      name: string;
      digest: string;
    }>`${sql.join(parts, sql` union all `)}`.execute(database.db);
    return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
  }
  const entries = await Promise.all(
    TABLES.map(async (table) => {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
        database.db,
      );
      const lines = rows.rows.map((row) => JSON.stringify(row)).sort();
      const hash = createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
      return [table, `${lines.length}:${hash}`] as const;
    }),
  );
  return Object.fromEntries(entries);
}
