import { expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDatabase } from '../../db/database.ts';
import { createSession, sessionCookieName, sha256Hex } from '../../plugins/session.ts';
import { describeEachDatabase, type TestContext } from '../../test-support/test-app.ts';
import { mailedToken, nextIp, uniqueEmail, withSmtpCapture } from '../auth/auth.test-helpers.ts';

const capture = withSmtpCapture();

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const HOUR = 60 * 60 * 1000;

async function secondSession(ctx: TestContext, userId: string, device: string | null) {
  const raw = await createSession(ctx.database.db, userId, device);
  return { raw, cookie: `${sessionCookieName(ctx.config)}=${raw}` };
}

function lastSeen(ctx: TestContext, raw: string) {
  return ctx.database.db
    .selectFrom('sessions')
    .select('last_seen_at')
    .where('id_hash', '=', sha256Hex(raw))
    .executeTakeFirstOrThrow()
    .then((row) => row.last_seen_at);
}

async function setLastSeen(ctx: TestContext, raw: string, at: number) {
  await ctx.database.db
    .updateTable('sessions')
    .set({ last_seen_at: new Date(at).toISOString() })
    .where('id_hash', '=', sha256Hex(raw))
    .execute();
}

describeEachDatabase(
  "sessions you can see ('Where you're signed in')",
  (ctx) => {
    const list = (cookie: string) => ctx.request({ url: '/api/me/sessions', cookie });
    const me = (cookie: string) => ctx.request({ url: '/api/me', cookie });

    it('names the device from the User-Agent at sign-in and marks this device', async () => {
      const email = uniqueEmail();
      const token = await mailedToken(ctx, capture.smtp(), email);
      const verify = await ctx.request({
        method: 'POST',
        url: '/api/auth/email-link/verify',
        body: { email, token },
        headers: { 'x-forwarded-for': nextIp(), 'user-agent': ANDROID_CHROME },
      });
      expect(verify.statusCode).toBe(200);
      const cookie = verify.cookies.find((c) => c.name === 'refstash_session');
      const browser = `refstash_session=${cookie?.value}`;
      const userId = verify.json().user.id as string;
      const other = await secondSession(ctx, userId, 'Firefox on Windows');
      const legacy = await secondSession(ctx, userId, null);

      const response = await list(browser);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const sessions = response.json().sessions as Array<Record<string, unknown>>;
      expect(sessions).toHaveLength(3);
      const current = sessions.filter((s) => s.current);
      expect(current).toHaveLength(1);
      expect(sessions[0]?.current).toBe(true);
      expect(current[0]).toMatchObject({ device: 'Chrome on Android', current: true });
      expect(sessions.map((s) => s.device).sort()).toEqual([
        'Chrome on Android',
        'Firefox on Windows',
        'Unknown device',
      ]);
      for (const session of sessions) {
        expect(session.id).toMatch(/^[0-9a-f]{16}$/);
        expect(Date.parse(String(session.createdAt))).not.toBeNaN();
        expect(Date.parse(String(session.lastSeenAt))).not.toBeNaN();
      }
      // The ids are not the secrets: no cookie value appears anywhere in the answer.
      for (const raw of [cookie?.value ?? '', other.raw, legacy.raw]) {
        expect(response.body).not.toContain(raw);
      }
      // Only the words are kept, never the header.
      const stored = await ctx.database.db.selectFrom('sessions').selectAll().execute();
      expect(JSON.stringify(stored)).not.toContain('Pixel 8');
    });

    it('writes last_seen_at at most once an hour', async () => {
      const user = await ctx.createUser();
      const { raw, cookie } = await secondSession(ctx, user.id, null);
      const recent = Date.now() - 30 * 60 * 1000;
      await setLastSeen(ctx, raw, recent);
      expect((await me(cookie)).statusCode).toBe(200);
      expect(Date.parse((await lastSeen(ctx, raw)) ?? '')).toBe(recent);

      const stale = Date.now() - 2 * HOUR;
      await setLastSeen(ctx, raw, stale);
      const before = Date.now();
      expect((await me(cookie)).statusCode).toBe(200);
      const seen = Date.parse((await lastSeen(ctx, raw)) ?? '');
      expect(seen).toBeGreaterThanOrEqual(before - 1000);
      expect(seen).toBeLessThanOrEqual(Date.now());
    });

    it("'Sign out' ends one session: its next request is 401; others stay", async () => {
      const user = await ctx.createUser();
      const other = await secondSession(ctx, user.id, 'Safari on iPhone');
      const sessions = (await list(user.cookie)).json().sessions as Array<{
        id: string;
        current: boolean;
      }>;
      const target = sessions.find((s) => !s.current);
      expect(target).toBeDefined();
      expect((await me(other.cookie)).statusCode).toBe(200);
      const response = await ctx.request({
        method: 'DELETE',
        url: `/api/me/sessions/${target?.id}`,
        cookie: user.cookie,
      });
      expect(response.statusCode).toBe(204);
      expect((await me(other.cookie)).statusCode).toBe(401);
      expect((await me(user.cookie)).statusCode).toBe(200);
      // Gone now; and a well-formed id that is not theirs is not found either.
      const again = await ctx.request({
        method: 'DELETE',
        url: `/api/me/sessions/${target?.id}`,
        cookie: user.cookie,
      });
      expect(again.statusCode).toBe(404);
      expect(again.json().error.message).toBe('Session not found');
      const malformed = await ctx.request({
        method: 'DELETE',
        url: '/api/me/sessions/not-an-id',
        cookie: user.cookie,
      });
      expect(malformed.statusCode).toBe(404);
    });

    it("cannot sign out someone else's session", async () => {
      const user = await ctx.createUser();
      const stranger = await ctx.createUser();
      const theirs = (await list(stranger.cookie)).json().sessions[0].id as string;
      const response = await ctx.request({
        method: 'DELETE',
        url: `/api/me/sessions/${theirs}`,
        cookie: user.cookie,
      });
      expect(response.statusCode).toBe(404);
      expect((await me(stranger.cookie)).statusCode).toBe(200);
    });

    it("'Sign out everywhere else' ends every other session and keeps this one", async () => {
      const user = await ctx.createUser();
      const a = await secondSession(ctx, user.id, 'Chrome on Android');
      const b = await secondSession(ctx, user.id, 'Firefox on Windows');
      const stranger = await ctx.createUser();
      const response = await ctx.request({
        method: 'POST',
        url: '/api/me/sessions/sign-out-others',
        cookie: user.cookie,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ signedOut: 2 });
      expect((await me(a.cookie)).statusCode).toBe(401);
      expect((await me(b.cookie)).statusCode).toBe(401);
      expect((await me(user.cookie)).statusCode).toBe(200);
      expect((await me(stranger.cookie)).statusCode).toBe(200);
      const left = (await list(user.cookie)).json().sessions;
      expect(left).toHaveLength(1);
      expect(left[0].current).toBe(true);
    });

    it('signing out this session from the list clears its cookie', async () => {
      const user = await ctx.createUser();
      const mine = (await list(user.cookie)).json().sessions[0].id as string;
      const response = await ctx.request({
        method: 'DELETE',
        url: `/api/me/sessions/${mine}`,
        cookie: user.cookie,
      });
      expect(response.statusCode).toBe(204);
      const cleared = response.cookies.find((c) => c.name === 'refstash_session');
      expect(cleared?.value).toBe('');
      expect((await me(user.cookie)).statusCode).toBe(401);
    });

    it('a revoked session is refused by a second instance at its next request', async () => {
      // Sessions have no cache: every instance asks the database. A second app on the same
      // database (PostgreSQL: its own pool; SQLite: its own connection to the same file).
      const database = createDatabase(ctx.testDatabase.config, {
        schema: ctx.testDatabase.schema,
      });
      const second = await buildApp(ctx.config, { database });
      try {
        const user = await ctx.createUser();
        const other = await secondSession(ctx, user.id, null);
        const onSecond = () => second.inject({ url: '/api/me', headers: { cookie: other.cookie } });
        expect((await onSecond()).statusCode).toBe(200);
        const response = await ctx.request({
          method: 'POST',
          url: '/api/me/sessions/sign-out-others',
          cookie: user.cookie,
        });
        expect(response.json()).toEqual({ signedOut: 1 });
        expect((await onSecond()).statusCode).toBe(401);
      } finally {
        await second.close();
        await database.close();
      }
    });
  },
  { env: capture.env },
);
