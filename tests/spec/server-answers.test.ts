import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import {
  mailedToken,
  requestLink,
  uniqueEmail,
  verifyLink,
  withSmtpCapture,
} from '../../server/features/auth/auth.test-helpers.ts';
import { describeEachDatabase, type TestContext } from '../../server/test-support/test-app.ts';
import { SERVER_MESSAGES, type ServerMessage } from './server-messages.ts';
import { SPEC_MESSAGES, SPEC_TEMPLATES, SPEC_USER_NOT_FOUND } from './spec-text.ts';

/**
 * Every spec message the server sends, checked against the server's answer (app.inject, on each
 * database). The screens' side is checked by the component tests; tests/spec/spec-coverage.test.ts
 * makes sure no message is left out of either.
 */

interface Refusal {
  status: number;
  /** The field the message is attached to, when it belongs to one. */
  field?: string;
  send(ctx: TestContext): Promise<LightMyRequestResponse>;
}

const capture = withSmtpCapture();

async function signedIn(ctx: TestContext, options: { admin?: boolean; username?: null } = {}) {
  return (await ctx.createUser(options)).cookie;
}

const putUsername = async (ctx: TestContext, username: string) =>
  ctx.request({
    method: 'PUT',
    url: '/api/me/username',
    body: { username },
    cookie: await signedIn(ctx, { username: null }),
  });

const postCode = async (ctx: TestContext, changes: Record<string, string>) =>
  ctx.request({
    method: 'POST',
    url: '/api/codes',
    body: { service: 'uber', code: 'RIDE', reward: '15', ...changes },
    cookie: await signedIn(ctx),
  });

const postRequest = async (ctx: TestContext, displayName: string, domain: string) =>
  ctx.request({
    method: 'POST',
    url: '/api/service-requests',
    body: { displayName, domain },
    cookie: await signedIn(ctx),
  });

const domain = (value: string): Refusal => ({
  status: 400,
  field: 'domain',
  send: (ctx) => postRequest(ctx, 'Brand', value),
});

/** A pending request, then `action` on it by a signed-in user who is not an admin. */
const asNonAdmin =
  (action: 'approve' | 'reject' | 'edit'): Refusal['send'] =>
  async (ctx) => {
    const owner = await ctx.createUser();
    const unique = randomBytes(4).toString('hex');
    const created = await ctx.request({
      method: 'POST',
      url: '/api/service-requests',
      body: { displayName: `Brand ${unique}`, domain: `brand${unique}.com` },
      cookie: owner.cookie,
    });
    const id = created.json().request.id;
    return ctx.request({
      method: action === 'edit' ? 'PATCH' : 'POST',
      url: `/api/admin/service-requests/${id}${action === 'edit' ? '' : `/${action}`}`,
      body:
        action === 'edit'
          ? { serviceId: 'x', displayName: 'X', domain: 'x.com', notes: '' }
          : { notes: '' },
      cookie: owner.cookie,
    });
  };

const refusals: Record<ServerMessage, Refusal> = {
  emailRequired: { status: 400, field: 'email', send: (ctx) => requestLink(ctx, '') },
  emailInvalid: { status: 400, field: 'email', send: (ctx) => requestLink(ctx, 'not-an-address') },
  invalidEmail: {
    status: 400,
    send: async (ctx) => {
      const token = await mailedToken(ctx, capture.smtp(), uniqueEmail('right'));
      return verifyLink(ctx, { email: uniqueEmail('wrong'), token });
    },
  },
  userDisabled: {
    status: 403,
    send: async (ctx) => {
      const user = await ctx.createUser({ email: uniqueEmail('disabled') });
      await ctx.database.db
        .updateTable('users')
        .set({ disabled_at: new Date().toISOString() })
        .where('id', '=', user.id)
        .execute();
      const token = await mailedToken(ctx, capture.smtp(), user.email);
      return verifyLink(ctx, { email: user.email, token });
    },
  },
  linkExpired: {
    status: 400,
    send: (ctx) =>
      verifyLink(ctx, { email: uniqueEmail(), token: randomBytes(32).toString('base64url') }),
  },
  sendFailed: {
    status: 503,
    send: async (ctx) => {
      capture.smtp().rejectAll = true;
      try {
        return await requestLink(ctx, uniqueEmail('unsent'));
      } finally {
        capture.smtp().rejectAll = false;
      }
    },
  },
  usernameRequired: { status: 400, field: 'username', send: (ctx) => putUsername(ctx, '') },
  usernameTooShort: { status: 400, field: 'username', send: (ctx) => putUsername(ctx, 'ab') },
  usernameTooLong: {
    status: 400,
    field: 'username',
    send: (ctx) => putUsername(ctx, 'a'.repeat(21)),
  },
  usernameCharacters: {
    status: 400,
    field: 'username',
    send: (ctx) => putUsername(ctx, 'no-dashes'),
  },
  usernameTaken: {
    status: 409,
    field: 'username',
    send: async (ctx) => {
      const taken = `taken_${randomBytes(3).toString('hex')}`;
      await ctx.createUser({ username: taken });
      return putUsername(ctx, taken.toUpperCase());
    },
  },
  serviceRequired: { status: 400, field: 'service', send: (ctx) => postCode(ctx, { service: '' }) },
  serviceInvalid: {
    status: 400,
    field: 'service',
    send: (ctx) => postCode(ctx, { service: 'no-such-service' }),
  },
  codeRequired: { status: 400, field: 'code', send: (ctx) => postCode(ctx, { code: ' ' }) },
  rewardRequired: { status: 400, field: 'reward', send: (ctx) => postCode(ctx, { reward: '' }) },
  serviceNameRequired: {
    status: 400,
    field: 'displayName',
    send: (ctx) => postRequest(ctx, '', 'example.com'),
  },
  domainRequired: domain(''),
  domainInvalid: domain('example'),
  domainWww: domain('www.example.com'),
  domainProtocol: domain('https://example.com'),
  // 63 + 63 + 63 + 58 letters, four dots and "com": 254 characters, no part over 63.
  domainTooLong: domain(
    `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`,
  ),
  domainPartTooLong: domain(`${'a'.repeat(64)}.com`),
  domainConsecutiveDots: domain('example..com'),
  domainEdgeDot: domain('.example.com'),
  serviceExists: {
    status: 409,
    field: 'displayName',
    send: (ctx) => postRequest(ctx, 'Uber', 'uber.com'),
  },
  requestPending: {
    status: 409,
    field: 'displayName',
    send: async (ctx) => {
      const name = `Pending ${randomBytes(4).toString('hex')}`;
      await postRequest(ctx, name, 'pending.com');
      return postRequest(ctx, name, 'pending.com');
    },
  },
  onlyAdminsApprove: { status: 403, send: asNonAdmin('approve') },
  onlyAdminsReject: { status: 403, send: asNonAdmin('reject') },
  onlyAdminsUpdate: { status: 403, send: asNonAdmin('edit') },
};

describeEachDatabase(
  "the spec's messages, as the server answers them",
  (ctx) => {
    for (const key of SERVER_MESSAGES) {
      const refusal = refusals[key];
      it(`${refusal.status} '${SPEC_MESSAGES[key]}'`, async () => {
        const response = await refusal.send(ctx);
        expect(response.statusCode).toBe(refusal.status);
        const { error } = response.json();
        expect(error.message).toBe(SPEC_MESSAGES[key]);
        if (refusal.field) expect(error.fields).toEqual({ [refusal.field]: SPEC_MESSAGES[key] });
      });
    }

    it(`answers an unknown profile with the ${SPEC_USER_NOT_FOUND} marker`, async () => {
      const response = await ctx.request({ url: '/api/profiles/nobody_here_at_all' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe(SPEC_USER_NOT_FOUND);
    });

    it('does not start in production without its settings, naming the missing ones', () => {
      const env = { NODE_ENV: 'production', SESSION_SECRET: 's', MAIL_FROM: 'a@b.c' };
      expect(() => loadConfig(env)).toThrowError(
        new Error(SPEC_TEMPLATES.missingEnv(['APP_URL', 'SMTP_URL'])),
      );
    });
  },
  { env: capture.env },
);
