import fs from 'node:fs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { twentyCodeRows } from '../../server/test-support/twenty-codes.ts';
import { decodeQrMarkup, decodeQrPixels } from '../../web/test-support/decode-qr.ts';
import { expectAccessible } from './support/axe.ts';
import { recordConsole } from './support/console.ts';
import { describeE2e } from './support/fixture.ts';

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

describeE2e(
  'public pages in Chromium',
  (e2e) => {
    beforeAll(async () => {
      const twenty = await e2e.signInAs(await e2e.newContext(), { username: 'twenty' });
      await e2e.withDb((db) => db.insertInto('codes').values(twentyCodeRows(twenty.id)).execute());
    });

    it('without JavaScript, shows every card, and each code, its link and QR code on its page', async () => {
      const page = await e2e.newPage({ javaScriptEnabled: false });
      await page.goto(e2e.url('/twenty'));
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
        await page
          .getByRole('link', { name: 'https://robinhood.com/invite/twenty-codes-19' })
          .count(),
      ).toBe(1);
      expect(await page.getByRole('img', { name: 'QR code for Robinhood link' }).count()).toBe(1);
    });

    it('hydrates the profile and the landing page without a console error or warning', async () => {
      const page = await e2e.newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
      const messages = recordConsole(page);
      const apiCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/') && !request.url().includes('/api/logos/')) {
          apiCalls.push(`${request.method()} ${new URL(request.url()).pathname}`);
        }
      });
      await page.goto(e2e.url('/'));
      await page.waitForLoadState('networkidle');
      await page.goto(e2e.url('/twenty'));
      await page.waitForLoadState('networkidle');
      // The data came with the page, and an anonymous visitor is not asked who they are.
      expect(apiCalls).toEqual([]);
      // The page inlined the public pages' stylesheet; the whole one followed its first paint
      // (decision 113) and changed nothing on screen: a card has the box and the colours it
      // has with the inlined rules alone (a page that runs no script).
      const wholeStylesheet = await page.evaluate(() =>
        [...document.styleSheets].some(
          (sheet) => /\/assets\/index-[\w-]+\.css$/.test(sheet.href ?? '') && sheet.cssRules.length,
        ),
      );
      expect(wholeStylesheet).toBe(true);
      const card = async (on: typeof page) => {
        const link = on.locator('main li a').nth(2);
        return {
          box: await link.boundingBox(),
          style: await link.evaluate((element) => {
            const { backgroundColor, borderColor, borderRadius, padding } =
              getComputedStyle(element);
            return { backgroundColor, borderColor, borderRadius, padding };
          }),
        };
      };
      const firstPaint = await e2e.newPage({ javaScriptEnabled: false });
      await firstPaint.goto(e2e.url('/twenty'));
      expect(await card(page)).toEqual(await card(firstPaint));

      // Open a card: the address bar shows the code's own URL; copy it.
      await page.locator('main li a').nth(1).click();
      const dialog = page.getByRole('dialog', { name: 'DoorDash referral code' });
      await dialog.waitFor();
      expect(page.url()).toMatch(/\/twenty\/[0-9a-f-]{36}$/);
      await dialog.getByRole('button', { name: 'Copy code' }).click();
      await dialog.getByRole('button', { name: 'Copied!' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('DOORDASH-REF-1018');
      await expect.poll(() => apiCalls.filter((call) => call.endsWith('/clicks'))).toHaveLength(1);
      // The popup asks 'Did it work?' and waits for the answer (decision 070); it closes itself
      // about 1.5 s after the answer, back on the profile's URL.
      await dialog.getByText('Did it work?').waitFor();
      await dialog.getByRole('button', { name: 'Yes' }).click();
      await dialog.getByText('Thanks! Your answer helps the next visitor.').waitFor();
      await expect.poll(() => apiCalls.filter((call) => call.endsWith('/votes'))).toHaveLength(1);
      await dialog.waitFor({ state: 'hidden' });
      expect(page.url()).toBe(e2e.url('/twenty'));

      // Back closes a popup opened from the profile.
      await page.locator('main li a').first().click();
      await page.getByRole('dialog').waitFor();
      await page.goBack();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      expect(page.url()).toBe(e2e.url('/twenty'));
      await expectAccessible(page);
      expect(messages).toEqual([]);
    });

    it('keeps the JavaScript budgets as the browser downloads it (profile 100 kB, landing 130 kB)', async () => {
      const context = await e2e.newContext();
      const page = await context.newPage();
      await page.goto(e2e.url('/twenty'));
      const profile = await scriptBytes(page);
      await context.clearCookies();
      const landingPage = await context.newPage();
      await landingPage.goto(e2e.url('/'));
      const landing = await scriptBytes(landingPage);
      expect(profile).toBeGreaterThan(10_000);
      expect(profile).toBeLessThanOrEqual(100_000);
      expect(landing).toBeLessThanOrEqual(130_000);
    });

    it('answers 404 pages with their views', async () => {
      const page = await e2e.newPage();
      const unknown = await page.goto(e2e.url('/no_such_user'));
      expect(unknown?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Profile not found' }).waitFor();
      const missing = await page.goto(e2e.url('/some/unknown/page'));
      expect(missing?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      // A made-up code id under a real profile: one page per profile without its codes, which
      // hydrates to the same view (decision 091).
      const messages = recordConsole(page);
      const madeUp = await page.goto(e2e.url('/twenty/0190c5b2-0000-7000-8000-0000000000ee'));
      expect(madeUp?.status()).toBe(404);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);
      expect(messages.filter((message) => !message.includes('404'))).toEqual([]);
    });

    it('the dashboard shows a QR code of the profile URL and downloads it as PNG and SVG', async () => {
      const context = await e2e.newContext({ acceptDownloads: true });
      await e2e.signInAs(context, { username: 'flyer' });
      const page = await context.newPage();
      await page.goto(e2e.url('/dashboard'));
      const profileUrl = e2e.url('/flyer');
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
    });
  },
  { databases: 'each' },
);
