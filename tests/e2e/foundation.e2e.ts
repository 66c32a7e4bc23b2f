import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { describeE2e } from './support/fixture.ts';

describeE2e('foundation in Chromium', (e2e) => {
  let page: Page;
  beforeEach(async () => {
    page = await e2e.newPage();
  });

  it('shows the 404 page with its two ways out', async () => {
    await page.goto(e2e.url('/some/unknown/page'));
    await expect.poll(() => page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);
    await page.getByRole('link', { name: 'Go back home' }).click();
    await page.waitForURL(e2e.url('/'));

    await page.goto(e2e.url('/a/b'));
    await page.getByRole('button', { name: 'Go back' }).waitFor();
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL(e2e.url('/'));
  });

  it.each(['/signup', '/login'])('replace-redirects %s to /magic-link', async (route) => {
    await page.goto(e2e.url('/'));
    await page.goto(`${e2e.server.url}${route}`);
    await page.waitForURL(e2e.url('/magic-link'));
    // replace: going back skips the redirecting entry and lands on the previous page.
    await page.goBack();
    await page.waitForURL(e2e.url('/'));
  });

  it('shows the signed-out NavBar', async () => {
    await page.goto(e2e.url('/'));
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
    await page.goto(e2e.url('/'));
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
});
