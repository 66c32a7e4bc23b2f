import { z } from 'zod';

/**
 * Personal API tokens (issue 27, decision 107): what a token may do, how long it lives, and the
 * messages the Settings section and the API show.
 */

/** Every scope a token can hold; a route names at most one it accepts (server route config). */
export const TOKEN_SCOPES = ['codes:read', 'codes:write', 'stats:read'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** What each scope allows, in words (the create form's checkboxes). */
export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  'codes:read': 'Read your codes',
  'codes:write': 'Add, change and delete your codes',
  'stats:read': 'Read your stats',
};

/** The expiries offered: days, or `none` for a token that lives until it is revoked. */
export const TOKEN_EXPIRIES = ['30', '90', '365', 'none'] as const;
export type TokenExpiry = (typeof TOKEN_EXPIRIES)[number];

export const TOKEN_EXPIRY_LABELS: Record<TokenExpiry, string> = {
  '30': '30 days',
  '90': '90 days',
  '365': 'A year',
  none: 'No expiry',
};

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = 'rs_';

/** A user holds at most this many tokens at once. */
export const MAX_TOKENS_PER_USER = 20;
export const TOKEN_NAME_MAX = 60;

export const TOKEN_MESSAGES = {
  nameRequired: 'Please enter a name for the token',
  nameTooLong: `The name must be at most ${TOKEN_NAME_MAX} characters`,
  scopesRequired: 'Please choose at least one scope',
  scopeUnknown: 'Scopes must be codes:read, codes:write or stats:read',
  expiryInvalid: 'Please choose when the token expires',
  tooMany: `You can hold at most ${MAX_TOKENS_PER_USER} tokens. Revoke one you no longer use first.`,
  notFound: 'Token not found',
  createFailed: 'Could not create the token. Please try again.',
  loadFailed: 'Could not load your tokens. Please try again.',
  copyFailed: 'Could not copy. Select the token and copy it yourself.',
  revokeConfirm: 'Scripts that use it are refused from their next request. This cannot be undone.',
  revoked: 'Token revoked',
  revokeFailed: 'Could not revoke the token. Please try again.',
  /** 401: a bearer token that is unknown, expired or revoked. */
  invalid: 'This API token is invalid, expired or revoked.',
  /** 403: a route that takes no token (admin, account, tokens, sessions, passkeys, public). */
  notAccepted: 'API tokens cannot be used for this request. Sign in on the website instead.',
  /** 403: a token without the route's scope. */
  missingScope: (scope: TokenScope) => `This API token does not have the ${scope} scope.`,
  /** 400: a session cookie and a bearer token in one request. */
  cookieAndBearer: 'Send either a session cookie or an API token, not both.',
  shownOnce: 'Copy this token now. It is shown only once; we keep only a hash of it.',
} as const;

/** POST /api/me/tokens. */
export const createTokenSchema = z.object({
  name: z
    .string({ error: TOKEN_MESSAGES.nameRequired })
    .trim()
    .min(1, TOKEN_MESSAGES.nameRequired)
    .max(TOKEN_NAME_MAX, TOKEN_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, { error: TOKEN_MESSAGES.scopeUnknown }), {
      error: TOKEN_MESSAGES.scopesRequired,
    })
    .min(1, TOKEN_MESSAGES.scopesRequired)
    .max(TOKEN_SCOPES.length, TOKEN_MESSAGES.scopesRequired)
    .transform((scopes) => TOKEN_SCOPES.filter((scope) => scopes.includes(scope))),
  expiresInDays: z.enum(TOKEN_EXPIRIES, { error: TOKEN_MESSAGES.expiryInvalid }),
});
export type CreateTokenInput = z.input<typeof createTokenSchema>;

/** A token as listed: never its secret. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  createdAt: z.string(),
  /** Updated at most once a minute. */
  lastUsedAt: z.string().nullable(),
  /** Null: never expires. */
  expiresAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The create answer: the only time the secret leaves the server. */
export const createdTokenSchema = z.object({ token: apiTokenSchema, secret: z.string() });
export type CreatedToken = z.infer<typeof createdTokenSchema>;

export const tokenListSchema = z.object({ tokens: z.array(apiTokenSchema) });
