import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/database.ts';
import { newId, nowIso } from '../../server/db/ids.ts';
import { axeViolations } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { type SignedInUser, signInAs } from './support/sign-in.ts';

/** Every screen the issue names, in both colour schemes: axe-core must find nothing. */
describe('axe-core on every main screen, light and dark', () => {
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

  async function addCodes(user: SignedInUser): Promise<void> {
    const database = createDatabase({ kind: 'sqlite', path: server.sqlitePath });
    try {
      await database.db
        .insertInto('codes')
        .values(
          ['uber', 'airbnb'].map((service, index) => ({
            id: newId(),
            user_id: user.id,
            service,
            product_name: index === 0 ? 'First ride' : null,
            code: `AXE${index}`,
            reward: index === 0 ? '15' : 'A free night',
            link: index === 0 ? 'https://www.uber.com/invite/axe' : 'Ask me for the link',
            created_at: nowIso(),
            updated_at: nowIso(),
          })),
        )
        .execute();
    } finally {
      await database.close();
    }
  }

  async function open(
    colorScheme: 'light' | 'dark',
    path: string,
    role: { admin?: boolean; withCodes?: boolean } | null,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      colorScheme,
      viewport: { width: 1280, height: 900 },
    });
    if (role) {
      const user = await signInAs(context, server, { admin: role.admin });
      if (role.withCodes) await addCodes(user);
    }
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`);
    await page.waitForLoadState('networkidle');
    await page.locator('main h1').first().waitFor();
    return { context, page };
  }

  for (const colorScheme of ['light', 'dark'] as const) {
    const screens: Array<[string, string, { admin?: boolean; withCodes?: boolean } | null]> = [
      ['the landing page', '/', null],
      ['the sign-in page', '/magic-link', null],
      ['the dashboard', '/dashboard', { withCodes: true }],
      ['a public profile', '/demo', null],
      ['the admin page', '/admin', { admin: true }],
    ];
    for (const [name, path, role] of screens) {
      it(`${name} (${colorScheme})`, async () => {
        const { context, page } = await open(colorScheme, path, role);
        try {
          expect(await axeViolations(page)).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }

    it(`the profile's card popup (${colorScheme})`, async () => {
      const { context, page } = await open(colorScheme, '/demo', null);
      try {
        await page.getByRole('list').getByRole('link').first().click();
        await page.getByRole('dialog').waitFor();
        await page.waitForLoadState('networkidle');
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
