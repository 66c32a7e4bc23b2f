import { expect } from 'vitest';
import type { TestContext, TestUser } from '../../test-support/test-app.ts';

/** Creates a token through the API (as the signed-in owner) and returns its id and secret. */
export async function createToken(
  ctx: TestContext,
  user: TestUser,
  scopes: string[],
  options: { name?: string; expiresInDays?: string } = {},
): Promise<{ id: string; secret: string }> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/me/tokens',
    cookie: user.cookie,
    body: { name: options.name ?? 'Script', scopes, expiresInDays: options.expiresInDays ?? '30' },
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json();
  return { id: body.token.id, secret: body.secret };
}

/** A request as a script makes it: the bearer token, no cookie, no Origin. */
export function withToken(
  ctx: TestContext,
  secret: string,
  request: { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; body?: unknown },
) {
  return ctx.app.inject({
    method: request.method ?? 'GET',
    url: request.url,
    headers: {
      authorization: `Bearer ${secret}`,
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
  });
}
