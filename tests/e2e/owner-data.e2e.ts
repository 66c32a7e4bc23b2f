import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { describeE2e } from './support/fixture.ts';
import { expectNoSidewaysScroll, screenshotsInEverySize } from './support/screens.ts';

interface ApiCode {
  id: string;
  code: string;
}

describeE2e(
  'stats, export, import and deleting the account in Chromium',
  (e2e) => {
    /** A visitor opens the profile and copies the code on the card `service`. */
    async function copy(page: Page, username: string, service: string) {
      await page.goto(e2e.url(`/${username}`));
      await page.getByRole('list').getByRole('link').filter({ hasText: service }).click();
      const dialog = page.getByRole('dialog', { name: `${service} referral code` });
      await dialog.getByRole('button', { name: 'Copy code' }).click();
      await dialog.getByRole('button', { name: 'Copied!' }).waitFor();
    }

    it('copies → stats → export, delete, import → delete the account → 404 and 401', async () => {
      const owner = await e2e.newContext();
      const user = await e2e.signInAs(owner, { username: 'data_owner' });
      const create = async (service: string, code: string): Promise<ApiCode> => {
        const response = await owner.request.post(e2e.url('/api/codes'), {
          data: { service, code, reward: '10' },
          headers: { origin: e2e.server.url },
        });
        expect(response.status()).toBe(201);
        return (await response.json()).code;
      };
      await create('uber', 'RIDE-1');
      await create('spotify', 'TUNE-2');

      // 1. Visitors copy two codes 3 times in all. One visitor's repeat copy of a code within
      // 30 minutes is not counted (decision 024), so the third copy comes from a second visitor
      // (another browser: its own user agent, so its own daily visitor hash).
      const first = await e2e.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
      const firstPage = await first.newPage();
      await copy(firstPage, user.username, 'Uber');
      await copy(firstPage, user.username, 'Spotify');
      const second = await e2e.newContext({
        permissions: ['clipboard-read', 'clipboard-write'],
        userAgent:
          'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      });
      await copy(await second.newPage(), user.username, 'Uber');

      // 2. The owner's stats: 3 copies today, and the views.
      const page = await owner.newPage();
      await page.goto(e2e.url('/dashboard'));
      await page.getByRole('link', { name: 'Stats' }).click();
      await page.getByRole('heading', { name: 'Stats' }).waitFor();
      const today = page.getByText('Today (UTC)').locator('..');
      await expect.poll(() => today.textContent()).toContain('3 copies');
      expect(await today.textContent()).toMatch(/[1-9]\d* views/);
      await page.getByText('Show the numbers as a table').click();
      const day = new Date().toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      });
      const row = page.getByRole('row', { name: new RegExp(`^${day}`) });
      expect((await row.textContent())?.replace(/\s+/g, ' ')).toMatch(
        new RegExp(`^${day}\\d+\\d+3\\d`),
      );

      // The stats and settings views: axe finds nothing, nothing scrolls sideways at 375 px, and
      // screenshots at 375 and 1280 px, light and dark, when SCREENSHOT_DIR is set.
      for (const [path, heading, name] of [
        ['/dashboard/stats', 'Top codes', 'stats'],
        ['/settings', 'Delete account', 'settings'],
      ] as const) {
        await page.goto(e2e.url(path));
        await page.getByRole('heading', { name: heading }).waitFor();
        await expectAccessible(page);
        await page.setViewportSize({ width: 375, height: 900 });
        await expectNoSidewaysScroll(page);
        await screenshotsInEverySize(page, name);
      }

      // 3. Export, delete one code, import the CSV again.
      await page.goto(e2e.url('/settings'));
      const csvLink = page.getByRole('link', { name: 'Download codes (CSV)' });
      const download = await owner.request.get(e2e.url(`${await csvLink.getAttribute('href')}`));
      expect(download.status()).toBe(200);
      const csv = await download.text();
      expect(csv.split('\r\n')[0]).toBe(
        'service,productName,code,reward,link,listed,expiresAt,countries',
      );
      const json = await owner.request.get(
        e2e.url(
          `${await page.getByRole('link', { name: 'Download my data (JSON)' }).getAttribute('href')}`,
        ),
      );
      expect((await json.json()).account.email).toBe(user.email);

      await page.goto(e2e.url('/dashboard'));
      await page.getByRole('button', { name: 'Delete Uber' }).click();
      await page
        .getByRole('dialog', { name: 'Delete code' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await page.getByText('Code deleted successfully').waitFor();

      await page.goto(e2e.url('/settings'));
      await page
        .getByLabel('Import codes from a CSV or JSON file')
        .setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByText('1 to add · 1 skipped · 0 refused').waitFor();
      await page.getByText(/Row \d: Spotify · TUNE-2 — Already in your codes/).waitFor();
      await page.getByRole('button', { name: 'Import 1 code' }).click();
      await page.getByText('Imported 1 code successfully').waitFor();
      const codes = (await (await owner.request.get(e2e.url('/api/codes'))).json()).codes;
      expect(codes.map((c: ApiCode) => c.code).sort()).toEqual(['RIDE-1', 'TUNE-2']);

      // 4. Delete the account.
      const session = (await owner.cookies()).find((c) => c.name === 'refstash_session')?.value;
      expect(session).toBeTruthy();
      await page.getByLabel(`Type ${user.username} to confirm`).fill(user.username);
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.waitForURL(e2e.url('/'));

      // 5. The profile is 404, and the old session gets 401.
      const profile = await page.goto(e2e.url(`/${user.username}`));
      expect(profile?.status()).toBe(404);
      const me = await fetch(e2e.url('/api/me'), {
        headers: { cookie: `refstash_session=${session}` },
      });
      expect(me.status).toBe(401);
    });
  },
  { databases: 'each' },
);
