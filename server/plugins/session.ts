import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { SIGNED_IN_HINT_COOKIE } from '../../shared/session-hint.ts';
import type { TokenScope } from '../../shared/token-schemas.ts';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import { errors } from '../errors.ts';
import { oncePer } from '../once-per.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** `last_seen_at` is written at most this often per session: no write per request (decision 107). */
export const LAST_SEEN_EVERY_MS = 60 * 60 * 1000;

/** The signed-in user as the routes see it. */
export interface AuthUser {
  id: string;
  email: string;
  username: string | null;
  createdAt: string;
  lastLoginAt: string | null;
  /** Where the code form's listing switch starts for a new code (migration 0081). */
  listNewCodes: boolean;
  /** When the last rename happened (decision 012); null before any. */
  usernameChangedAt: string | null;
}

export interface Auth {
  user: AuthUser;
  sessionHash: string;
}

/** A personal API token that authenticated the request (decision 107). */
export interface TokenCaller {
  /** The token's public id (its row's id), never the secret. */
  id: string;
  scopes: readonly TokenScope[];
  user: AuthUser;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Resolves the session cookie to a user once per request; null when signed out. */
    getAuth(): Promise<Auth | null>;
    /**
     * The API token of a bearer request, set before the route's own hooks run; null otherwise.
     * Only routes that accept a token's scope ever see one (server/features/api-tokens).
     */
    apiToken: TokenCaller | null;
  }
}

export function sessionCookieName(config: Pick<Config, 'isHttps'>): string {
  return config.isHttps ? '__Host-refstash_session' : 'refstash_session';
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Creates a session for the user and returns the raw cookie value (never stored). `device` is
 * the browser and system in words (sessions/device-name.ts), listed under 'Where you're signed in'.
 */
export async function createSession(
  db: Kysely<DB>,
  userId: string,
  device: string | null = null,
): Promise<string> {
  const raw = randomBytes(32).toString('base64url');
  const now = new Date().toISOString();
  await db
    .insertInto('sessions')
    .values({
      id_hash: sha256Hex(raw),
      user_id: userId,
      created_at: now,
      expires_at: new Date(Date.parse(now) + SESSION_TTL_MS).toISOString(),
      device,
      last_seen_at: now,
    })
    .execute();
  return raw;
}

/**
 * Records that the session was used, at most once an hour: a request within the hour writes
 * nothing, and of two at once past the hour the guard lets one write.
 */
async function touchSession(
  db: Kysely<DB>,
  sessionHash: string,
  lastSeenAt: string | null,
): Promise<void> {
  const now = Date.now();
  if (lastSeenAt !== null && now - Date.parse(lastSeenAt) < LAST_SEEN_EVERY_MS) return;
  const cutoff = new Date(now - LAST_SEEN_EVERY_MS).toISOString();
  await db
    .updateTable('sessions')
    .set({ last_seen_at: new Date(now).toISOString() })
    .where('id_hash', '=', sessionHash)
    .where((eb) => eb.or([eb('last_seen_at', 'is', null), eb('last_seen_at', '<', cutoff)]))
    .execute();
}

export async function deleteSession(db: Kysely<DB>, sessionHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', sessionHash).execute();
}

/** The users columns an `AuthUser` is made of, for a join from sessions or API tokens. */
export const AUTH_USER_COLUMNS = [
  'users.id',
  'users.email',
  'users.username',
  'users.created_at',
  'users.last_login_at',
  'users.disabled_at',
  'users.list_new_codes',
  'users.username_changed_at',
] as const;

interface AuthUserRow {
  id: string;
  email: string;
  username: string | null;
  created_at: string;
  last_login_at: string | null;
  list_new_codes: number;
  username_changed_at: string | null;
}

export function toAuthUser(row: AuthUserRow): AuthUser {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    createdAt: row.created_at,
    lastLoginAt: row.last_login_at,
    listNewCodes: Number(row.list_new_codes) === 1,
    usernameChangedAt: row.username_changed_at,
  };
}

/**
 * One query per request, no cache: a session deleted on any instance (signed out there, or from
 * 'Where you're signed in') is refused by every instance at its next request.
 */
async function findAuth(db: Kysely<DB>, raw: string): Promise<Auth | null> {
  const sessionHash = sha256Hex(raw);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([...AUTH_USER_COLUMNS, 'sessions.expires_at', 'sessions.last_seen_at'])
    .where('sessions.id_hash', '=', sessionHash)
    .executeTakeFirst();
  if (!row || row.disabled_at !== null) return null;
  if (Date.parse(row.expires_at) <= Date.now()) {
    await deleteSession(db, sessionHash);
    return null;
  }
  await touchSession(db, sessionHash, row.last_seen_at);
  return { sessionHash, user: toAuthUser(row) };
}

export function setSessionCookie(reply: FastifyReply, config: Config, raw: string): void {
  reply.setCookie(sessionCookieName(config), raw, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isHttps,
    maxAge: SESSION_TTL_MS / 1000,
  });
  setSignedInHint(reply, config);
}

/** The readable "signed in" hint (shared/session-hint.ts); it carries no secret. */
export function setSignedInHint(reply: FastifyReply, config: Pick<Config, 'isHttps'>): void {
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', {
    path: '/',
    sameSite: 'lax',
    secure: config.isHttps,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearSignedInHint(reply: FastifyReply, config: Pick<Config, 'isHttps'>): void {
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/', sameSite: 'lax', secure: config.isHttps });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isHttps,
  });
  clearSignedInHint(reply, config);
}

/** Adds `request.getAuth()`; the database is asked only when a session cookie is present. */
export function registerSessions(app: FastifyInstance, config: Config, db: Kysely<DB>): void {
  const cookieName = sessionCookieName(config);
  const authOf = oncePer((request: FastifyRequest): Promise<Auth | null> => {
    const raw = request.cookies[cookieName];
    return raw ? findAuth(db, raw) : Promise.resolve(null);
  });
  app.decorateRequest('getAuth', function getAuth(this: FastifyRequest) {
    return authOf(this);
  });
  app.decorateRequest('apiToken', null);
}

/**
 * The caller: the API token's owner on a bearer request, else the signed-in user. For routes
 * declaring `config.auth` (route-rules.ts), which checked it.
 */
export async function currentUser(request: FastifyRequest): Promise<AuthUser> {
  if (request.apiToken) return request.apiToken.user;
  const auth = await request.getAuth();
  if (!auth) throw errors.unauthenticated();
  return auth.user;
}
