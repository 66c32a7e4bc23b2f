import { afterEach, expect, it, vi } from 'vitest';
import { ADDRESS_VARIANTS } from '../../../tests/spec/probe-cases.ts';
import { describeEachDatabase, type TestContext } from '../../test-support/test-app.ts';
import {
  nextIp,
  requestLink,
  uniqueEmail,
  verifyLink,
  withSmtpCapture,
} from './auth.test-helpers.ts';

const capture = withSmtpCapture();

/**
 * Proves no mail went to `email`: a marker link is requested after the refused request was
 * answered, and once the marker's mail has arrived, anything sent for the refused one would have
 * arrived before it. No waiting on the clock.
 */
async function expectNoMailTo(ctx: TestContext, email: string): Promise<void> {
  const marker = uniqueEmail('marker');
  expect((await requestLink(ctx, marker)).statusCode).toBe(202);
  await capture.smtp().nextMessage(marker);
  expect(capture.smtp().messages.filter((m) => m.to.includes(email))).toEqual([]);
}

describeEachDatabase(
  'requesting a sign-in link',
  (ctx) => {
    afterEach(() => {
      vi.useRealTimers();
      capture.smtp().rejectAll = false;
    });

    it('answers a known and an unknown address byte for byte alike', async () => {
      const known = await ctx.createUser({ email: uniqueEmail('known') });
      const a = await requestLink(ctx, known.email);
      const b = await requestLink(ctx, uniqueEmail('unknown'));
      expect(a.statusCode).toBe(202);
      expect(b.statusCode).toBe(a.statusCode);
      expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
      expect(b.headers['content-type']).toBe(a.headers['content-type']);
      expect(b.headers['content-length']).toBe(a.headers['content-length']);
    });

    it('mails the link from MAIL_FROM with the subject, validity and ignore line in both bodies', async () => {
      const email = uniqueEmail();
      await requestLink(ctx, email);
      const mail = await capture.smtp().nextMessage(email);
      expect(mail.from).toBe('Refstash <login@refstash.test>');
      expect(mail.subject).toBe('Sign in to Refstash');
      for (const body of [mail.text, mail.html]) {
        expect(body).toMatch(/http:\/\/localhost:3000\/finishSignUp\?token=[A-Za-z0-9_-]{43}/);
        expect(body).toContain('15 minutes');
        expect(body).toMatch(/didn.t ask to sign in.*ignore this email/);
      }
    });

    it.each([
      [undefined, 'Email is required'],
      ['   ', 'Email is required'],
      ['not-an-address', 'Please enter a valid email address'],
      [`${'a'.repeat(250)}@example.com`, 'Invalid email address'],
    ])('refuses %j with %s', async (email, message) => {
      const response = await requestLink(ctx, email);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ message, fields: { email: message } });
    });

    it.each(ADDRESS_VARIANTS)(
      'refuses the address variant %j with 400 and mails nothing',
      async (email) => {
        const response = await requestLink(ctx, email);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toMatchObject({
          message: 'Please enter a valid email address',
          fields: { email: 'Please enter a valid email address' },
        });
        // The mail, had there been one, is in the capture before the answer (sent, then 202).
        expect(capture.smtp().messages.filter((m) => m.to.includes('victim@example.test'))).toEqual(
          [],
        );
      },
    );

    it('mails exactly one recipient: the address, as one RCPT', async () => {
      const email = uniqueEmail('one-rcpt');
      expect((await requestLink(ctx, email)).statusCode).toBe(202);
      const mail = await capture.smtp().nextMessage(email);
      expect(mail.to).toEqual([email]);
    });

    it('allows 1 request per address per 60 s, answering 429 with Retry-After', async () => {
      const email = uniqueEmail();
      expect((await requestLink(ctx, email)).statusCode).toBe(202);
      const second = await requestLink(ctx, email);
      expect(second.statusCode).toBe(429);
      const retryAfter = Number(second.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(second.json().error.message).toMatch(/try again in \d+ (seconds?|minutes?)\./);
    });

    it('allows 5 requests per address per hour', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.now();
      const email = uniqueEmail();
      for (let i = 0; i < 5; i += 1) {
        vi.setSystemTime(start + i * 61_000);
        expect((await requestLink(ctx, email)).statusCode).toBe(202);
      }
      vi.setSystemTime(start + 5 * 61_000);
      const sixth = await requestLink(ctx, email);
      expect(sixth.statusCode).toBe(429);
      // The hour window, not the minute one, refused it.
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3000);
    });

    it('allows 20 requests per IP per hour', async () => {
      const ip = nextIp();
      for (let i = 0; i < 20; i += 1) {
        expect((await requestLink(ctx, uniqueEmail('ip'), ip)).statusCode).toBe(202);
      }
      const over = await requestLink(ctx, uniqueEmail('ip'), ip);
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(3000);
      expect((await requestLink(ctx, uniqueEmail('ip'), nextIp())).statusCode).toBe(202);
    });

    it('counts IPv6 clients per /64 for both sign-in limits', async () => {
      const net = ['2001:db8:aa:1::1', '2001:db8:aa:1:ffff::2'];
      for (let i = 0; i < 20; i += 1) {
        expect((await requestLink(ctx, uniqueEmail('v6'), net[i % 2])).statusCode).toBe(202);
      }
      expect((await requestLink(ctx, uniqueEmail('v6'), '2001:db8:aa:1::3')).statusCode).toBe(429);
      expect((await requestLink(ctx, uniqueEmail('v6'), '2001:db8:aa:2::1')).statusCode).toBe(202);

      for (let i = 0; i < 30; i += 1) {
        const ip = net[i % 2];
        const response = await verifyLink(ctx, { email: uniqueEmail(), token: `t${i}` }, { ip });
        expect(response.statusCode).toBe(400);
      }
      const over = await verifyLink(
        ctx,
        { email: uniqueEmail(), token: 'x' },
        { ip: '2001:db8:aa:1::3' },
      );
      expect(over.statusCode).toBe(429);
      const other = await verifyLink(
        ctx,
        { email: uniqueEmail(), token: 'x' },
        { ip: '2001:db8:aa:2::1' },
      );
      expect(other.statusCode).toBe(400);
    });

    it('allows 30 completions per IP per 15 minutes', async () => {
      const ip = nextIp();
      for (let i = 0; i < 30; i += 1) {
        const response = await verifyLink(ctx, { email: uniqueEmail(), token: `t${i}` }, { ip });
        expect(response.statusCode).toBe(400);
      }
      const over = await verifyLink(ctx, { email: uniqueEmail(), token: 'x' }, { ip });
      expect(over.statusCode).toBe(429);
      const retryAfter = Number(over.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(14 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    });

    it('refuses a cross-origin POST with 403 and sends no mail', async () => {
      const email = uniqueEmail('csrf');
      const response = await ctx.request({
        method: 'POST',
        url: '/api/auth/email-link',
        body: { email },
        headers: { origin: 'https://evil.example', 'x-forwarded-for': nextIp() },
      });
      expect(response.statusCode).toBe(403);
      await expectNoMailTo(ctx, email);
    });

    it('refuses a form-encoded POST with 403 and sends no mail', async () => {
      const email = uniqueEmail('form');
      const response = await ctx.request({
        method: 'POST',
        url: '/api/auth/email-link',
        body: `email=${encodeURIComponent(email)}`,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': nextIp(),
        },
      });
      expect(response.statusCode).toBe(403);
      await expectNoMailTo(ctx, email);
    });

    it('answers an SMTP failure with the spec message and leaves no usable token', async () => {
      capture.smtp().rejectAll = true;
      const email = uniqueEmail('smtpfail');
      const response = await requestLink(ctx, email);
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toBe('Failed to send sign-in link. Please try again.');
      const tokens = await ctx.database.db
        .selectFrom('sign_in_tokens')
        .select('token_hash')
        .where('email', '=', email)
        .execute();
      expect(tokens).toEqual([]);
    });
  },
  { env: capture.env },
);
