import fs from 'node:fs';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/database.ts';
import { newId, nowIso } from '../../server/db/ids.ts';
import { decodeQrMarkup, decodeQrPixels } from '../../web/test-support/decode-qr.ts';
import { axeViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signInAs } from './support/sign-in.ts';

const SERVICES = [
  'uber',
  'airbnb',
  'spotify',
  'netflix',
  'lyft',
  'revolut',
  'wise',
  'coinbase',
  'doordash',
  'robinhood',
];

/** Gives `username` 20 codes straight in the server's database. */
async function addTwentyCodes(server: TestServer, userId: string): Promise<void> {
  const database = createDatabase({ kind: 'sqlite', path: server.sqlitePath });
  try {
    for (let i = 0; i < 20; i += 1) {
      const service = SERVICES[i % SERVICES.length]!;
      await database.db
        .insertInto('codes')
        .values({
          id: newId(),
          user_id: userId,
          service,
          product_name: i % 3 ? 'Premium membership' : null,
          code: `${service.toUpperCase()}-REF-${1000 + i}`,
          reward: i % 2 ? `${10 + i}` : `${i + 1} months free`,
          link: `https://${service}.com/invite/twenty-${i}`,
          created_at: nowIso(),
          updated_at: nowIso(),
        })
        .execute();
    }
  } finally {
    await database.close();
  }
}

/** Every console message and page error of an anonymous visit. */
function recordConsole(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      messages.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

/** Compressed bytes of every script the page downloaded, once the network is idle. */
async function scriptBytes(page: Page): Promise<number> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).name.endsWith('.js'))
      .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
  );
}

describe('public pages in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let twenty: { id: string; username: string };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const setup = await browser.newContext();
    try {
      twenty = await signInAs(setup, server, { username: 'twenty' });
    } finally {
      await setup.close();
    }
    await addTwentyCodes(server, twenty.id);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('without JavaScript, shows every card, and each code, its link and QR code on its page', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/twenty`);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        "@twenty's referral codes",
      );
      const cards = page.locator('main li a');
      expect(await cards.count()).toBe(20);
      await cards.first().click();
      await page.waitForURL(/\/twenty\/[0-9a-f-]{36}$/);
      const code = page.getByTestId('referral-code');
      expect(await code.textContent()).toBe('ROBINHOOD-REF-1019');
      // Selectable in one tap, to copy by hand.
      expect(await code.evaluate((el) => getComputedStyle(el).userSelect)).toBe('all');
      expect(
        await page.getByRole('link', { name: 'https://robinhood.com/invite/twenty-19' }).count(),
      ).toBe(1);
      expect(await page.getByRole('img', { name: 'QR code for Robinhood link' }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('hydrates the profile and the landing page without a console error or warning', async () => {
    const context = await browser.newContext({
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    try {
      const page = await context.newPage();
      const messages = recordConsole(page);
      const apiCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/') && !request.url().includes('/api/logos/')) {
          apiCalls.push(`${request.method()} ${new URL(request.url()).pathname}`);
        }
      });
      await page.goto(`${server.url}/`);
      await page.waitForLoadState('networkidle');
      await page.goto(`${server.url}/twenty`);
      await page.waitForLoadState('networkidle');
      // The data came with the page, and an anonymous visitor is not asked who they are.
      expect(apiCalls).toEqual([]);

      // Open a card: the address bar shows the code's own URL; copy it.
      await page.locator('main li a').nth(1).click();
      const dialog = page.getByRole('dialog', { name: 'DoorDash referral code' });
      await dialog.waitFor();
      expect(page.url()).toMatch(/\/twenty\/[0-9a-f-]{36}$/);
      await dialog.getByRole('button', { name: 'Copy code' }).click();
      await dialog.getByRole('button', { name: 'Copied!' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('DOORDASH-REF-1018');
      await expect.poll(() => apiCalls.filter((call) => call.endsWith('/clicks'))).toHaveLength(1);
      // The popup closes itself about 1.5 s after the copy, back on the profile's URL.
      await dialog.waitFor({ state: 'hidden' });
      expect(page.url()).toBe(`${server.url}/twenty`);

      // Back closes a popup opened from the profile.
      await page.locator('main li a').first().click();
      await page.getByRole('dialog').waitFor();
      await page.goBack();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      expect(page.url()).toBe(`${server.url}/twenty`);
      expect(await axeViolations(page)).toEqual([]);
      expect(messages).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps the JavaScript budgets as the browser downloads it (profile 100 kB, landing 130 kB)', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}/twenty`);
      const profile = await scriptBytes(page);
      await context.clearCookies();
      const landingPage = await context.newPage();
      await landingPage.goto(`${server.url}/`);
      const landing = await scriptBytes(landingPage);
      expect(profile).toBeGreaterThan(10_000);
      expect(profile).toBeLessThanOrEqual(100_000);
      expect(landing).toBeLessThanOrEqual(130_000);
    } finally {
      await context.close();
    }
  });

  it('answers 404 pages with their views', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const unknown = await page.goto(`${server.url}/no_such_user`);
      expect(unknown?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Profile not found' }).waitFor();
      const missing = await page.goto(`${server.url}/some/unknown/page`);
      expect(missing?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

describe("the dashboard's profile QR code", () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows a QR code of the profile URL and downloads it as PNG and SVG', async () => {
    const context = await browser.newContext({ acceptDownloads: true });
    try {
      await signInAs(context, server, { username: 'flyer' });
      const page = await context.newPage();
      await page.goto(`${server.url}/dashboard`);
      const profileUrl = `${server.url}/flyer`;
      const qr = page.getByRole('img', { name: `QR code for your profile, ${profileUrl}` });
      await qr.waitFor();
      expect(decodeQrMarkup(await qr.evaluate((svg) => svg.outerHTML))).toBe(profileUrl);

      const [svgDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download SVG' }).click(),
      ]);
      expect(svgDownload.suggestedFilename()).toBe('refstash-flyer-qr.svg');
      const svg = fs.readFileSync((await svgDownload.path())!, 'utf8');
      expect(svg).toContain('fill="#1f2937"');
      expect(decodeQrMarkup(svg)).toBe(profileUrl);

      const [pngDownload] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download PNG' }).click(),
      ]);
      expect(pngDownload.suggestedFilename()).toBe('refstash-flyer-qr.png');
      const { data, info } = await sharp((await pngDownload.path())!)
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect(info.width).toBe(1024);
      expect(decodeQrPixels(new Uint8ClampedArray(data), info.width, info.height)).toBe(profileUrl);
    } finally {
      await context.close();
    }
  });
});
