import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { createSession } from '../../server/plugins/session.ts';
import { insertTestUser } from '../../server/test-support/test-users.ts';
import { expectAccessible } from './support/axe.ts';
import { describeE2e } from './support/fixture.ts';
import { expectNoSidewaysScroll, SCREENSHOT_DIR } from './support/screens.ts';

/** One settings section at 375 and 1280 px, light and dark (when SCREENSHOT_DIR is set). */
async function sectionShots(page: Page, section: Locator, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // The sticky bar would cover the section's heading in a shot of the section alone.
  await page.addStyleTag({
    content:
      '*, ::before, ::after { transition: none !important; } header.sticky { position: static !important; }',
  });
  for (const width of [375, 1280]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await section.screenshot({
        path: path.join(SCREENSHOT_DIR, `${name}-${width}-${colorScheme}.png`),
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

describeE2e("'Where you're signed in' and 'API tokens' in Chromium", (e2e) => {
  it('lists sessions and signs them out; creates a token shown once, uses it, revokes it', async () => {
    const { id, raw, phone, laptop } = await e2e.withDb(async (db) => {
      const id = await insertTestUser(db, { email: 'owner@example.com', username: 'token_owner' });
      return {
        id,
        raw: await createSession(db, id, 'Chrome on Linux'),
        phone: await createSession(db, id, 'Safari on iPhone'),
        laptop: await createSession(db, id, 'Firefox on Windows'),
      };
    });
    expect(id).toBeTruthy();
    const context = await e2e.newContext();
    await context.addCookies([
      {
        name: 'refstash_session',
        value: raw,
        url: e2e.server.url,
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]);
    const page = await context.newPage();
    const me = (cookie: string) =>
      fetch(e2e.url('/api/me'), { headers: { cookie: `refstash_session=${cookie}` } });

    // 1. The sessions: each device, this one marked.
    await page.goto(e2e.url('/settings'));
    const sessions = page.getByRole('region', { name: "Where you're signed in" });
    await sessions.getByText('Firefox on Windows').waitFor();
    const current = sessions.getByRole('listitem').filter({ hasText: 'Chrome on Linux' });
    await current.getByText('This device').waitFor();
    expect(await sessions.getByRole('listitem').count()).toBe(3);
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 900 });
    await expectNoSidewaysScroll(page);
    await sectionShots(page, sessions, 'sessions');

    // 2. Sign one out: its next request is refused at once.
    expect((await me(laptop)).status).toBe(200);
    await sessions.getByRole('button', { name: /^Sign out Firefox on Windows/ }).click();
    await sessions.getByText('Signed out of that session').waitFor();
    await expect.poll(() => sessions.getByText('Firefox on Windows').count()).toBe(0);
    expect((await me(laptop)).status).toBe(401);

    // 3. Everywhere else: the phone goes, this browser stays.
    await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await sessions.getByText('Signed out of 1 other session').waitFor();
    expect((await me(phone)).status).toBe(401);
    expect((await me(raw)).status).toBe(200);

    // 4. A token: created with a name, scopes and an expiry, its secret shown once.
    const tokens = page.getByRole('region', { name: 'API tokens' });
    await tokens.getByLabel('Name').fill('Backup script');
    await tokens.getByRole('checkbox', { name: /stats:read/ }).check();
    await tokens.getByLabel('Expires').selectOption('365');
    await tokens.getByRole('button', { name: 'Create token' }).click();
    const secretBox = tokens.getByTestId('new-token-secret');
    await secretBox.waitFor();
    const secret = (await secretBox.textContent()) ?? '';
    expect(secret).toMatch(/^rs_[A-Za-z0-9_-]{43}$/);
    await expectAccessible(page);
    await sectionShots(page, tokens, 'tokens-shown-once');

    // The token lists the codes from a script: no cookie, no Origin.
    const listed = await fetch(e2e.url('/api/codes'), {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({ codes: [] });

    // 5. Done: the secret is gone from the page for good; the list shows the token.
    await tokens.getByRole('button', { name: 'Done' }).click();
    const row = tokens.getByRole('list', { name: 'Your API tokens' }).getByRole('listitem').first();
    await row.getByText('Backup script', { exact: true }).waitFor();
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await tokens.getByText('Backup script', { exact: true }).waitFor();
    await expect.poll(() => tokens.getByText(/Last used/).textContent()).not.toContain('never');
    await sectionShots(page, tokens, 'tokens');

    // 6. Revoke: the script is refused from its next request.
    await tokens.getByRole('button', { name: 'Revoke Backup script' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click();
    await tokens.getByText('Token revoked').waitFor();
    const refused = await fetch(e2e.url('/api/codes'), {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(refused.status).toBe(401);
  });
});
