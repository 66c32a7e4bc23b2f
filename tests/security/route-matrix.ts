import { randomBytes } from 'node:crypto';
import { bombPng } from '../../server/features/profile-identity/avatar-fixtures.ts';
import { createPasskey, strayPasskeyAnswer } from './support/passkey-fixture.ts';
import type { Actor, SecurityApp } from './support/security-app.ts';
import {
  createActor,
  createApiToken,
  createCode,
  createHiddenCode,
  createServiceRequest,
  createSessionId,
} from './support/security-app.ts';

export type Role = 'anon' | 'user' | 'other' | 'admin';

/**
 * The owner's personal API token of each scope, as a caller with no cookie (decision 107). A
 * route answers a token only when it names the token's scope; every other route refuses it (403),
 * so a row lists the token columns only where a token gets through.
 */
export const TOKEN_ROLES = ['codes:read', 'codes:write', 'stats:read'] as const;
export type TokenRole = (typeof TOKEN_ROLES)[number];
/** What a route that does not take the token's scope answers it. */
export const TOKEN_REFUSED = 403;

/** What one case may use: a code and a pending service request, both owned by `owner`. */
export interface Fixture {
  owner: Actor;
  code: string;
  request: string;
  unique: string;
  /** A user who has signed in before and is not an admin yet. */
  candidate: Actor;
  /** The action that hid another of `owner`'s codes (not appealed yet). */
  hideAction: string;
  /** The owner's open appeal of a third, hidden code. */
  appeal: string;
  /** One of the owner's personal API tokens (its public id). */
  token: string;
  /** One of the owner's sessions (its public id), not the one a case signs in with. */
  session: string;
  /** One of the owner's passkeys (issue 27). */
  passkey: string;
}

export interface MatrixRow {
  url: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** Expected status per role; `other` is a second signed-in user who owns nothing here. */
  expect: Record<Role, number>;
  /** The owner's token of a scope that gets through, and its status; any other: TOKEN_REFUSED. */
  tokens?: Partial<Record<TokenRole, number>>;
  /** Extra request headers (a byte body's `content-type`). */
  headers?: Record<string, string>;
}

/** An 8 x 8 PNG (the avatar upload's body). */
const SMALL_PNG = bombPng(8, 8);

/** A one-code CSV in the export's columns, new for each case. */
const importFile = (f: Fixture) => ({
  fileName: 'codes.csv',
  content: Buffer.from(
    `service,productName,code,reward,link\r\nuber,,IMP${f.unique},5,\r\n`,
  ).toString('base64'),
});

const OWNED = { anon: 401, other: 404, admin: 404 } as const;
const ADMIN_ONLY = { anon: 401, user: 403, other: 403 } as const;
const ANYONE = (status: number) =>
  ({ anon: status, user: status, other: status, admin: status }) as const;

/**
 * Every /api route and who may call it (decisions.md "API shape"). A route the app registers
 * that is missing here fails the authorization test: add it with its expected statuses.
 */
export const ROUTE_MATRIX: Record<string, MatrixRow> = {
  'POST /api/auth/email-link': {
    url: () => '/api/auth/email-link',
    body: (f) => ({ email: `link-${f.unique}@example.com` }),
    expect: ANYONE(202),
  },
  'POST /api/auth/email-link/verify': {
    url: () => '/api/auth/email-link/verify',
    body: (f) => ({ email: f.owner.email, token: randomBytes(32).toString('base64url') }),
    expect: ANYONE(400),
  },
  'POST /api/auth/sign-out': {
    url: () => '/api/auth/sign-out',
    // Signing out without a session is answered like any sign-out: the cookie is cleared.
    expect: ANYONE(204),
  },
  'GET /api/openapi.json': { url: () => '/api/openapi.json', expect: ANYONE(200) },
  'GET /api/me': {
    url: () => '/api/me',
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
    tokens: { 'codes:read': 200 },
  },
  'PUT /api/me/username': {
    url: () => '/api/me/username',
    body: (f) => ({ username: `n${f.unique}` }),
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
  },
  // The profile identity (issue 26): always the caller's own.
  'GET /api/me/profile': {
    url: () => '/api/me/profile',
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
  },
  'PUT /api/me/profile': {
    url: () => '/api/me/profile',
    body: () => ({ displayName: 'Some One', bio: 'Hi', links: [], accent: 'teal' }),
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
  },
  'PUT /api/me/avatar': {
    url: () => '/api/me/avatar',
    body: () => SMALL_PNG,
    headers: { 'content-type': 'image/png' },
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
  },
  'DELETE /api/me/avatar': {
    url: () => '/api/me/avatar',
    expect: { anon: 401, user: 204, other: 204, admin: 204 },
  },
  // Public, immutable bytes by hash; an unknown hash is 404 for everyone.
  'GET /api/avatars/:file': {
    url: () => `/api/avatars/${'0'.repeat(32)}-128.webp`,
    expect: ANYONE(404),
  },
  // The owner deletes their own account; anyone else typed a name that is not theirs (400).
  'DELETE /api/me': {
    url: () => '/api/me',
    body: (f) => ({ username: f.owner.username }),
    expect: { anon: 401, user: 204, other: 400, admin: 400 },
  },
  // Owner data (decision 080): every /api/me route is about the caller; no path names anyone else.
  'GET /api/me/export': {
    url: () => '/api/me/export',
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
  },
  'GET /api/me/export/codes.csv': {
    url: () => '/api/me/export/codes.csv',
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
    tokens: { 'codes:read': 200 },
  },
  'POST /api/me/import/preview': {
    url: () => '/api/me/import/preview',
    body: (f) => importFile(f),
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
    tokens: { 'codes:write': 200 },
  },
  'POST /api/me/import': {
    url: () => '/api/me/import',
    body: (f) => importFile(f),
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
    tokens: { 'codes:write': 200 },
  },
  'PUT /api/me/settings': {
    url: () => '/api/me/settings',
    body: () => ({ listNewCodes: false }),
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
  },
  'GET /api/me/email-settings': {
    url: () => '/api/me/email-settings',
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
  },
  'PUT /api/me/email-settings': {
    url: () => '/api/me/email-settings',
    body: () => ({ 'weekly-summary': false }),
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
  },
  'GET /api/me/stats': {
    url: () => '/api/me/stats?days=7',
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
    tokens: { 'stats:read': 200 },
  },
  'GET /api/usernames/:name': {
    url: (f) => `/api/usernames/free${f.unique}`,
    expect: ANYONE(200),
  },
  'GET /api/codes': {
    url: () => '/api/codes',
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
    tokens: { 'codes:read': 200 },
  },
  'POST /api/codes': {
    url: () => '/api/codes',
    body: (f) => ({
      service: 'uber',
      code: `C${f.unique}`,
      reward: '10',
      productName: '',
      link: '',
    }),
    expect: { anon: 401, user: 201, other: 201, admin: 201 },
    tokens: { 'codes:write': 201 },
  },
  'PATCH /api/codes/:id': {
    url: (f) => `/api/codes/${f.code}`,
    body: () => ({ service: 'uber', code: 'CHANGED', reward: '20', productName: '', link: '' }),
    expect: { ...OWNED, user: 200 },
    tokens: { 'codes:write': 200 },
  },
  'DELETE /api/codes/:id': {
    url: (f) => `/api/codes/${f.code}`,
    expect: { ...OWNED, user: 204 },
    tokens: { 'codes:write': 204 },
  },
  // Personal API tokens and sessions (decision 107): the owner's own, never through a token.
  'GET /api/me/tokens': {
    url: () => '/api/me/tokens',
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
  },
  'POST /api/me/tokens': {
    url: () => '/api/me/tokens',
    body: () => ({ name: 'Script', scopes: ['codes:read'], expiresInDays: '30' }),
    expect: { anon: 401, user: 201, other: 201, admin: 201 },
  },
  'DELETE /api/me/tokens/:id': {
    url: (f) => `/api/me/tokens/${f.token}`,
    expect: { ...OWNED, user: 204 },
  },
  'GET /api/me/sessions': {
    url: () => '/api/me/sessions',
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
  },
  'DELETE /api/me/sessions/:id': {
    url: (f) => `/api/me/sessions/${f.session}`,
    expect: { ...OWNED, user: 204 },
  },
  'POST /api/me/sessions/sign-out-others': {
    url: () => '/api/me/sessions/sign-out-others',
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
  },
  'GET /api/landing/preview': { url: () => '/api/landing/preview', expect: ANYONE(200) },
  'GET /api/profiles/:username': {
    url: (f) => `/api/profiles/${f.owner.username}`,
    expect: ANYONE(200),
  },
  'POST /api/codes/:id/clicks': { url: (f) => `/api/codes/${f.code}/clicks`, expect: ANYONE(202) },
  'GET /api/services': { url: () => '/api/services', expect: ANYONE(200) },
  'GET /api/services/directory': { url: () => '/api/services/directory', expect: ANYONE(200) },
  'GET /api/services/:id/codes': { url: () => '/api/services/uber/codes', expect: ANYONE(200) },
  // Nobody here copied the code first: answered, not counted (decision 070).
  'POST /api/codes/:id/votes': {
    url: (f) => `/api/codes/${f.code}/votes`,
    body: () => ({ worked: false, reason: 'expired' }),
    expect: ANYONE(202),
  },
  'POST /api/service-requests': {
    url: () => '/api/service-requests',
    body: (f) => ({ displayName: `Brand ${f.unique}`, domain: `brand${f.unique}.example.com` }),
    expect: { anon: 401, user: 201, other: 201, admin: 201 },
  },
  // Each user's own requests: the owner and the other user both get 200 (with their own list).
  'GET /api/service-requests': {
    url: () => '/api/service-requests',
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
  },
  'GET /api/admin/service-requests': {
    url: () => '/api/admin/service-requests',
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'POST /api/admin/service-requests/:id/approve': {
    url: (f) => `/api/admin/service-requests/${f.request}/approve`,
    body: () => ({ notes: 'ok' }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'POST /api/admin/service-requests/:id/reject': {
    url: (f) => `/api/admin/service-requests/${f.request}/reject`,
    body: () => ({ notes: 'no' }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'PATCH /api/admin/service-requests/:id': {
    url: (f) => `/api/admin/service-requests/${f.request}`,
    body: (f) => ({
      serviceId: `edited${f.unique}`,
      displayName: `Edited ${f.unique}`,
      domain: `edited${f.unique}.example.com`,
      notes: '',
    }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'GET /api/admin/services/:id/link-hosts': {
    url: () => '/api/admin/services/uber/link-hosts',
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'PUT /api/admin/services/:id/link-hosts': {
    url: () => '/api/admin/services/uber/link-hosts',
    body: () => ({ hosts: ['sho.rt'] }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'GET /api/admin/admins': {
    url: () => '/api/admin/admins',
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'POST /api/admin/admins': {
    url: () => '/api/admin/admins',
    body: (f) => ({ email: f.candidate.email }),
    expect: { ...ADMIN_ONLY, admin: 201 },
  },
  // Moderation (decision 095): anyone reports; only the owner appeals; only admins see or act.
  'POST /api/reports': {
    url: () => '/api/reports',
    body: (f) => ({ target: { type: 'code', codeId: f.code }, reason: 'spam' }),
    expect: ANYONE(202),
  },
  'POST /api/me/appeals': {
    url: () => '/api/me/appeals',
    body: (f) => ({ actionId: f.hideAction, note: 'It is my code' }),
    expect: { anon: 401, user: 201, other: 404, admin: 404 },
  },
  'GET /api/admin/reports': {
    url: () => '/api/admin/reports',
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'GET /api/admin/audit-log': {
    url: () => '/api/admin/audit-log',
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'POST /api/admin/moderation-actions': {
    url: () => '/api/admin/moderation-actions',
    body: (f) => ({
      action: 'hide_code',
      target: { type: 'code', codeId: f.code },
      reason: 'Spam',
    }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'POST /api/admin/appeals/:id/decision': {
    url: (f) => `/api/admin/appeals/${f.appeal}/decision`,
    body: () => ({ decision: 'keep', reason: 'Still spam' }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  'GET /api/logos/lookup': {
    url: () => '/api/logos/lookup?serviceId=uber&width=64&height=64',
    expect: ANYONE(200),
  },
  'GET /api/logos/service': {
    // A service in no catalogue: 404 before any fetch, so the answer never depends on the
    // network (fetching a real site's icon is the logo tests' subject).
    url: () => '/api/logos/service?serviceId=not-a-service&width=64&height=64',
    expect: ANYONE(404),
  },
  // Uber's logo is bundled: the image never depends on the network.
  'GET /api/logos/:serviceId/image': { url: () => '/api/logos/uber/image', expect: ANYONE(200) },
  'GET /api/share-images/profiles/:username': {
    url: (f) => `/api/share-images/profiles/${f.owner.username}`,
    expect: ANYONE(200),
  },
  'GET /api/share-images/services/:id': {
    url: () => '/api/share-images/services/uber',
    expect: ANYONE(200),
  },
  'GET /api/share-images/landing': { url: () => '/api/share-images/landing', expect: ANYONE(200) },
  // Passkeys (issue 27, decision 105): the owner's own under /api/me; sign-in is for anyone. A
  // verification of an answer to no challenge anyone was given is refused (400).
  'GET /api/me/passkeys': {
    url: () => '/api/me/passkeys',
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
  },
  'POST /api/me/passkeys/registration/options': {
    url: () => '/api/me/passkeys/registration/options',
    expect: { anon: 401, user: 200, other: 200, admin: 200 },
  },
  'POST /api/me/passkeys/registration/verify': {
    url: () => '/api/me/passkeys/registration/verify',
    body: () => strayPasskeyAnswer.registration,
    expect: { anon: 401, user: 400, other: 400, admin: 400 },
  },
  'PATCH /api/me/passkeys/:id': {
    url: (f) => `/api/me/passkeys/${f.passkey}`,
    body: () => ({ name: 'Laptop' }),
    expect: { ...OWNED, user: 200 },
  },
  'DELETE /api/me/passkeys/:id': {
    url: (f) => `/api/me/passkeys/${f.passkey}`,
    expect: { ...OWNED, user: 204 },
  },
  'POST /api/auth/passkey/options': { url: () => '/api/auth/passkey/options', expect: ANYONE(200) },
  'POST /api/auth/passkey/verify': {
    url: () => '/api/auth/passkey/verify',
    body: () => strayPasskeyAnswer.authentication,
    expect: ANYONE(400),
  },
};

/**
 * A fresh owner with a code and a pending request for one case, so a DELETE, an approve or a
 * rename cannot affect the next case. The `user` role acts as this owner.
 */
export async function createFixture(target: SecurityApp): Promise<Fixture> {
  const owner = await createActor(target);
  return {
    owner,
    code: await createCode(target, owner.id),
    request: await createServiceRequest(target, owner.id),
    unique: randomBytes(4).toString('hex'),
    candidate: await createActor(target),
    hideAction: (await createHiddenCode(target, owner.id)).actionId,
    appeal: (await createHiddenCode(target, owner.id, { appeal: true })).appealId ?? '',
    token: (await createApiToken(target, owner.id, ['codes:read'])).id,
    session: await createSessionId(target, owner.id),
    passkey: await createPasskey(target, owner.id),
  };
}
