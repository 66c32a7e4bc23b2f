import { expect, it, vi } from 'vitest';
import { sha256Hex } from '../../plugins/session.ts';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import {
  mailedToken,
  sessionCookieFrom,
  uniqueEmail,
  verifyLink,
  withSmtpCapture,
} from './auth.test-helpers.ts';

const capture = withSmtpCapture();

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase(
  'sessions',
  (ctx) => {
    async function signIn(email: string, cookie?: string) {
      const token = await mailedToken(ctx, capture.smtp(), email);
      const response = await verifyLink(ctx, { email, token }, { cookie });
      expect(response.statusCode).toBe(200);
      return sessionCookieFrom(response);
    }

    const me = (cookie?: string) => ctx.request({ url: '/api/me', cookie });

    it('stores only the session hash', async () => {
      const cookie = await signIn(uniqueEmail());
      const raw = cookie.split('=')[1] ?? '';
      expect(Buffer.from(raw, 'base64url')).toHaveLength(32);
      const rows = await ctx.database.db
        .selectFrom('sessions')
        .selectAll()
        .where('id_hash', '=', sha256Hex(raw))
        .execute();
      expect(rows).toHaveLength(1);
      const all = await ctx.database.db.selectFrom('sessions').selectAll().execute();
      expect(JSON.stringify(all)).not.toContain(raw);
    });

    it('sets an HttpOnly, SameSite=Lax cookie that lasts 30 days', async () => {
      const token = await mailedToken(ctx, capture.smtp(), uniqueEmail());
      const email = capture.smtp().messages.at(-1)?.to[0] ?? '';
      const response = await verifyLink(ctx, { email, token });
      const cookie = response.cookies.find((c) => c.name === 'refstash_session');
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        maxAge: 30 * 86400,
      });
      expect(cookie?.secure).toBeFalsy();
    });

    it('makes a new session at every sign-in and ends the one the browser held', async () => {
      const email = uniqueEmail();
      const first = await signIn(email);
      // Past the one-link-per-minute limit for the address.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61_000);
      const second = await signIn(email, first).finally(() => vi.useRealTimers());
      expect(second).not.toBe(first);
      expect((await me(first)).statusCode).toBe(401);
      expect((await me(second)).statusCode).toBe(200);
    });

    it('GET /api/me answers the user with isAdmin, and 401 when signed out', async () => {
      const admin = await ctx.createUser({ admin: true });
      const response = await me(admin.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: admin.id,
        email: admin.email,
        username: admin.username,
        createdAt: expect.any(String),
        lastLoginAt: expect.any(String),
        isAdmin: true,
        listNewCodes: true,
        // The test config has no listing probation: today (UTC).
        listingFrom: new Date().toISOString().slice(0, 10),
      });
      const plain = await ctx.createUser();
      expect((await me(plain.cookie)).json().isAdmin).toBe(false);
      expect((await me()).statusCode).toBe(401);
    });

    it('sign-out deletes the session on the server: the old cookie then gets 401', async () => {
      const user = await ctx.createUser();
      expect((await me(user.cookie)).statusCode).toBe(200);
      const out = await ctx.request({
        method: 'POST',
        url: '/api/auth/sign-out',
        cookie: user.cookie,
      });
      expect(out.statusCode).toBe(204);
      expect(out.cookies.find((c) => c.name === 'refstash_session')?.value).toBe('');
      expect((await me(user.cookie)).statusCode).toBe(401);
      const left = await ctx.database.db
        .selectFrom('sessions')
        .select('id_hash')
        .where('user_id', '=', user.id)
        .execute();
      expect(left).toEqual([]);
    });

    it('refuses a session older than 30 days and accepts one of 29', async () => {
      const old = await ctx.createUser();
      const young = await ctx.createUser();
      const age = async (userId: string, days: number) => {
        const created = Date.now() - days * DAY;
        await ctx.database.db
          .updateTable('sessions')
          .set({
            created_at: new Date(created).toISOString(),
            expires_at: new Date(created + 30 * DAY).toISOString(),
          })
          .where('user_id', '=', userId)
          .execute();
      };
      await age(old.id, 30.01);
      await age(young.id, 29);
      expect((await me(old.cookie)).statusCode).toBe(401);
      expect((await me(young.cookie)).statusCode).toBe(200);
    });

    it("sweeps the user's expired sessions at sign-in", async () => {
      const email = uniqueEmail('sweep');
      const first = await signIn(email);
      await ctx.database.db
        .updateTable('sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id_hash', '=', sha256Hex(first.split('=')[1] ?? ''))
        .execute();
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 61_000);
      await signIn(email).finally(() => vi.useRealTimers());
      const left = await ctx.database.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select('sessions.id_hash')
        .where('users.email', '=', email)
        .execute();
      expect(left).toHaveLength(1);
    });

    it('refuses the session of a user who has since been disabled', async () => {
      const user = await ctx.createUser();
      await ctx.database.db
        .updateTable('users')
        .set({ disabled_at: new Date().toISOString() })
        .where('id', '=', user.id)
        .execute();
      expect((await me(user.cookie)).statusCode).toBe(401);
    });
  },
  { env: capture.env },
);

describeEachDatabase(
  'sessions with an https APP_URL',
  (ctx) => {
    it('sets a __Host- prefixed, Secure, HttpOnly, SameSite=Lax cookie', async () => {
      const email = uniqueEmail();
      const token = await mailedToken(ctx, capture.smtp(), email);
      const response = await ctx.request({
        method: 'POST',
        url: '/api/auth/email-link/verify',
        body: { email, token },
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(response.statusCode).toBe(200);
      const header = String(response.headers['set-cookie']);
      expect(header).toMatch(/^__Host-refstash_session=[A-Za-z0-9_-]{43};/);
      expect(header).toContain('; Secure');
      expect(header).toContain('; HttpOnly');
      expect(header).toContain('; SameSite=Lax');
      expect(header).toContain('; Path=/');
      expect(header).not.toContain('Domain=');
    });
  },
  { env: () => ({ ...capture.env(), APP_URL: 'https://refstash.example' }) },
);
