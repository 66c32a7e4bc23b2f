import { execFileSync } from 'node:child_process';
import { createHash, createPrivateKey, sign } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { describeE2e } from './support/fixture.ts';
import { expectNoSidewaysScroll, screenshotsInEverySize } from './support/screens.ts';

/**
 * A free port, found before the server starts: WebAuthn needs APP_URL on `localhost` (browsers
 * refuse an IP address as the relying party), and the server's own choice of port (PORT=0) would
 * name 127.0.0.1.
 */
function freePort(): number {
  const script =
    "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}

/** Chromium's virtual authenticator on the page (DevTools protocol): a platform passkey store. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials;
    },
  };
}

/**
 * An assertion signed in Node with a passkey's private key as the virtual authenticator holds it
 * (PKCS#8), for the given challenge and origin: what a relay on another origin would send.
 */
function assertionFrom(
  credential: { credentialId: string; privateKey: string; userHandle?: string },
  input: { challenge: string; origin: string; counter: number },
) {
  const key = createPrivateKey({
    key: Buffer.from(credential.privateKey, 'base64'),
    format: 'der',
    type: 'pkcs8',
  });
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(input.counter);
  // RP ID hash, flags (user present and verified), counter.
  const authData = Buffer.concat([
    createHash('sha256').update('localhost').digest(),
    Buffer.from([0x05]),
    counter,
  ]);
  const clientData = Buffer.from(
    JSON.stringify({
      type: 'webauthn.get',
      challenge: input.challenge,
      origin: input.origin,
      crossOrigin: false,
    }),
  );
  const signed = Buffer.concat([authData, createHash('sha256').update(clientData).digest()]);
  const id = Buffer.from(credential.credentialId, 'base64').toString('base64url');
  return {
    id,
    rawId: id,
    type: 'public-key',
    clientExtensionResults: {},
    response: {
      clientDataJSON: clientData.toString('base64url'),
      authenticatorData: authData.toString('base64url'),
      // Chromium picks EdDSA, the first algorithm offered; Ed25519 hashes by itself.
      signature: sign(key.asymmetricKeyType === 'ed25519' ? null : 'sha256', signed, key).toString(
        'base64url',
      ),
      userHandle: Buffer.from(credential.userHandle ?? '', 'base64').toString('base64url'),
    },
  };
}

/** POST from the page (its cookies, its Origin), answering status and body. */
function postFromPage(page: Page, url: string, body?: string) {
  return page.evaluate(
    async ([path, text]) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: text ? { 'content-type': 'application/json' } : {},
        body: text,
      });
      return { status: response.status, body: await response.text() };
    },
    [url, body] as const,
  );
}

describeE2e(
  'passkeys in Chromium with a virtual authenticator',
  (e2e) => {
    it('registers, signs out, signs in, renames and removes; refuses a replayed assertion and one for another origin', async () => {
      const context = await e2e.newContext();
      const user = await e2e.signInAs(context, { username: 'pass_keyholder' });
      const page = await context.newPage();
      const authenticator = await addVirtualAuthenticator(page);
      const { port } = e2e.server;
      expect(e2e.server.url).toBe(`http://localhost:${port}`);

      // 1. Register: Settings → Passkeys → 'Add a passkey'; the owner is e-mailed.
      await page.goto(e2e.url('/settings'));
      const section = page.getByRole('region', { name: 'Passkeys' });
      await section.getByText('You have no passkeys yet.').waitFor();
      await section.getByRole('button', { name: 'Add a passkey' }).click();
      await section.getByRole('status').filter({ hasText: 'Passkey added' }).waitFor();
      const list = section.getByRole('list', { name: 'Your passkeys' });
      await list.getByText('Passkey 1').waitFor();
      await list.getByText('Not used yet').waitFor();
      const [credential] = await authenticator.credentials();
      expect(credential?.isResidentCredential).toBe(true);
      expect(credential?.rpId).toBe('localhost');
      const added = await e2e.smtp.nextMessage(user.email);
      expect(added.subject).toBe('A passkey was added to your Refstash account');
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
      // From the top: a full-page shot of a scrolled page draws the sticky bar mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshotsInEverySize(page, 'passkeys-settings');

      // 2. Sign out.
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(e2e.url('/'));
      await nav.getByRole('link', { name: 'Sign in' }).waitFor();

      // 3. Sign in with the passkey. Where the browser offers passkeys in the e-mail field's
      // suggestions (conditional mediation), the virtual authenticator answers as a person who
      // picks it there: the sign-in screen signs in by itself.
      const sent: string[] = [];
      await page.route('**/api/auth/passkey/verify', async (route) => {
        sent.push(route.request().postData() ?? '');
        await route.continue();
      });
      await page.goto(e2e.url('/magic-link'));
      await page.waitForURL(e2e.url('/dashboard'));
      await nav.getByRole('link', { name: '@pass_keyholder' }).waitFor();
      expect(sent).toHaveLength(1);
      await page.unroute('**/api/auth/passkey/verify');

      // 6. The same assertion again (a replay) is refused: its challenge was used.
      const replayed = await postFromPage(page, '/api/auth/passkey/verify', sent[0]);
      expect(replayed.status).toBe(400);
      expect(JSON.parse(replayed.body).error.message).toBe(
        'This passkey request has expired or was already used. Please try again.',
      );

      // 3 again, with the button beside the e-mail form, in a browser without passkey autofill.
      await nav.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(e2e.url('/'));
      await page.addInitScript(() => {
        PublicKeyCredential.isConditionalMediationAvailable = async () => false;
      });
      await page.goto(e2e.url('/magic-link'));
      const email = page.getByLabel('Email');
      expect(await email.getAttribute('autocomplete')).toBe('username webauthn');
      const passkeyButton = page.getByRole('button', { name: 'Sign in with a passkey' });
      await passkeyButton.waitFor();
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
      await screenshotsInEverySize(page, 'passkeys-sign-in');
      await passkeyButton.click();
      await page.waitForURL(e2e.url('/dashboard'));
      await nav.getByRole('link', { name: '@pass_keyholder' }).waitFor();

      // 4. Rename; the last use shows.
      await page.goto(e2e.url('/settings'));
      await list.getByText(/Last used/).waitFor();
      await list.getByRole('button', { name: 'Rename Passkey 1' }).click();
      const name = list.getByLabel('Passkey name');
      await name.fill('Work laptop');
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshotsInEverySize(page, 'passkeys-rename');
      await list.getByRole('button', { name: 'Save' }).click();
      await list.getByText('Work laptop').waitFor();

      // 7. Another origin: a look-alike site (here under localhost) cannot even ask the browser
      // for a `localhost` passkey; and an assertion signed by this very passkey (its key taken
      // from the virtual authenticator) for that origin is refused by the server, while the same
      // key signing for APP_URL's origin is accepted: the origin alone made the difference.
      await page.goto(`http://evil.localhost:${port}/rules`);
      const browserAnswer = await page.evaluate(async () => {
        try {
          await navigator.credentials.get({
            publicKey: { challenge: new Uint8Array(32), rpId: 'localhost' },
          });
          return 'signed';
        } catch (error) {
          return (error as Error).name;
        }
      });
      expect(browserAnswer).toBe('SecurityError');
      await page.goto(e2e.url('/settings'));
      const [stored] = await authenticator.credentials();
      if (!stored) throw new Error('the virtual authenticator lost its passkey');
      const signFor = async (origin: string, counter: number) => {
        const options = JSON.parse((await postFromPage(page, '/api/auth/passkey/options')).body);
        return JSON.stringify({
          response: assertionFrom(stored, { challenge: options.challenge, origin, counter }),
        });
      };
      const phished = await postFromPage(
        page,
        '/api/auth/passkey/verify',
        await signFor(`http://evil.localhost:${port}`, stored.signCount + 10),
      );
      expect(phished.status).toBe(400);
      expect(JSON.parse(phished.body).error.message).toBe(
        'This passkey could not be verified. Please try again.',
      );
      await expect.poll(() => e2e.server.output()).toContain(`evil.localhost:${port}`);
      const genuine = await postFromPage(
        page,
        '/api/auth/passkey/verify',
        await signFor(e2e.server.url, stored.signCount + 11),
      );
      expect(genuine.status).toBe(200);
      await page.reload();

      // 5. Remove, after a confirm; the owner is e-mailed; the last one may go.
      await list.getByRole('button', { name: 'Remove Work laptop' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove passkey' });
      await dialog.getByText('It will no longer sign you in.', { exact: false }).waitFor();
      await screenshotsInEverySize(page, 'passkeys-remove', false);
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await section.getByText('You have no passkeys yet.').waitFor();
      // The 'added' mail was taken above; the next one for the owner is the removal's.
      const removed = await e2e.smtp.nextMessage(user.email);
      expect(removed.subject).toBe('A passkey was removed from your Refstash account');
    });
  },
  {
    databases: 'each',
    mailFrom: 'Refstash <hello@refstash.test>',
    env: () => {
      const port = freePort();
      return { PORT: String(port), APP_URL: `http://localhost:${port}` };
    },
  },
);
