import { afterEach, expect, it, vi } from 'vitest';
import { nowIso } from '../../db/ids.ts';
import { sha256Hex } from '../../plugins/session.ts';
import { signInLinkFrom } from '../../test-support/smtp-capture.ts';
import { describeEachDatabase, TEST_APP_URL } from '../../test-support/test-app.ts';
import {
  mailedToken,
  requestLink,
  uniqueEmail,
  verifyLink,
  withSmtpCapture,
} from './auth.test-helpers.ts';

const capture = withSmtpCapture();

describeEachDatabase(
  'sign-in link tokens',
  (ctx) => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('mails a link of the form {APP_URL}/finishSignUp?token=<32 bytes> without the address', async () => {
      const email = uniqueEmail();
      await requestLink(ctx, email);
      const link = signInLinkFrom(await capture.smtp().nextMessage(email));
      expect(link).toMatch(new RegExp(`^${TEST_APP_URL}/finishSignUp\\?token=[A-Za-z0-9_-]{43}$`));
      expect(Buffer.from(new URL(link).searchParams.get('token') ?? '', 'base64url')).toHaveLength(
        32,
      );
      expect(link).not.toContain(email.split('@')[0]);
    });

    it('stores a token only as its SHA-256 hash', async () => {
      const email = uniqueEmail();
      const token = await mailedToken(ctx, capture.smtp(), email);
      const rows = await ctx.database.db
        .selectFrom('sign_in_tokens')
        .selectAll()
        .where('email', '=', email)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.token_hash).toBe(sha256Hex(token));
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('signs a new user in: 200 {user, isNewUser: true} and a session cookie', async () => {
      const email = uniqueEmail();
      const token = await mailedToken(ctx, capture.smtp(), email);
      const response = await verifyLink(ctx, { email, token });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.isNewUser).toBe(true);
      expect(body.user).toMatchObject({ email, username: null, isAdmin: false });
      expect(body.user.lastLoginAt).toEqual(expect.any(String));
      expect(response.cookies.map((c) => c.name)).toContain('refstash_session');
    });

    it('matches the address trimmed, NFKC-normalised and lowercased', async () => {
      const email = uniqueEmail('mixed');
      const token = await mailedToken(ctx, capture.smtp(), `  ${email.toUpperCase()} `);
      const response = await verifyLink(ctx, { email: `\uFF2D${email.slice(1)}`, token });
      // U+FF2D (fullwidth M) is NFKC-equal to "M", which lowercases to the "m" of "mixed".
      expect(response.statusCode).toBe(200);
      expect(response.json().user.email).toBe(email);
    });

    it('refuses a reused token with auth/invalid-action-code', async () => {
      const email = uniqueEmail();
      const token = await mailedToken(ctx, capture.smtp(), email);
      expect((await verifyLink(ctx, { email, token })).statusCode).toBe(200);
      const again = await verifyLink(ctx, { email, token });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toEqual({
        code: 'auth/invalid-action-code',
        message: 'This link has expired or already been used. Please request a new one.',
      });
    });

    it('refuses an expired token with auth/invalid-action-code', async () => {
      const email = uniqueEmail();
      const token = await mailedToken(ctx, capture.smtp(), email);
      await ctx.database.db
        .updateTable('sign_in_tokens')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('token_hash', '=', sha256Hex(token))
        .execute();
      const response = await verifyLink(ctx, { email, token });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('auth/invalid-action-code');
    });

    it('voids the older unused links of an address when a new one is issued', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const email = uniqueEmail('reissue');
      const first = await mailedToken(ctx, capture.smtp(), email);
      // Past the 1-per-minute limit, well within the first link's 15 minutes.
      vi.setSystemTime(Date.now() + 61_000);
      const second = await mailedToken(ctx, capture.smtp(), email);
      const old = await verifyLink(ctx, { email, token: first });
      expect(old.statusCode).toBe(400);
      expect(old.json().error).toEqual({
        code: 'auth/invalid-action-code',
        message: 'This link has expired or already been used. Please request a new one.',
      });
      expect((await verifyLink(ctx, { email, token: second })).statusCode).toBe(200);
    });

    it("leaves other addresses' links alone when a link is issued", async () => {
      const a = uniqueEmail('keep-a');
      const tokenA = await mailedToken(ctx, capture.smtp(), a);
      await mailedToken(ctx, capture.smtp(), uniqueEmail('keep-b'));
      expect((await verifyLink(ctx, { email: a, token: tokenA })).statusCode).toBe(200);
    });

    it('keeps a token valid for its 15 minutes', async () => {
      const email = uniqueEmail();
      const token = await mailedToken(ctx, capture.smtp(), email);
      const row = await ctx.database.db
        .selectFrom('sign_in_tokens')
        .select(['created_at', 'expires_at'])
        .where('token_hash', '=', sha256Hex(token))
        .executeTakeFirstOrThrow();
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(15 * 60 * 1000);
    });

    it('refuses an unknown token with auth/invalid-action-code', async () => {
      const response = await verifyLink(ctx, {
        email: uniqueEmail(),
        token: 'A'.repeat(43),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('auth/invalid-action-code');
    });

    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['not a string', 42],
      ['too long', 'A'.repeat(500)],
    ])('answers a %s token with auth/invalid-action-code', async (_label, token) => {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/auth/email-link/verify',
        body: { email: uniqueEmail(), token },
        headers: { 'x-forwarded-for': '192.0.2.77' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('auth/invalid-action-code');
    });

    it('gives exactly one session to two concurrent completions of one token', async () => {
      const email = uniqueEmail();
      const token = await mailedToken(ctx, capture.smtp(), email);
      const answers = await Promise.all([
        verifyLink(ctx, { email, token }),
        verifyLink(ctx, { email, token }),
        verifyLink(ctx, { email, token }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
      const sessions = await ctx.database.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select('sessions.id_hash')
        .where('users.email', '=', email)
        .execute();
      expect(sessions).toHaveLength(1);
    });

    it('answers a wrong address with auth/invalid-email and voids the token after 5', async () => {
      const email = uniqueEmail();
      const token = await mailedToken(ctx, capture.smtp(), email);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const wrong = await verifyLink(ctx, { email: `other${attempt}@example.com`, token });
        expect(wrong.statusCode).toBe(400);
        expect(wrong.json().error).toEqual({
          code: 'auth/invalid-email',
          message: 'Invalid email address',
        });
      }
      const sixth = await verifyLink(ctx, { email, token });
      expect(sixth.statusCode).toBe(400);
      expect(sixth.json().error.code).toBe('auth/invalid-action-code');
    });

    it('still accepts the right address after 4 wrong ones', async () => {
      const email = uniqueEmail();
      const token = await mailedToken(ctx, capture.smtp(), email);
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        await verifyLink(ctx, { email: `other${attempt}@example.com`, token });
      }
      expect((await verifyLink(ctx, { email, token })).statusCode).toBe(200);
    });

    it('answers a disabled user with 403 auth/user-disabled and no session', async () => {
      const user = await ctx.createUser({ email: uniqueEmail('disabled') });
      await ctx.database.db
        .updateTable('users')
        .set({ disabled_at: nowIso() })
        .where('id', '=', user.id)
        .execute();
      const token = await mailedToken(ctx, capture.smtp(), user.email);
      const response = await verifyLink(ctx, { email: user.email, token });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({
        code: 'auth/user-disabled',
        message: 'This account has been disabled',
      });
      expect(response.cookies).toHaveLength(0);
    });

    it('signs a returning user in with isNewUser false and lastLoginAt updated', async () => {
      const user = await ctx.createUser({ email: uniqueEmail('returning') });
      await ctx.database.db
        .updateTable('users')
        .set({ last_login_at: '2020-01-01T00:00:00.000Z' })
        .where('id', '=', user.id)
        .execute();
      const token = await mailedToken(ctx, capture.smtp(), user.email);
      const response = await verifyLink(ctx, { email: user.email, token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        isNewUser: false,
        user: { id: user.id, username: user.username },
      });
      const row = await ctx.database.db
        .selectFrom('users')
        .select('last_login_at')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(Date.parse(row.last_login_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    });
  },
  { env: capture.env },
);
