import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';

describe('foundation in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    await context?.close();
    context = await browser.newContext();
    page = await context.newPage();
  });

  it('shows the 404 page with its two ways out', async () => {
    await page.goto(`${server.url}/some/unknown/page`);
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Go back home' }).click();
    await page.waitForURL(`${server.url}/`);

    await page.goto(`${server.url}/a/b`);
    await page.getByRole('button', { name: 'Go back' }).waitFor();
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL(`${server.url}/`);
  });

  it.each(['/signup', '/login'])('replace-redirects %s to /magic-link', async (route) => {
    await page.goto(`${server.url}/`);
    await page.goto(`${server.url}${route}`);
    await page.waitForURL(`${server.url}/magic-link`);
    // replace: going back skips the redirecting entry and lands on the previous page.
    await page.goBack();
    await page.waitForURL(`${server.url}/`);
  });

  it('shows the signed-out NavBar', async () => {
    await page.goto(`${server.url}/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Refstash' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(await nav.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
  });

  it('loads with no script errors and no CSP violations', async () => {
    const problems: string[] = [];
    page.on('console', (message) => {
      // A 401 from the session check is how a signed-out visitor is recognised, not a fault.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        problems.push(message.text());
      }
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${server.url}/`);
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
});
