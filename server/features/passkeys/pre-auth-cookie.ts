import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PASSKEY_LIMITS } from '../../../shared/passkey-schemas.ts';
import type { Config } from '../../config.ts';
import { sha256Hex } from '../../plugins/session.ts';

type CookieConfig = Pick<Config, 'isHttps' | 'sessionSecret'>;

/**
 * Before there is a session, a passkey sign-in's challenge is bound to this browser by a cookie:
 * 32 random bytes, signed with SESSION_SECRET, HttpOnly, SameSite=Strict, as long as a challenge
 * lives. Only its SHA-256 is stored with the challenge.
 */
export function preAuthCookieName(config: Pick<Config, 'isHttps'>): string {
  return config.isHttps ? '__Host-refstash_passkey' : 'refstash_passkey';
}

function sign(raw: string, secret: string): string {
  return createHmac('sha256', secret).update(`passkey-pre-auth:${raw}`).digest('base64url');
}

/** The binding of this browser's cookie when it is present and signed by us; otherwise null. */
export function readPreAuthBinding(request: FastifyRequest, config: CookieConfig): string | null {
  const value = request.cookies[preAuthCookieName(config)];
  if (!value) return null;
  const [raw, signature, extra] = value.split('.');
  if (!raw || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(raw, config.sessionSecret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return sha256Hex(raw);
}

/** The browser's binding: its current cookie's, or a new cookie's (set on the reply). */
export function preAuthBinding(
  request: FastifyRequest,
  reply: FastifyReply,
  config: CookieConfig,
): string {
  const existing = readPreAuthBinding(request, config);
  if (existing) return existing;
  const raw = randomBytes(32).toString('base64url');
  reply.setCookie(preAuthCookieName(config), `${raw}.${sign(raw, config.sessionSecret)}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isHttps,
    maxAge: PASSKEY_LIMITS.challengeTtlMs / 1000,
  });
  return sha256Hex(raw);
}

export function clearPreAuthCookie(reply: FastifyReply, config: CookieConfig): void {
  reply.clearCookie(preAuthCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: config.isHttps,
  });
}
