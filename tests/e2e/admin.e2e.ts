import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/database.ts';
import { newId, nowIso } from '../../server/db/ids.ts';
import { launchBrowser } from './support/browser.ts';
import { startServer, type TestServer } from './support/server.ts';
import { signInAs } from './support/sign-in.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const SCREENS = process.env.SCREENSHOT_DIR ?? '';

/**
 * The logo image is the generated icon of spec §4 (drawn by the server, as SVG): the tile in the
 * category's colour, and it is drawn (the image loaded).
 */
async function expectFallbackIcon(page: Page, logo: Locator, colour: string): Promise<void> {
  await logo.waitFor();
  await expect
    .poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  const src = await logo.getAttribute('src');
  const image = await page.request.get(new URL(src ?? '', page.url()).href);
  expect(image.headers()['content-type']).toBe('image/svg+xml');
  expect(await image.text()).toContain(`fill="${colour}"`);
}

describe('service requests and the admin review queue in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let userContext: BrowserContext;
  let adminContext: BrowserContext;
  let userPage: Page;
  let adminPage: Page;

  /** Runs `npm run admin -- …` (the same script) against the e2e server's database. */
  async function adminCli(...args: string[]) {
    return run(process.execPath, ['server/features/admin/admin-cli.ts', ...args], {
      cwd: root,
      env: {
        ...process.env,
        SQLITE_PATH: server.sqlitePath,
        DATABASE_URL: '',
        NODE_ENV: 'development',
      },
    });
  }

  async function withDb<T>(fn: (db: ReturnType<typeof createDatabase>['db']) => Promise<T>) {
    const database = createDatabase({ kind: 'sqlite', path: server.sqlitePath });
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  }

  /** axe-core finds nothing on the page as it stands (design.md). */
  async function expectAccessible(page: Page) {
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`),
    ).toEqual([]);
  }

  async function shot(page: Page, name: string, fullPage = true) {
    if (SCREENS) await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage });
  }

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    userContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInAs(userContext, server, { username: 'requester' });
    // The admin is an ordinary user made admin with the CLI, as in production.
    await signInAs(adminContext, server, { username: 'boss', email: 'boss@example.com' });
    const { stdout } = await adminCli('add', 'boss@example.com');
    expect(stdout).toContain('Added admin boss@example.com (@boss)');
    userPage = await userContext.newPage();
    adminPage = await adminContext.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a user requests Acme Pay from the code form', async () => {
    await userPage.goto(`${server.url}/dashboard`);
    await userPage.getByRole('button', { name: 'Create New Code' }).click();
    await userPage.getByRole('combobox', { name: 'Service' }).fill('Acme Pay');
    // Leave the search box so its open list no longer covers the link.
    await userPage.keyboard.press('Tab');
    await userPage.getByRole('button', { name: 'Request a new service' }).click();
    const dialog = userPage.getByRole('dialog', { name: 'Request a new service' });
    await dialog.waitFor();
    await dialog.getByLabel('Service name').fill('Acme Pay');
    await dialog.getByRole('button', { name: 'Submit request' }).click();
    await dialog.getByText('Domain is required').waitFor();
    await dialog.getByLabel('Domain').fill('www.acmepay.test');
    await dialog.getByRole('button', { name: 'Submit request' }).click();
    await dialog.getByText("Please enter the domain without 'www.' (e.g., example.com)").waitFor();
    await shot(userPage, 'request-dialog-error-1280', false);
    await expectAccessible(userPage);
    await dialog.getByLabel('Domain').fill('acmepay.test');
    await dialog.getByRole('button', { name: 'Submit request' }).click();
    await dialog.getByRole('status').getByText('Acme Pay').waitFor();
    await shot(userPage, 'request-dialog-sent-1280', false);
    await dialog.getByRole('button', { name: 'Done' }).click();

    const rows = await withDb((db) =>
      db.selectFrom('service_requests').selectAll().where('service_id', '=', 'acmepay').execute(),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      display_name: 'Acme Pay',
      domain: 'acmepay.test',
      status: 'pending',
    });
  });

  it('a non-admin sees Access Denied on /admin', async () => {
    await userPage.goto(`${server.url}/admin`);
    await userPage.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await userPage.getByText("You don't have admin privileges.").waitFor();
    await shot(userPage, 'access-denied-1280');
    await expectAccessible(userPage);
  });

  it('the CLI-made admin approves it with a note', async () => {
    await adminPage.goto(`${server.url}/admin`);
    const row = adminPage.getByRole('row').filter({ hasText: 'Acme Pay' });
    await row.getByText('acmepay.test').waitFor();
    await row.getByText('Pending').waitFor();
    await shot(adminPage, 'admin-table-1280');
    await expectAccessible(adminPage);
    await row.getByRole('button', { name: 'Approve Acme Pay' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Approve service request' });
    await dialog.getByLabel(/Notes/).fill('Real referral program');
    await shot(adminPage, 'admin-approve-modal-1280', false);
    await expectAccessible(adminPage);
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await adminPage.getByText('Approved Acme Pay. It is now available in the code form.').waitFor();
    await row.getByText('Approved').waitFor();
    const request = await withDb((db) =>
      db
        .selectFrom('service_requests')
        .selectAll()
        .where('service_id', '=', 'acmepay')
        .executeTakeFirstOrThrow(),
    );
    expect(request).toMatchObject({ status: 'approved', notes: 'Real referral program' });
    expect(request.reviewed_by).not.toBeNull();
  });

  it('the user creates a code with the approved service', async () => {
    await userPage.goto(`${server.url}/dashboard`);
    await userPage.getByRole('button', { name: 'Create New Code' }).click();
    await userPage.getByRole('combobox', { name: 'Service' }).fill('Acme');
    await userPage.getByRole('option', { name: 'Acme Pay' }).click();
    await userPage.getByLabel('Referral code').fill('ACME-42');
    await userPage.getByLabel('Reward').fill('20');
    await userPage.getByRole('button', { name: 'Create Code' }).click();
    const card = userPage.getByTestId('code-card').filter({ hasText: 'ACME-42' });
    await card.waitFor();
    // acmepay.test can never resolve (a reserved name), on any machine: the finance icon is drawn.
    await expectFallbackIcon(userPage, card.locator('img[alt="Acme Pay logo"]'), '#047857');
    await shot(userPage, 'dashboard-fallback-icon-1280');
    const code = await withDb((db) =>
      db
        .selectFrom('codes')
        .select(['service', 'code'])
        .where('code', '=', 'ACME-42')
        .executeTakeFirstOrThrow(),
    );
    expect(code.service).toBe('acmepay');
  });

  it('shows the manual-creation warning when the service already exists', async () => {
    // A request was pending while the service got added another way.
    await withDb(async (db) => {
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'requester')
        .executeTakeFirstOrThrow();
      const at = nowIso();
      await db
        .insertInto('service_requests')
        .values({
          id: newId(),
          service_id: 'zetapay',
          display_name: 'Zeta Pay',
          domain: 'zetapay.com',
          requested_by: user.id,
          requested_at: at,
          status: 'pending',
          reviewed_by: null,
          reviewed_at: null,
          notes: null,
          updated_at: at,
        })
        .execute();
      await db
        .insertInto('services')
        .values({
          id: 'zetapay',
          name: 'Zeta',
          domain: 'zeta.com',
          created_at: at,
          created_by: 'system',
        })
        .execute();
    });
    await adminPage.goto(`${server.url}/admin`);
    await adminPage.getByRole('button', { name: 'Approve Zeta Pay' }).click();
    await adminPage
      .getByRole('dialog', { name: 'Approve service request' })
      .getByRole('button', { name: 'Approve' })
      .click();
    const warning = adminPage
      .getByRole('alert')
      .filter({ hasText: 'could not be created automatically' });
    await warning.waitFor();
    const text = await warning.textContent();
    expect(text).toContain('zetapay');
    expect(text).toContain('Zeta Pay');
    expect(text).toContain('zetapay.com');
    await adminPage
      .getByRole('row')
      .filter({ hasText: 'Zeta Pay' })
      .getByText('Approved')
      .waitFor();
    await shot(adminPage, 'admin-manual-warning-1280');
    await expectAccessible(adminPage);
    await warning.getByRole('button', { name: 'Dismiss' }).click();
    await warning.waitFor({ state: 'detached' });
  });

  it('keeps /admin usable at 375 px, light and dark, with no sideways scroll', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({
        viewport: { width: 375, height: 800 },
        colorScheme: scheme,
      });
      await context.addCookies(await adminContext.cookies());
      const page = await context.newPage();
      await page.goto(`${server.url}/admin`);
      await page.getByRole('button', { name: 'Edit Acme Pay' }).waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, `admin-table-375-${scheme}`);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Edit Acme Pay' }).click();
      await page.getByRole('dialog', { name: 'Edit service request' }).waitFor();
      await shot(page, `admin-edit-modal-375-${scheme}`, false);
      await context.close();
    }
  });

  it('draws one fallback icon per category, and brand logos for known services', async () => {
    const categories = {
      // Spec §4's categories with their tile colours (white text on each meets AA).
      foodlyeats: ['Foodly Eats', '#c2410c'],
      tripnest: ['TripNest', '#0369a1'],
      chathub: ['ChatHub', '#be185d'],
      streambox: ['StreamBox', '#7e22ce'],
      shopkart: ['ShopKart', '#b91c1c'],
      appsmith: ['Appsmith', '#4338ca'],
      zebra: ['Zebra', '#374151'],
    } as const;
    await withDb(async (db) => {
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'requester')
        .executeTakeFirstOrThrow();
      for (const [id, [name]] of Object.entries(categories)) {
        const at = nowIso();
        await db
          .insertInto('services')
          .values({ id, name, domain: `${id}.test`, created_at: at, created_by: 'system' })
          .execute();
        await db
          .insertInto('codes')
          .values({
            id: newId(),
            user_id: user.id,
            service: id,
            product_name: null,
            code: id.toUpperCase(),
            reward: '5',
            link: null,
            created_at: at,
            updated_at: at,
          })
          .execute();
      }
    });
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      await context.addCookies(await userContext.cookies());
      const page = await context.newPage();
      await page.goto(`${server.url}/dashboard`);
      for (const [id, [name, colour]] of Object.entries(categories)) {
        const card = page.getByTestId('code-card').filter({ hasText: id.toUpperCase() });
        await expectFallbackIcon(page, card.locator(`img[alt="${name} logo"]`), colour);
      }
      await shot(page, `fallback-icons-${width}`);
      await page.goto(`${server.url}/`);
      // The landing overlay's known brands come from the bundled simple-icons SVGs.
      await page.locator('img[alt="Uber logo"][src^="data:image/svg+xml"]').first().waitFor();
      await shot(page, `landing-brand-logos-${width}`, false);
      await context.close();
    }
  });
});
