import { createHmac, timingSafeEqual } from 'node:crypto';
import { isOptionalMailKind, type OptionalMailKind } from '../../../shared/owner-mail.ts';

/** The path of the one-click unsubscribe page (GET shows a button, POST unsubscribes). */
export const UNSUBSCRIBE_PATH = '/account/unsubscribe';

/**
 * The link's signature: HMAC-SHA256 of the kind and the user id under the session secret, so the
 * link works without signing in, only for that user and kind, and cannot be made for another.
 * It does not expire: an old mail's link must still work (RFC 8058 asks for that).
 */
export function unsubscribeSignature(secret: string, userId: string, kind: OptionalMailKind) {
  return createHmac('sha256', secret)
    .update(`refstash-unsubscribe:v1:${kind}:${userId}`)
    .digest('base64url');
}

export function unsubscribeUrl(
  config: { appUrl: string; sessionSecret: string },
  userId: string,
  kind: OptionalMailKind,
): string {
  const query = new URLSearchParams({
    u: userId,
    k: kind,
    s: unsubscribeSignature(config.sessionSecret, userId, kind),
  });
  return `${config.appUrl}${UNSUBSCRIBE_PATH}?${query.toString()}`;
}

/** The user and kind the link names, when its signature is right. */
export function verifyUnsubscribe(
  secret: string,
  query: { u?: unknown; k?: unknown; s?: unknown },
): { userId: string; kind: OptionalMailKind } | undefined {
  const { u, k, s } = query;
  if (typeof u !== 'string' || typeof s !== 'string' || !isOptionalMailKind(k)) return undefined;
  if (u.length === 0 || u.length > 64) return undefined;
  const expected = Buffer.from(unsubscribeSignature(secret, u, k));
  const given = Buffer.from(s);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { userId: u, kind: k };
}

/**
 * RFC 8058 one-click headers: the https link (a mail client POSTs `List-Unsubscribe=One-Click` to
 * it) and, when the sender address is known, a mailto an older client can use.
 */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
