import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signInAs } from './support/sign-in.ts';

/** Screenshots go here when set (never into the repository). */
const SCREENS = process.env.SCREENSHOT_DIR ?? '';

/** The page at 375 and 1280 px, light and dark, as `name-<width>-<scheme>.png`. */
async function shots(page: Page, name: string, fullPage = true) {
  if (!SCREENS) return;
  fs.mkdirSync(SCREENS, { recursive: true });
  // Colour transitions would catch a button half-way through the switch of scheme.
  await page.addStyleTag({ content: '*, ::before, ::after { transition: none !important; }' });
  for (const width of [375, 1280]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await page.screenshot({
        path: path.join(SCREENS, `${name}-${width}-${colorScheme}.png`),
        fullPage,
      });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** How far the page scrolls sideways (0 when it fits). */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** Creates an Uber code through the dashboard's form, with the listing switch as given. */
async function createUberCode(
  page: Page,
  server: TestServer,
  code: string,
  options: { listed: boolean; screenshot?: boolean },
) {
  await page.goto(`${server.url}/dashboard`);
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
    expect(await axeViolations(page)).toEqual([]);
    await shots(page, 'code-form', false);
  }
  await dialog.getByRole('button', { name: 'Create Code' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('service pages, listing and "Did it work?" in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const owners: Record<'ann' | 'bob' | 'cat', { context: BrowserContext; page: Page }> =
    {} as never;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    for (const name of ['ann', 'bob', 'cat'] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await signInAs(context, server, { username: `${name}_rides` });
      owners[name] = { context, page: await context.newPage() };
    }
  });
  afterAll(async () => {
    for (const owner of Object.values(owners)) await owner?.context.close();
    await browser?.close();
    await server?.stop();
  });

  it('lists two codes, takes a "No, expired" answer to the owner, and unlisting removes the code', async () => {
    // 1. Two owners list an Uber code (the switch's default); the third turns it off.
    await createUberCode(owners.ann.page, server, 'ANN-RIDE', { listed: true, screenshot: true });
    await createUberCode(owners.bob.page, server, 'BOB-RIDE', { listed: true });
    await createUberCode(owners.cat.page, server, 'CAT-RIDE', { listed: false });

    const visitor = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    try {
      const page = await visitor.newPage();

      // The directory counts the two listed codes.
      await page.goto(`${server.url}/s`);
      const uberEntry = page.getByRole('link', { name: /Uber/ }).first();
      await uberEntry.waitFor();
      expect(await uberEntry.textContent()).toContain('2');
      expect(await axeViolations(page)).toEqual([]);
      await shots(page, 'directory');
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await sidewaysScroll(page)).toBe(0);
      await page.setViewportSize({ width: 1280, height: 900 });

      // 2. /s/uber shows exactly the two listed codes.
      await page.goto(`${server.url}/s/uber`);
      const cards = page.locator('li[data-code-id]');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(2);
      const owners_ = (await cards.allTextContents()).map((text) => /@(\w+)/.exec(text)?.[1]);
      expect(owners_.sort()).toEqual(['ann_rides', 'bob_rides']);
      expect(await axeViolations(page)).toEqual([]);
      await shots(page, 'service-uber');
      await page.setViewportSize({ width: 375, height: 800 });
      expect(await sidewaysScroll(page)).toBe(0);
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
      expect(await axeViolations(page)).toEqual([]);
      await shots(page, 'popup-question', false);
      await dialog.getByRole('button', { name: 'No' }).click();
      await dialog.getByText('What went wrong?').waitFor();
      await shots(page, 'popup-reasons', false);
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
      await ann.goto(`${server.url}/dashboard`);
      const annCode = ann.getByTestId('code-card').filter({ hasText: 'ANN-RIDE' });
      await annCode.getByText("Worked: 0 · Didn't: 1 (expired 1)").waitFor();
      await annCode.getByText('Listed on the Uber page').waitFor();
      expect(await axeViolations(ann)).toEqual([]);
      await shots(ann, 'dashboard-counts');
      // Cat's code was never listed.
      const cat = owners.cat.page;
      await cat.goto(`${server.url}/dashboard`);
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

      await page.goto(`${server.url}/s/uber`);
      await cards.first().waitFor();
      expect(await cards.count()).toBe(1);
      expect(await cards.first().textContent()).toContain('@bob_rides');
      expect(await page.getByText('@ann_rides').count()).toBe(0);
    } finally {
      await visitor.close();
    }
  });
});
