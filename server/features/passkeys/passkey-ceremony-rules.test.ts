import { afterEach, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import {
  addPasskey,
  registrationOptions,
  signInOptions,
  TEST_RP,
  verifyRegistration,
  verifySignIn,
} from './passkeys.test-helpers.ts';
import { SoftAuthenticator } from './soft-authenticator.test-helpers.ts';

const EXPIRED = 'This passkey request has expired or was already used. Please try again.';
const NOT_VERIFIED = 'This passkey could not be verified. Please try again.';
const CLONE =
  'This passkey was refused because it may have been copied. Sign in with the e-mail link, then remove it in Settings.';

afterEach(() => {
  vi.useRealTimers();
});

/** Moves Date.now() (and only it) to `ms` from the real time at the call. */
function clockAfter(ms: number): void {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + ms);
}

describeEachDatabase(
  'passkey ceremonies: challenges, counters and the relying party',
  (ctx) => {
    it('uses a sign-in challenge once: a replayed assertion is refused', async () => {
      const user = await ctx.createUser();
      const authenticator = await addPasskey(ctx, user);
      const { options, cookie } = await signInOptions(ctx);
      const assertion = authenticator.assert(options, user.id);
      expect((await verifySignIn(ctx, cookie, assertion)).statusCode).toBe(200);
      const replayed = await verifySignIn(ctx, cookie, assertion);
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json().error).toMatchObject({
        code: 'passkey/challenge-expired',
        message: EXPIRED,
      });
      expect(replayed.cookies.some((c) => c.name === 'refstash_session')).toBe(false);
    });

    it('uses a registration challenge once, and voids it when the answer is refused', async () => {
      const user = await ctx.createUser();
      const authenticator = new SoftAuthenticator(TEST_RP);
      const options = await registrationOptions(ctx, user.cookie);
      // A refused answer (the wrong origin) still uses the challenge up.
      const wrong = authenticator.register(options, { origin: 'http://localhost:4000' });
      expect((await verifyRegistration(ctx, user.cookie, wrong)).json().error.message).toBe(
        NOT_VERIFIED,
      );
      const late = await verifyRegistration(ctx, user.cookie, authenticator.register(options));
      expect(late.statusCode).toBe(400);
      expect(late.json().error.message).toBe(EXPIRED);
    });

    it('lets a challenge live 5 minutes: at 4:59 it works, at 5:00 it is refused', async () => {
      const user = await ctx.createUser();
      const authenticator = await addPasskey(ctx, user);
      const first = await signInOptions(ctx);
      clockAfter(4 * 60_000 + 59_000);
      expect(
        (await verifySignIn(ctx, first.cookie, authenticator.assert(first.options, user.id)))
          .statusCode,
      ).toBe(200);
      vi.useRealTimers();

      const second = await signInOptions(ctx);
      clockAfter(5 * 60_000);
      const late = await verifySignIn(
        ctx,
        second.cookie,
        authenticator.assert(second.options, user.id),
      );
      expect(late.statusCode).toBe(400);
      expect(late.json().error.message).toBe(EXPIRED);
      vi.useRealTimers();

      const options = await registrationOptions(ctx, user.cookie);
      clockAfter(5 * 60_000 + 1);
      const lateAdd = await verifyRegistration(
        ctx,
        user.cookie,
        new SoftAuthenticator(TEST_RP).register(options),
      );
      expect(lateAdd.json().error.message).toBe(EXPIRED);
    });

    it('binds a sign-in challenge to the browser that asked (its signed cookie)', async () => {
      const user = await ctx.createUser();
      const authenticator = await addPasskey(ctx, user);
      const asked = await signInOptions(ctx);
      const elsewhere = await signInOptions(ctx);
      expect(elsewhere.cookie).not.toBe(asked.cookie);
      const assertion = authenticator.assert(asked.options, user.id);
      // Another browser, no cookie, and a cookie whose signature was changed: all refused.
      for (const cookie of [
        elsewhere.cookie,
        '',
        `${asked.cookie.slice(0, -2)}${asked.cookie.endsWith('AA') ? 'AB' : 'AA'}`,
      ]) {
        const refused = await verifySignIn(ctx, cookie, assertion);
        expect(refused.statusCode, cookie).toBe(400);
        expect(refused.json().error.message).toBe(EXPIRED);
      }
      // A refusal elsewhere did not use up the asker's challenge.
      expect((await verifySignIn(ctx, asked.cookie, assertion)).statusCode).toBe(200);
      // A newer request from the same browser voids the older challenge.
      const older = await signInOptions(ctx, asked.cookie);
      const newer = await signInOptions(ctx, asked.cookie);
      expect(newer.cookie).toBe(asked.cookie);
      const stale = await verifySignIn(
        ctx,
        asked.cookie,
        authenticator.assert(older.options, user.id),
      );
      expect(stale.json().error.message).toBe(EXPIRED);
    });

    it('binds a registration challenge to the session that asked', async () => {
      const user = await ctx.createUser();
      const { createSession, sessionCookieName } = await import('../../plugins/session.ts');
      const otherSession = `${sessionCookieName(ctx.config)}=${await createSession(ctx.database.db, user.id)}`;
      const options = await registrationOptions(ctx, user.cookie);
      const answer = new SoftAuthenticator(TEST_RP).register(options);
      const refused = await verifyRegistration(ctx, otherSession, answer);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(EXPIRED);
      expect((await verifyRegistration(ctx, user.cookie, answer)).statusCode).toBe(201);
    });

    it('refuses a sign counter that does not go up (a cloned passkey), and logs it', async () => {
      const user = await ctx.createUser();
      const authenticator = await addPasskey(ctx, user);
      const first = await signInOptions(ctx);
      authenticator.counter = 6;
      expect(
        (await verifySignIn(ctx, first.cookie, authenticator.assert(first.options, user.id)))
          .statusCode,
      ).toBe(200);
      // The copy reports 7 too, then a lower value: both refused.
      for (const counter of [6, 2]) {
        const next = await signInOptions(ctx);
        authenticator.counter = counter;
        const refused = await verifySignIn(
          ctx,
          next.cookie,
          authenticator.assert(next.options, user.id),
        );
        expect(refused.statusCode).toBe(400);
        expect(refused.json().error).toEqual({ code: 'passkey/clone-warning', message: CLONE });
        expect(refused.cookies.some((c) => c.name === 'refstash_session')).toBe(false);
      }
      const warnings = ctx
        .logLines()
        .filter((line) => String(line.msg).startsWith('passkey clone warning'));
      expect(warnings).toHaveLength(2);
      expect(warnings[0]).toMatchObject({
        level: 40,
        userId: user.id,
        storedCounter: 7,
        newCounter: 7,
      });
      // The real one goes on.
      const ok = await signInOptions(ctx);
      authenticator.counter = 7;
      expect(
        (await verifySignIn(ctx, ok.cookie, authenticator.assert(ok.options, user.id))).statusCode,
      ).toBe(200);
    });

    it('limits sign-in completions to 30 per 15 minutes per IP, and sign-in options to 60', async () => {
      const inject = (url: string, remoteAddress: string, body?: unknown) =>
        ctx.app.inject({
          method: 'POST',
          url,
          remoteAddress,
          headers: { origin: ctx.config.appOrigin },
          ...(body === undefined ? {} : { payload: body as object }),
        });
      const stray = { response: { id: 'AA', rawId: 'AA', type: 'public-key', response: {} } };
      for (let i = 0; i < 30; i += 1) {
        expect((await inject('/api/auth/passkey/verify', '198.51.100.7', stray)).statusCode).toBe(
          400,
        );
      }
      const over = await inject('/api/auth/passkey/verify', '198.51.100.7', stray);
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBeDefined();
      for (let i = 0; i < 60; i += 1) {
        expect((await inject('/api/auth/passkey/options', '198.51.100.8')).statusCode).toBe(200);
      }
      expect((await inject('/api/auth/passkey/options', '198.51.100.8')).statusCode).toBe(429);
    });

    it('takes the relying party from APP_URL, never from the Host header', async () => {
      const user = await ctx.createUser();
      const authenticator = await addPasskey(ctx, user);
      const evil = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
      const options = await ctx.request({
        method: 'POST',
        url: '/api/auth/passkey/options',
        headers: evil,
      });
      expect(options.json().rpId).toBe('localhost');
      const cookie = `refstash_passkey=${options.cookies.find((c) => c.name === 'refstash_passkey')?.value}`;
      // An assertion made for the Host's site (its origin and RP ID) is refused...
      const phished = authenticator.assert(options.json(), user.id, {
        origin: 'http://evil.example',
        rpId: 'evil.example',
      });
      const refused = await ctx.request({
        method: 'POST',
        url: '/api/auth/passkey/verify',
        headers: evil,
        cookie,
        body: { response: phished },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(NOT_VERIFIED);

      // ...and so is one for another origin under the right RP ID, or the right origin under another.
      for (const overrides of [{ origin: 'http://localhost:4000' }, { rpId: 'example.com' }]) {
        const next = await signInOptions(ctx);
        const answer = authenticator.assert(next.options, user.id, overrides);
        const result = await verifySignIn(ctx, next.cookie, answer);
        expect(result.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(result.json().error.message).toBe(NOT_VERIFIED);
      }
      const registration = await ctx.request({
        method: 'POST',
        url: '/api/me/passkeys/registration/options',
        cookie: user.cookie,
        headers: evil,
      });
      expect(registration.json().rp.id).toBe('localhost');
    });
  },
  { captureLogs: true, env: { LOG_LEVEL: 'info' } },
);
