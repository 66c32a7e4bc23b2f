import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

const LOGO_COUNT = 13;

describe('landing page in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    // Development mode: the server seeds the demo profile on start.
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the headline, Get Started, 6 demo cards and the closing call to action', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Refstash' }).waitFor();
    await page.getByTestId('demo-card').first().waitFor();
    expect(await page.getByTestId('demo-card').count()).toBe(6);
    expect(await axeViolations(page)).toEqual([]);
    const first = page.getByTestId('demo-card').first();
    expect(await first.textContent()).toContain('Uber');
    expect(await first.textContent()).toContain('$15');
    const logo = await first.locator('[aria-hidden=true] > *').first().boundingBox();
    expect(logo?.width).toBe(64);
    expect(await page.getByRole('link', { name: 'Create your profile' }).getAttribute('href')).toBe(
      '/signup',
    );
    await context.close();
  });

  it('draws 13 falling 80 px logos that move, never take clicks and are hidden from screen readers', async () => {
    const page = await browser.newPage({ reducedMotion: 'no-preference' });
    await page.goto(`${server.url}/`);
    const overlay = page.getByTestId('falling-logos');
    await overlay.waitFor({ state: 'attached' });
    expect(await overlay.getAttribute('aria-hidden')).toBe('true');
    expect(await overlay.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
    const items = overlay.locator(':scope > div');
    // The overlay starts once the page is idle.
    await expect.poll(() => items.count()).toBe(LOGO_COUNT);
    expect(await items.first().evaluate((el) => getComputedStyle(el).opacity)).toBe('0.9');
    // offsetWidth, not the bounding box: the logos are rotated.
    expect(
      await items
        .first()
        .locator(':scope > *')
        .first()
        .evaluate((el) => (el as HTMLElement).offsetWidth),
    ).toBe(80);
    // Nothing in the overlay is exposed to assistive technology.
    const snapshot = await page.locator('body').ariaSnapshot();
    expect(snapshot).not.toContain('Discord');
    expect(snapshot).not.toContain('Instagram');

    const positions = () => items.evaluateAll((els) => els.map((el) => el.style.transform));
    const start = await positions();
    await page.waitForTimeout(300);
    expect(await positions()).not.toEqual(start);

    // Clicks go through the overlay to the page.
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(`${server.url}/magic-link`);
    await page.close();
  });

  it('passes axe in dark mode', async () => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByTestId('demo-card').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('stands still under prefers-reduced-motion', async () => {
    const page = await browser.newPage({ reducedMotion: 'reduce' });
    await page.goto(`${server.url}/`);
    const items = page.getByTestId('falling-logos').locator(':scope > div');
    await expect.poll(() => items.count()).toBe(LOGO_COUNT);
    const positions = () => items.evaluateAll((els) => els.map((el) => el.style.transform));
    await page.waitForTimeout(100);
    const start = await positions();
    await page.waitForTimeout(300);
    expect(await positions()).toEqual(start);
    await page.close();
  });

  it('is not loaded by a profile visit', async () => {
    const page = await browser.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${server.url}/demo`);
    await page.getByRole('heading', { name: "@demo's referral codes" }).waitFor();
    expect(await page.getByTestId('falling-logos').count()).toBe(0);
    expect(scripts.some((url) => url.includes('LandingPage'))).toBe(false);
    await page.close();
  });
});
