import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestContext, TestUser } from '../../test-support/test-app.ts';
import { SoftAuthenticator } from './soft-authenticator.test-helpers.ts';

/** The passkey tests' ceremonies through the real routes (TEST_APP_URL is http://localhost:3000). */

export const TEST_RP = { rpId: 'localhost', origin: 'http://localhost:3000' };

/** `name=value` of a Set-Cookie the answer carries. */
export function cookieFrom(response: LightMyRequestResponse, name: string): string {
  const cookie = response.cookies.find((c) => c.name === name);
  if (!cookie) throw new Error(`no ${name} cookie in the answer`);
  return `${cookie.name}=${cookie.value}`;
}

export async function registrationOptions(ctx: TestContext, cookie: string) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/me/passkeys/registration/options',
    cookie,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { challenge: string; rp: { id: string }; user: { id: string } };
}

export function verifyRegistration(ctx: TestContext, cookie: string, response: unknown) {
  return ctx.request({
    method: 'POST',
    url: '/api/me/passkeys/registration/verify',
    cookie,
    body: { response },
  });
}

/** Registers a new software passkey for the user and returns it. */
export async function addPasskey(ctx: TestContext, user: TestUser): Promise<SoftAuthenticator> {
  const authenticator = new SoftAuthenticator(TEST_RP);
  const options = await registrationOptions(ctx, user.cookie);
  const answer = await verifyRegistration(ctx, user.cookie, authenticator.register(options));
  expect(answer.statusCode, answer.body).toBe(201);
  return authenticator;
}

/** Sign-in options for a browser: the challenge, and the pre-sign-in cookie it is bound to. */
export async function signInOptions(ctx: TestContext, cookie?: string) {
  const response = await ctx.request({ method: 'POST', url: '/api/auth/passkey/options', cookie });
  expect(response.statusCode).toBe(200);
  const bound = response.cookies.some((c) => c.name === 'refstash_passkey')
    ? cookieFrom(response, 'refstash_passkey')
    : cookie;
  return { options: response.json() as { challenge: string; rpId: string }, cookie: bound ?? '' };
}

export function verifySignIn(ctx: TestContext, cookie: string, response: unknown) {
  return ctx.request({
    method: 'POST',
    url: '/api/auth/passkey/verify',
    cookie,
    body: { response },
  });
}
