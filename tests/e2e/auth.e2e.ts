import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { newId, nowIso } from '../../server/db/ids.ts';
import { sha256Hex } from '../../server/plugins/session.ts';
import { signInLinkFrom } from '../../server/test-support/smtp-capture.ts';
import { expectAccessible } from './support/axe.ts';
import { describeE2e } from './support/fixture.ts';
import type { TestServer } from './support/server.ts';

const EXPIRED_TEXT = 'This link has expired or already been used. Please request a new one.';

describeE2e(
  'sign-in by e-mail link in Chromium, with real SMTP delivery',
  (e2e) => {
    /** Mode 1 in the page: request a link and wait for the mail; returns the link. */
    async function requestLink(page: Page, email: string): Promise<string> {
      await page.goto(e2e.url('/magic-link'));
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Continue with Email' }).click();
      await page.getByText('We sent a sign-in link to').waitFor();
      const mail = await e2e.smtp.nextMessage(email);
      expect(mail.subject).toBe('Sign in to Refstash');
      return signInLinkFrom(mail);
    }

    /**
     * Requests a link for `email` in one browser and opens it in another (nothing stored there),
     * which asks for the address: answers with `typed`.
     */
    async function openLinkElsewhere(email: string, typed: string) {
      const link = await requestLink(await e2e.newPage(), email);
      const second = await e2e.newPage();
      await second.goto(link);
      await second.getByText('Please enter your email to complete sign-in').waitFor();
      await second.getByLabel('Email').fill(typed);
      await second.getByRole('button', { name: 'Complete sign-in' }).click();
      return { link, second };
    }

    async function insertUser(email: string, username: string, disabled = false) {
      await e2e.withDb((db) =>
        db
          .insertInto('users')
          .values({
            id: newId(),
            email,
            username,
            created_at: nowIso(),
            last_login_at: nowIso(),
            disabled_at: disabled ? nowIso() : null,
          })
          .execute(),
      );
    }

    let signUpLink = '';

    it('signs a new user up: request → mail → link → username → dashboard', async () => {
      const page = await e2e.newPage();
      const email = 'grace.hopper@example.com';
      signUpLink = await requestLink(page, email);
      expect(signUpLink.startsWith(e2e.url('/finishSignUp?token='))).toBe(true);
      expect(signUpLink).not.toContain('grace');

      await page.goto(signUpLink);
      await page.getByRole('heading', { name: 'Choose your username' }).waitFor();
      expect(new URL(page.url()).search).toBe('');
      const field = page.getByLabel('Username');
      expect(await field.inputValue()).toBe('grace_hopper');
      await page.getByText('grace_hopper is available').waitFor();
      await expectAccessible(page);
      await field.fill('Amazing_Grace');
      await page.getByText('amazing_grace is available').waitFor();
      await page.getByRole('button', { name: 'Continue' }).click();

      await page.waitForURL(e2e.url('/dashboard'));
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: '@amazing_grace' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Dashboard' }).count()).toBe(1);
      expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(0);
    });

    it('shows the Request New Link screen for a used link, and it leads back to mode 1', async () => {
      const page = await e2e.newPage();
      await page.goto(signUpLink);
      await page.getByText('Please enter your email to complete sign-in').waitFor();
      await page.getByLabel('Email').fill('grace.hopper@example.com');
      await page.getByRole('button', { name: 'Complete sign-in' }).click();
      await page.getByText(EXPIRED_TEXT).waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Request New Link' }).click();
      await page.getByRole('button', { name: 'Continue with Email' }).waitFor();
      await page.getByRole('button', { name: 'Continue with Email' }).click();
      await page.getByText('Email is required').waitFor();
      await expectAccessible(page);
      expect(new URL(page.url()).pathname).toBe('/magic-link');
    });

    it('asks for the e-mail when the link is opened in another browser, and shows an expired link', async () => {
      const email = 'ada.lovelace@example.com';
      const { link, second } = await openLinkElsewhere(email, 'someone.else@example.com');
      await second
        .getByText(
          'Invalid email address: this is not the address the sign-in link was sent to. Enter that address, or request a new link.',
        )
        .waitFor();

      // Expire the token, then give the right address: the link is now dead.
      const token = new URL(link).searchParams.get('token') ?? '';
      await e2e.withDb((db) =>
        db
          .updateTable('sign_in_tokens')
          .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .where('token_hash', '=', sha256Hex(token))
          .execute(),
      );
      await second.getByLabel('Email').fill(email);
      await second.getByRole('button', { name: 'Complete sign-in' }).click();
      await second.getByText(EXPIRED_TEXT).waitFor();
      await second.getByRole('button', { name: 'Request New Link' }).waitFor();
    });

    it('completes in a second browser once the e-mail is confirmed', async () => {
      const email = 'alan.turing@example.com';
      const { second } = await openLinkElsewhere(email, email);
      await second.getByRole('heading', { name: 'Choose your username' }).waitFor();
    });

    it('sends a returning user straight to /dashboard, and Sign out ends the session', async () => {
      await insertUser('returning@example.com', 'returning_rita');
      const page = await e2e.newPage();
      const link = await requestLink(page, 'returning@example.com');
      await page.goto(link);
      await page.waitForURL(e2e.url('/dashboard'));
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: '@returning_rita' }).waitFor();

      const cookie = (await page.context().cookies()).find((c) => c.name === 'refstash_session');
      expect(cookie?.httpOnly).toBe(true);
      await nav.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(e2e.url('/'));
      await nav.getByRole('link', { name: 'Sign in' }).waitFor();

      // The old cookie is dead on the server, not just forgotten by the browser.
      const me = await fetch(e2e.url('/api/me'), {
        headers: { cookie: `refstash_session=${cookie?.value}` },
      });
      expect(me.status).toBe(401);
      await page.goto(e2e.url('/dashboard'));
      await page.waitForURL(e2e.url('/magic-link'));

      // Neither the link's token nor the session cookie ever reached the log.
      expect(e2e.server.output()).toContain('/finishSignUp?token=[redacted]');
      expect(e2e.server.output()).not.toContain(new URL(link).searchParams.get('token'));
      expect(e2e.server.output()).not.toContain(cookie?.value);
    });

    it('tells a disabled account so when it opens its link', async () => {
      await insertUser('disabled@example.com', 'disabled_dan', true);
      const page = await e2e.newPage();
      const link = await requestLink(page, 'disabled@example.com');
      await page.goto(link);
      await page.getByText('This account has been disabled').waitFor();
    });

    it('sends a signed-out visitor from /dashboard to /login and on to /magic-link', async () => {
      const page = await e2e.newPage();
      await page.goto(e2e.url('/dashboard'));
      await page.waitForURL(e2e.url('/magic-link'));
      await page.getByRole('button', { name: 'Continue with Email' }).waitFor();
    });
  },
  {
    databases: 'each',
    mailFrom: 'Refstash <login@refstash.test>',
  },
);

/** Asks the server for a sign-in link for `email`, as the page would. */
function requestLinkFrom(server: TestServer, email: string) {
  return fetch(`${server.url}/api/auth/email-link`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
}

describeE2e('sign-in mail outside SMTP: no mail server', (e2e) => {
  it('prints exactly one line with the link in development without SMTP', async () => {
    const server = e2e.server;
    expect((await requestLinkFrom(server, 'dev@example.com')).status).toBe(202);
    const lines = server.output().split('\n');
    const linkLines = lines.filter((line) => line.includes('/finishSignUp?token='));
    expect(linkLines).toHaveLength(1);
    expect(linkLines[0]).toMatch(
      new RegExp(
        `^Sign-in link for dev@example\\.com: ${server.url.replaceAll('.', '\\.')}/finishSignUp\\?token=[A-Za-z0-9_-]{43}$`,
      ),
    );
  });
});

describeE2e(
  'sign-in mail outside SMTP: a mail server that refuses',
  (e2e) => {
    it('answers an SMTP failure with the spec message and logs the cause without the token', async () => {
      // A real mail server that refuses every message (550).
      e2e.smtp.rejectAll = true;
      const response = await requestLinkFrom(e2e.server, 'nomail@example.com');
      expect(response.status).toBe(503);
      expect((await response.json()).error.message).toBe(
        'Failed to send sign-in link. Please try again.',
      );
      await expect.poll(() => e2e.server.output()).toContain('sign-in mail could not be sent');
      expect(e2e.server.output()).toContain('"responseCode":550');
      expect(e2e.server.output()).not.toContain('token=');
    });
  },
  { mailFrom: 'Refstash <login@refstash.test>' },
);
