import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { describeE2e } from './support/fixture.ts';
import { expectNoSidewaysScroll, screenshotsInEverySize } from './support/screens.ts';

/** Creates an Uber code through the dashboard's form, with the listing switch as given. */
async function createUberCode(
  page: Page,
  appUrl: (path: string) => string,
  code: string,
  options: { listed: boolean; screenshot?: boolean },
) {
  await page.goto(appUrl('/dashboard'));
  await page.getByRole('button', { name: 'Create New Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Code' });
  await dialog.waitFor();
  // Before a service is chosen the switch names no service; it is on for a new code.
  const before = dialog.getByRole('switch', { name: 'List on the service page' });
  expect(await before.isChecked()).toBe(true);
  await dialog.getByRole('combobox', { name: 'Service' }).fill('Uber');
  await dialog.getByRole('option', { name: 'Uber', exact: true }).click();
  await dialog.getByLabel('Referral code').fill(code);
  await dialog.getByLabel('Reward').fill('15');
  const listed = dialog.getByRole('switch', { name: 'List on the Uber page' });
  expect(await listed.isChecked()).toBe(true);
  await dialog.getByText('Your profile shows it either way.', { exact: false }).waitFor();
  if (!options.listed) await listed.click();
  expect(await listed.isChecked()).toBe(options.listed);
  if (options.screenshot) {
    await dialog.getByLabel(/Expires on/).fill('2999-12-31');
    await dialog.getByLabel(/Works in/).selectOption('US');
    await dialog.getByLabel(/Works in/).selectOption('CA');
    await dialog.getByRole('button', { name: 'Remove Canada' }).waitFor();
    await expectAccessible(page);
    await screenshotsInEverySize(page, 'code-form', false);
  }
  await dialog.getByRole('button', { name: 'Create Code' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describeE2e(
  'service pages, listing and "Did it work?" in Chromium',
  (e2e) => {
    const owners = {} as Record<'ann' | 'bob' | 'cat', { page: Page }>;

    beforeAll(async () => {
      for (const name of ['ann', 'bob', 'cat'] as const) {
        const context = await e2e.newContext({ viewport: { width: 1280, height: 900 } });
        await e2e.signInAs(context, { username: `${name}_rides` });
        owners[name] = { page: await context.newPage() };
      }
    });

    it('lists two codes, takes a "No, expired" answer to the owner, and unlisting removes the code', async () => {
      // 1. Two owners list an Uber code (the switch's default); the third turns it off.
      await createUberCode(owners.ann.page, e2e.url, 'ANN-RIDE', {
        listed: true,
        screenshot: true,
      });
      await createUberCode(owners.bob.page, e2e.url, 'BOB-RIDE', { listed: true });
      await createUberCode(owners.cat.page, e2e.url, 'CAT-RIDE', { listed: false });

      const page = await e2e.newPage({
        viewport: { width: 1280, height: 900 },
        permissions: ['clipboard-read', 'clipboard-write'],
      });

      // The directory counts the two listed codes.
      await page.goto(e2e.url('/s'));
      const uberEntry = page.getByRole('link', { name: /Uber/ }).first();
      await uberEntry.waitFor();
      expect(await uberEntry.textContent()).toContain('2');
      await expectAccessible(page);
      await screenshotsInEverySize(page, 'directory');
      await page.setViewportSize({ width: 375, height: 800 });
      await expectNoSidewaysScroll(page);
      await page.setViewportSize({ width: 1280, height: 900 });

      // 2. /s/uber shows exactly the two listed codes.
      await page.goto(e2e.url('/s/uber'));
      const cards = page.locator('li[data-code-id]');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(2);
      const owners_ = (await cards.allTextContents()).map((text) => /@(\w+)/.exec(text)?.[1]);
      expect(owners_.sort()).toEqual(['ann_rides', 'bob_rides']);
      await expectAccessible(page);
      await screenshotsInEverySize(page, 'service-uber');
      await page.setViewportSize({ width: 375, height: 800 });
      await expectNoSidewaysScroll(page);
      await page.setViewportSize({ width: 1280, height: 900 });

      // 3. Copy Ann's code and answer 'No', 'Expired'.
      const annCard = cards.filter({ hasText: '@ann_rides' });
      await annCard.getByRole('link', { name: /Uber/ }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Uber referral code' });
      await dialog.waitFor();
      const click = page.waitForResponse((response) => response.url().endsWith('/clicks'));
      await dialog.getByRole('button', { name: 'Copy code' }).click();
      expect((await click).status()).toBe(202);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('ANN-RIDE');
      await dialog.getByRole('button', { name: 'Copied!' }).waitFor();
      await dialog.getByText('Did it work?').waitFor();
      await expectAccessible(page);
      await screenshotsInEverySize(page, 'popup-question', false);
      await dialog.getByRole('button', { name: 'No' }).click();
      await dialog.getByText('What went wrong?').waitFor();
      await screenshotsInEverySize(page, 'popup-reasons', false);
      const vote = page.waitForResponse((response) => response.url().endsWith('/votes'));
      await dialog.getByRole('button', { name: 'Expired' }).click();
      const answer = await vote;
      expect(answer.status()).toBe(202);
      expect(await answer.json()).toEqual({ counted: true });
      expect(answer.request().postDataJSON()).toEqual({ worked: false, reason: 'expired' });
      await dialog.getByText('Thanks! Your answer helps the next visitor.').waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // 4. Ann sees it on her dashboard.
      const ann = owners.ann.page;
      await ann.goto(e2e.url('/dashboard'));
      const annCode = ann.getByTestId('code-card').filter({ hasText: 'ANN-RIDE' });
      await annCode.getByText("Worked: 0 · Didn't: 1 (expired 1)").waitFor();
      await annCode.getByText('Listed on the Uber page').waitFor();
      await expectAccessible(ann);
      await screenshotsInEverySize(ann, 'dashboard-counts');
      // Cat's code was never listed.
      const cat = owners.cat.page;
      await cat.goto(e2e.url('/dashboard'));
      await cat.getByTestId('code-card').getByText('Not listed').waitFor();

      // 5. Ann turns listing off: her code is gone from /s/uber.
      await annCode.getByRole('button', { name: 'Edit Uber code' }).click();
      const edit = ann.getByRole('dialog', { name: 'Edit Code' });
      const listed = edit.getByRole('switch', { name: 'List on the Uber page' });
      expect(await listed.isChecked()).toBe(true);
      await listed.click();
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await edit.waitFor({ state: 'hidden' });
      await annCode.getByText('Not listed').waitFor();

      await page.goto(e2e.url('/s/uber'));
      await cards.first().waitFor();
      expect(await cards.count()).toBe(1);
      expect(await cards.first().textContent()).toContain('@bob_rides');
      expect(await page.getByText('@ann_rides').count()).toBe(0);
    });

    it('says in the form why a link keeps a code off the page, and an admin allowing the host lists it', async () => {
      // Decision 094: Cat lists a code whose link is a short link, not uber.com.
      const cat = owners.cat.page;
      await cat.goto(e2e.url('/dashboard'));
      await cat.getByRole('button', { name: 'Create New Code' }).click();
      const dialog = cat.getByRole('dialog', { name: 'Create New Code' });
      await dialog.getByRole('combobox', { name: 'Service' }).fill('Uber');
      await dialog.getByRole('option', { name: 'Uber', exact: true }).click();
      await dialog.getByLabel('Referral code').fill('CAT-SHORT');
      await dialog.getByLabel('Reward').fill('10');
      await dialog.getByLabel(/Link or note/).fill('https://ubr.to/cat');
      const notice = dialog.getByTestId('listing-notice');
      expect(await notice.textContent()).toBe(
        'Not listed on the Uber page: its link must be on uber.com. Your profile shows it either way.',
      );
      await expectAccessible(cat);
      await screenshotsInEverySize(cat, 'code-form-link-notice', false);
      await dialog.getByRole('button', { name: 'Create Code' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const card = cat.getByTestId('code-card').filter({ hasText: 'CAT-SHORT' });
      await card.getByText("Not listed: its link is not on Uber's site").waitFor();

      // An admin allows ubr.to for Uber in /admin: the code joins the page.
      const context = await e2e.newContext({ viewport: { width: 1280, height: 900 } });
      await e2e.signInAs(context, { username: 'site_admin', admin: true });
      const admin = await context.newPage();
      await admin.goto(e2e.url('/admin'));
      const section = admin.locator('section', {
        has: admin.getByRole('heading', { name: 'Link hosts' }),
      });
      await section.getByLabel('Service').selectOption('uber');
      await section.getByLabel(/Allowed link hosts for Uber/).fill('ubr.to');
      await expectAccessible(admin);
      await screenshotsInEverySize(admin, 'admin-link-hosts');
      await section.getByRole('button', { name: 'Save hosts' }).click();
      await section.getByText('Link hosts saved').waitFor();
      await cat.reload();
      await card.getByText('Listed on the Uber page').waitFor();
      const page = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(e2e.url('/s/uber'));
      await page.locator('li[data-code-id]', { hasText: '@cat_rides' }).waitFor();
    });
  },
  // No demo profile: its codes are listed too (issue 24), and this file counts its own.
  { databases: 'each', env: () => ({ SEED_DEMO: '0' }) },
);
