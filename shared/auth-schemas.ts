import { z } from 'zod';
import { AUTH_MESSAGES } from './auth-messages.ts';
import { LIMITS } from './limits.ts';

export { AUTH_MESSAGES } from './auth-messages.ts';

/**
 * The simple pattern of spec §5 (something@something.something), held to ONE plain mailbox: the
 * local part uses only the characters an unquoted address may (RFC 5322 atext and dots, plus
 * letters and digits of any script, RFC 6531), and the domain is dot-separated labels of
 * letters, digits and hyphens. So nothing a mail library reads as syntax gets through: no
 * `<>`, `,`, `;`, `:`, quotes, comments, brackets or backslashes. Decision 010.
 */
const SIMPLE_EMAIL =
  /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~.-]+@[\p{L}\p{M}\p{N}-]+(?:\.[\p{L}\p{M}\p{N}-]+)+$/u;

/** RFC 5321's limit on a forward path; longer addresses cannot receive mail. */
const EMAIL_MAX = 254;

/** Trimmed, NFKC-normalised and lowercased: the one form addresses are stored and compared in. */
export function normalizeEmail(value: string): string {
  return value.trim().normalize('NFKC').toLowerCase();
}

/** An e-mail address as typed; parses to its normalised form. */
export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .overwrite(normalizeEmail)
  .min(1, AUTH_MESSAGES.emailRequired)
  .regex(SIMPLE_EMAIL, AUTH_MESSAGES.emailInvalid)
  .max(EMAIL_MAX, AUTH_MESSAGES.invalidEmail);

const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

/** A username as typed; parses to its stored (lowercase) form. */
export const usernameSchema = z
  .string({ error: AUTH_MESSAGES.usernameRequired })
  .min(1, AUTH_MESSAGES.usernameRequired)
  .min(LIMITS.usernameMin, AUTH_MESSAGES.usernameTooShort)
  .max(LIMITS.usernameMax, AUTH_MESSAGES.usernameTooLong)
  .regex(USERNAME_PATTERN, AUTH_MESSAGES.usernameCharacters)
  .overwrite((value) => value.toLowerCase());

/** The signed-in user on the wire: GET /api/me, PUT /api/me/username and sign-in's `user`. */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** Lowercase; null until the username step is done. */
  username: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  isAdmin: z.boolean(),
  /** Where the code form's 'List on the service page' switch starts for a new code. */
  listNewCodes: z.boolean(),
  /** The first UTC day ('YYYY-MM-DD') service pages may list this account's codes (decision 094). */
  listingFrom: z.string(),
});
export type Me = z.infer<typeof meSchema>;

export const emailLinkRequestSchema = z.object({ email: emailSchema });
export const emailLinkVerifySchema = z.object({
  email: emailSchema,
  // A missing or malformed token is just an unknown one: it answers auth/invalid-action-code.
  token: z.string().max(200).catch(''),
});
export const setUsernameSchema = z.object({ username: usernameSchema });

/**
 * Names that would shadow a route or a served file (`/admin`, `/api`, …), a page the product may
 * add (`/stats`, `/search`, `/s/…` service pages), or read as the site speaking. They are
 * refused as taken. Names shorter than the minimum (`u`, `s`) are listed too, so the list stays
 * right if the minimum ever changes.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'about',
  'account',
  'admin',
  'administrator',
  'api',
  'app',
  'assets',
  'dashboard',
  'discover',
  'explore',
  'favicon',
  'feed',
  'finishsignup',
  'healthz',
  'help',
  'index',
  'login',
  'logout',
  'magic_link',
  'magiclink',
  'manifest',
  'me',
  'new',
  'null',
  'openapi',
  'privacy',
  'profile',
  'refstash',
  'robots',
  'root',
  'rules',
  's',
  'search',
  'services',
  'settings',
  'signin',
  'signout',
  'signup',
  'sitemap',
  'sitemaps',
  'static',
  'stats',
  'support',
  'system',
  'terms',
  'u',
  'undefined',
  'usernames',
  'www',
]);

/** True when the name (any case) is reserved. */
export function isReservedUsername(name: string): boolean {
  return RESERVED_USERNAMES.has(name.toLowerCase());
}

export const FALLBACK_USERNAME = 'user';

/**
 * The username step's suggestion (spec §3): the part of the e-mail before the @, made valid
 * (accents dropped, runs of other characters become one underscore, cut to 20), else 'user'.
 */
export function usernameFromEmail(email: string): string {
  const local = normalizeEmail(email).split('@')[0] ?? '';
  const candidate = local
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, LIMITS.usernameMax)
    .replace(/_+$/, '');
  const valid = usernameSchema.safeParse(candidate).success && !isReservedUsername(candidate);
  return valid ? candidate : FALLBACK_USERNAME;
}
