import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { AUTH_MESSAGES } from '../../../shared/auth-schemas.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { newId } from '../../db/ids.ts';
import type { DB } from '../../db/schema.ts';
import { errors } from '../../errors.ts';
import { type AuthUser, sha256Hex } from '../../plugins/session.ts';
import {
  consumeSignInToken,
  deleteExpiredSessionsOf,
  deleteExpiredSignInTokens,
  deleteOtherSignInTokens,
  deleteSignInToken,
  findUserByEmail,
  insertSignInToken,
  insertUser,
  isLiveSignInToken,
  recordWrongEmail,
  updateLastLogin,
} from './auth.repository.ts';
import type { SignInMailer } from './sign-in-mailer.ts';

export const SIGN_IN_TOKEN_TTL_MS = 15 * 60 * 1000;
/** After this many wrong addresses the token is void. */
export const MAX_WRONG_EMAILS = 5;

/** The link in the mail. It carries only the token, never the address. */
export function signInLinkUrl(appUrl: string, token: string): string {
  return `${appUrl}/finishSignUp?token=${token}`;
}

/** What may be logged of a mail failure: the cause, with the token cut out of every string. */
function describeMailError(error: unknown, token: string): Record<string, unknown> {
  const scrub = (value: unknown) =>
    typeof value === 'string' ? value.replaceAll(token, '[redacted]') : value;
  const e = (error ?? {}) as Record<string, unknown>;
  return {
    message: scrub(e.message),
    code: scrub(e.code),
    command: scrub(e.command),
    responseCode: e.responseCode,
    response: scrub(e.response),
  };
}

/**
 * Stores a new token (its hash only) for the address and mails the link. Known and unknown
 * addresses take the same path: a first sign-in creates the account, so there is nothing to
 * tell apart. Once the mail is out, the address's older links are void (only the newest works);
 * a failed send voids the new token instead, leaving the older ones as they were, and answers
 * the spec's message.
 */
export async function requestSignInLink(
  db: Kysely<DB>,
  mailer: SignInMailer,
  log: FastifyBaseLogger,
  input: { email: string; appUrl: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = sha256Hex(token);
  const now = Date.now();
  await deleteExpiredSignInTokens(db, new Date(now).toISOString());
  await insertSignInToken(db, {
    tokenHash,
    email: input.email,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + SIGN_IN_TOKEN_TTL_MS).toISOString(),
  });
  try {
    await mailer.send(input.email, signInLinkUrl(input.appUrl, token));
  } catch (error) {
    await deleteSignInToken(db, tokenHash);
    log.error({ cause: describeMailError(error, token) }, 'sign-in mail could not be sent');
    throw errors.unavailable(AUTH_MESSAGES.sendFailed);
  }
  await deleteOtherSignInTokens(db, input.email, tokenHash);
}

const invalidActionCode = () => errors.linkExpired(AUTH_MESSAGES.linkExpired);

/** Explains a failed consume: a live token means the address was wrong (and counts). */
async function rejectConsume(db: Kysely<DB>, tokenHash: string, now: string): Promise<never> {
  if (!(await isLiveSignInToken(db, tokenHash, now))) throw invalidActionCode();
  const attempts = await recordWrongEmail(db, tokenHash);
  if (attempts === undefined) throw invalidActionCode();
  if (attempts >= MAX_WRONG_EMAILS) await deleteSignInToken(db, tokenHash);
  throw errors.invalidEmail(AUTH_MESSAGES.invalidEmail);
}

async function findOrCreateUser(db: Kysely<DB>, email: string, now: string) {
  const existing = await findUserByEmail(db, email);
  if (existing) return existing;
  try {
    await insertUser(db, { id: newId(), email, now });
  } catch (error) {
    // Two links for one new address completed at once: the other created the user.
    if (!isUniqueViolation(error)) throw error;
  }
  const created = await findUserByEmail(db, email);
  if (!created) throw new Error('user vanished after insert');
  return created;
}

/**
 * Consumes the token for the address and returns the signed-in user. `isNewUser` means the
 * user has no username yet, so the username step comes next.
 */
export async function completeSignIn(
  db: Kysely<DB>,
  input: { email: string; token: string },
): Promise<{ user: AuthUser; isNewUser: boolean }> {
  const tokenHash = sha256Hex(input.token);
  const now = new Date().toISOString();
  if (!(await consumeSignInToken(db, tokenHash, input.email, now))) {
    return rejectConsume(db, tokenHash, now);
  }
  const user = await findOrCreateUser(db, input.email, now);
  if (user.disabled_at !== null) {
    throw errors.userDisabled(AUTH_MESSAGES.userDisabled);
  }
  await updateLastLogin(db, user.id, now);
  await deleteExpiredSessionsOf(db, user.id, now);
  return {
    user: {
      id: user.id,
      email: user.email,
      username: user.username,
      createdAt: user.created_at,
      lastLoginAt: now,
      listNewCodes: Number(user.list_new_codes) === 1,
      usernameChangedAt: user.username_changed_at,
    },
    isNewUser: user.username === null,
  };
}
