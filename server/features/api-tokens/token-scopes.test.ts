import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';
import { createToken, withToken } from './api-tokens.test-helpers.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Case {
  method: Method;
  url: (code: string, user: TestUser) => string;
  body?: (unique: string, user: TestUser) => unknown;
  /** The one scope that opens it; null: no token ever. */
  scope: 'codes:read' | 'codes:write' | 'stats:read' | null;
  /** The status the allowed token gets. */
  ok?: number;
}

const csv = (unique: string) =>
  Buffer.from(`service,productName,code,reward,link\r\nuber,,IMP${unique},5,\r\n`).toString(
    'base64',
  );

/**
 * Every /api/me* and /api/codes* route, the scope it takes, and the answer an allowed token
 * gets. A token without the scope gets 403; routes with no scope refuse every token.
 */
const CASES: Record<string, Case> = {
  'GET /api/me': { method: 'GET', url: () => '/api/me', scope: 'codes:read', ok: 200 },
  'GET /api/codes': { method: 'GET', url: () => '/api/codes', scope: 'codes:read', ok: 200 },
  'GET /api/me/export/codes.csv': {
    method: 'GET',
    url: () => '/api/me/export/codes.csv',
    scope: 'codes:read',
    ok: 200,
  },
  'POST /api/codes': {
    method: 'POST',
    url: () => '/api/codes',
    body: (u) => ({ service: 'uber', code: `T${u}`, reward: '1' }),
    scope: 'codes:write',
    ok: 201,
  },
  'PATCH /api/codes/:id': {
    method: 'PATCH',
    url: (code) => `/api/codes/${code}`,
    body: () => ({ reward: '2' }),
    scope: 'codes:write',
    ok: 200,
  },
  'DELETE /api/codes/:id': {
    method: 'DELETE',
    url: (code) => `/api/codes/${code}`,
    scope: 'codes:write',
    ok: 204,
  },
  'POST /api/me/import/preview': {
    method: 'POST',
    url: () => '/api/me/import/preview',
    body: (u) => ({ fileName: 'codes.csv', content: csv(u) }),
    scope: 'codes:write',
    ok: 200,
  },
  'POST /api/me/import': {
    method: 'POST',
    url: () => '/api/me/import',
    body: (u) => ({ fileName: 'codes.csv', content: csv(u) }),
    scope: 'codes:write',
    ok: 200,
  },
  'GET /api/me/stats': {
    method: 'GET',
    url: () => '/api/me/stats?days=7',
    scope: 'stats:read',
    ok: 200,
  },
  'GET /api/me/export': { method: 'GET', url: () => '/api/me/export', scope: null },
  'DELETE /api/me': {
    method: 'DELETE',
    url: () => '/api/me',
    body: (_u, user) => ({ username: user.username }),
    scope: null,
  },
  'PUT /api/me/username': {
    method: 'PUT',
    url: () => '/api/me/username',
    body: (u) => ({ username: `t${u}` }),
    scope: null,
  },
  'PUT /api/me/settings': {
    method: 'PUT',
    url: () => '/api/me/settings',
    body: () => ({ listNewCodes: false }),
    scope: null,
  },
  'POST /api/me/appeals': {
    method: 'POST',
    url: () => '/api/me/appeals',
    body: () => ({ actionId: '00000000-0000-7000-8000-000000000000', note: 'x' }),
    scope: null,
  },
  'GET /api/me/tokens': { method: 'GET', url: () => '/api/me/tokens', scope: null },
  'POST /api/me/tokens': {
    method: 'POST',
    url: () => '/api/me/tokens',
    body: () => ({ name: 'x', scopes: ['codes:read'], expiresInDays: '30' }),
    scope: null,
  },
  'GET /api/me/sessions': { method: 'GET', url: () => '/api/me/sessions', scope: null },
  'POST /api/me/sessions/sign-out-others': {
    method: 'POST',
    url: () => '/api/me/sessions/sign-out-others',
    scope: null,
  },
  'POST /api/codes/:id/clicks': {
    method: 'POST',
    url: (code) => `/api/codes/${code}/clicks`,
    scope: null,
  },
  'POST /api/auth/sign-out': { method: 'POST', url: () => '/api/auth/sign-out', scope: null },
  'GET /api/admin/admins': { method: 'GET', url: () => '/api/admin/admins', scope: null },
  'GET /api/admin/reports': { method: 'GET', url: () => '/api/admin/reports', scope: null },
};

const SCOPES = ['codes:read', 'codes:write', 'stats:read'] as const;

async function ownCode(ctx: TestContext, user: TestUser): Promise<string> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/codes',
    cookie: user.cookie,
    body: { service: 'uber', code: `OWN${Math.random().toString(36).slice(2, 8)}`, reward: '3' },
  });
  return response.json().code.id;
}

describeEachDatabase('API token scopes per route', (ctx) => {
  for (const [route, c] of Object.entries(CASES)) {
    it(`${route}: ${c.scope ?? 'no token'}`, async () => {
      // An admin owner: an admin route refuses the token, not the person.
      const user = await ctx.createUser({ admin: true });
      const seen: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const scope of [...SCOPES, 'all'] as const) {
        const scopes = scope === 'all' ? [...SCOPES] : [scope];
        const { secret } = await createToken(ctx, user, scopes);
        const unique = Math.random().toString(36).slice(2, 8);
        const response = await withToken(ctx, secret, {
          method: c.method,
          url: c.url(await ownCode(ctx, user), user),
          body: c.body?.(unique, user),
        });
        seen[scope] = response.statusCode;
        const allowed = c.scope !== null && scopes.includes(c.scope);
        expected[scope] = allowed ? (c.ok ?? 200) : 403;
        if (!allowed) {
          expect(response.json().error.message).toBe(
            c.scope === null
              ? 'API tokens cannot be used for this request. Sign in on the website instead.'
              : `This API token does not have the ${c.scope} scope.`,
          );
        }
      }
      expect(seen).toEqual(expected);
      // The person behind it still can: the cookie reaches the route.
      expect((await ctx.request({ url: '/api/me', cookie: user.cookie })).statusCode).toBe(200);
    });
  }
});
