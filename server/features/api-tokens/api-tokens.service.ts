import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type ApiToken,
  MAX_TOKENS_PER_USER,
  TOKEN_MESSAGES,
  TOKEN_PREFIX,
  type TokenExpiry,
  type TokenScope,
} from '../../../shared/token-schemas.ts';
import type { Database } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import { lockUserForWrite } from '../../db/row-locks.ts';
import type { DB } from '../../db/schema.ts';
import { errors } from '../../errors.ts';
import { sha256Hex, type TokenCaller, toAuthUser } from '../../plugins/session.ts';
import { parseScopes, presentApiToken } from './api-tokens.presenter.ts';
import {
  countApiTokens,
  deleteApiToken,
  findApiToken,
  findTokenWithUser,
  insertApiToken,
  touchApiToken,
} from './api-tokens.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** `last_used_at` is written at most once a minute per token. */
export const LAST_USED_EVERY_MS = 60_000;

/** A token is `rs_` and 32 random bytes in base64url: 256 bits, nothing to guess. */
export function newTokenSecret(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * Creates a token and returns it with its secret: the one time the secret leaves the server.
 * Only its SHA-256 is stored (a 256-bit random secret needs no slow hash: nothing to brute-force).
 */
export async function createApiToken(
  database: Database,
  userId: string,
  input: { name: string; scopes: readonly TokenScope[]; expiresInDays: TokenExpiry },
  now: number,
): Promise<{ token: ApiToken; secret: string }> {
  const secret = newTokenSecret();
  const id = newId(now);
  await database.db.transaction().execute(async (trx) => {
    // The cap holds under concurrent creates: the user's row is locked first (PostgreSQL).
    await lockUserForWrite(trx, database.dialect, userId);
    if ((await countApiTokens(trx, userId)) >= MAX_TOKENS_PER_USER) {
      throw errors.conflict(TOKEN_MESSAGES.tooMany);
    }
    await insertApiToken(trx, {
      id,
      userId,
      tokenHash: sha256Hex(secret),
      name: input.name,
      scopes: input.scopes.join(' '),
      createdAt: new Date(now).toISOString(),
      expiresAt:
        input.expiresInDays === 'none'
          ? null
          : new Date(now + Number(input.expiresInDays) * DAY_MS).toISOString(),
    });
  });
  const row = await findApiToken(database.db, userId, id);
  if (!row) throw new Error('token vanished after insert');
  return { token: presentApiToken(row), secret };
}

export async function revokeApiToken(db: Kysely<DB>, userId: string, id: string): Promise<void> {
  if (!(await deleteApiToken(db, userId, id))) throw errors.notFound(TOKEN_MESSAGES.notFound);
}

/**
 * The caller a bearer secret stands for; null when no live token has it (unknown, revoked,
 * expired, or its owner disabled). Records the use at most once a minute.
 */
export async function authenticateToken(
  db: Kysely<DB>,
  secret: string,
  now: number,
): Promise<TokenCaller | null> {
  if (!secret.startsWith(TOKEN_PREFIX)) return null;
  const row = await findTokenWithUser(db, sha256Hex(secret));
  if (!row || row.disabled_at !== null) return null;
  if (row.expires_at !== null && Date.parse(row.expires_at) <= now) return null;
  if (row.last_used_at === null || now - Date.parse(row.last_used_at) >= LAST_USED_EVERY_MS) {
    const cutoff = new Date(now - LAST_USED_EVERY_MS).toISOString();
    await touchApiToken(db, row.token_id, new Date(now).toISOString(), cutoff);
  }
  return { id: row.token_id, scopes: parseScopes(row.scopes), user: toAuthUser(row) };
}
