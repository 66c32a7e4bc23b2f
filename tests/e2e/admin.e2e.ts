import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { newId, nowIso } from '../../server/db/ids.ts';
import { expectAccessible } from './support/axe.ts';
import { describeE2e } from './support/fixture.ts';
import { expectNoSidewaysScroll, screenshot } from './support/screens.ts';
import type { SignedInUser } from './support/sign-in.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
/**
 * The logo image is the generated icon of spec §4 (drawn by the server, as SVG): the tile in the
 * category's colour, and it is drawn (the image loaded).
 */
async function expectFallbackIcon(page: Page, logo: Locator, colour: string): Promise<void> {
  await logo.waitFor();
  // Card logos load lazily: bring it on screen, as a visitor scrolling to it would.
  await logo.scrollIntoViewIfNeeded();
  await expect
    .poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  const src = await logo.getAttribute('src');
  const image = await page.request.get(new URL(src ?? '', page.url()).href);
  expect(image.headers()['content-type']).toBe('image/svg+xml');
  expect(await image.text()).toContain(`fill="${colour}"`);
}

describeE2e(
  'service requests and the admin review queue in Chromium',
  (e2e) => {
    let requester: SignedInUser;
    let userContext: BrowserContext;
    let adminContext: BrowserContext;
    let userPage: Page;
    let adminPage: Page;

    /** Runs `npm run admin -- …` (the same script) against the e2e server's database. */
    async function adminCli(...args: string[]) {
      return run(process.execPath, ['server/features/admin/admin-cli.ts', ...args], {
        cwd: root,
        env: { ...process.env, ...e2e.server.databaseEnv, NODE_ENV: 'development' },
      });
    }

    beforeAll(async () => {
      userContext = await e2e.newContext({ viewport: { width: 1280, height: 900 } });
      adminContext = await e2e.newContext({ viewport: { width: 1280, height: 900 } });
      requester = await e2e.signInAs(userContext, { username: 'requester' });
      // The admin is an ordinary user made admin with the CLI, as in production.
      await e2e.signInAs(adminContext, { username: 'boss', email: 'boss@example.com' });
      const { stdout } = await adminCli('add', 'boss@example.com');
      expect(stdout).toContain('Added admin boss@example.com (@boss)');
      userPage = await userContext.newPage();
      adminPage = await adminContext.newPage();
    });

    it('a user requests Acme Pay from the code form', async () => {
      await userPage.goto(e2e.url('/dashboard'));
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
      await dialog
        .getByText("Please enter the domain without 'www.' (e.g., example.com)")
        .waitFor();
      await screenshot(userPage, 'request-dialog-error-1280', false);
      await expectAccessible(userPage);
      // The server's duplicate checks, in its own words under the name.
      await dialog.getByLabel('Service name').fill('Uber');
      await dialog.getByLabel('Domain').fill('uber.com');
      await dialog.getByRole('button', { name: 'Submit request' }).click();
      await dialog.getByText('This service already exists').waitFor();
      await dialog.getByLabel('Service name').fill('Acme Pay');
      await dialog.getByLabel('Domain').fill('acmepay.test');
      await dialog.getByRole('button', { name: 'Submit request' }).click();
      await dialog.getByRole('status').getByText('Acme Pay').waitFor();
      await screenshot(userPage, 'request-dialog-sent-1280', false);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // Asking again while it is pending.
      await userPage.getByRole('button', { name: 'Request a new service' }).click();
      await dialog.getByLabel('Service name').fill('Acme Pay');
      await dialog.getByLabel('Domain').fill('acmepay.test');
      await dialog.getByRole('button', { name: 'Submit request' }).click();
      await dialog.getByText('A request for this service is already pending').waitFor();
      await userPage.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      const rows = await e2e.withDb((db) =>
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
      await userPage.goto(e2e.url('/admin'));
      await userPage.getByRole('heading', { name: 'Access Denied' }).waitFor();
      await userPage.getByText("You don't have admin privileges.").waitFor();
      await screenshot(userPage, 'access-denied-1280');
      await expectAccessible(userPage);
    });

    it('the CLI-made admin approves it with a note', async () => {
      await adminPage.goto(e2e.url('/admin'));
      const row = adminPage.getByRole('row').filter({ hasText: 'Acme Pay' });
      await row.getByText('acmepay.test').waitFor();
      await row.getByText('Pending').waitFor();
      await screenshot(adminPage, 'admin-table-1280');
      await expectAccessible(adminPage);
      await row.getByRole('button', { name: 'Approve Acme Pay' }).click();
      const dialog = adminPage.getByRole('dialog', { name: 'Approve service request' });
      await dialog.getByLabel(/Notes/).fill('Real referral program');
      await screenshot(adminPage, 'admin-approve-modal-1280', false);
      await expectAccessible(adminPage);
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await adminPage
        .getByText('Approved Acme Pay. It is now available in the code form.')
        .waitFor();
      await row.getByText('Approved').waitFor();
      const request = await e2e.withDb((db) =>
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
      await userPage.goto(e2e.url('/dashboard'));
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
      await screenshot(userPage, 'dashboard-fallback-icon-1280');
      const code = await e2e.withDb((db) =>
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
      await e2e.withDb(async (db) => {
        const at = nowIso();
        await db
          .insertInto('service_requests')
          .values({
            id: newId(),
            service_id: 'zetapay',
            display_name: 'Zeta Pay',
            domain: 'zetapay.com',
            requested_by: requester.id,
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
      await adminPage.goto(e2e.url('/admin'));
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
      await screenshot(adminPage, 'admin-manual-warning-1280');
      await expectAccessible(adminPage);
      await warning.getByRole('button', { name: 'Dismiss' }).click();
      await warning.waitFor({ state: 'detached' });
    });

    it('keeps /admin usable at 375 px, light and dark, with no sideways scroll', async () => {
      for (const scheme of ['light', 'dark'] as const) {
        const context = await e2e.newContext({
          viewport: { width: 375, height: 800 },
          colorScheme: scheme,
        });
        await context.addCookies(await adminContext.cookies());
        const page = await context.newPage();
        await page.goto(e2e.url('/admin'));
        await page.getByRole('button', { name: 'Edit Acme Pay' }).waitFor();
        await expectNoSidewaysScroll(page);
        await screenshot(page, `admin-table-375-${scheme}`);
        await expectAccessible(page);
        await page.getByRole('button', { name: 'Edit Acme Pay' }).click();
        await page.getByRole('dialog', { name: 'Edit service request' }).waitFor();
        await screenshot(page, `admin-edit-modal-375-${scheme}`, false);
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
      await e2e.withDb(async (db) => {
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
              user_id: requester.id,
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
        const context = await e2e.newContext({ viewport: { width, height: 900 } });
        await context.addCookies(await userContext.cookies());
        const page = await context.newPage();
        await page.goto(e2e.url('/dashboard'));
        for (const [id, [name, colour]] of Object.entries(categories)) {
          const card = page.getByTestId('code-card').filter({ hasText: id.toUpperCase() });
          await expectFallbackIcon(page, card.locator(`img[alt="${name} logo"]`), colour);
        }
        await screenshot(page, `fallback-icons-${width}`);
        await page.goto(e2e.url('/'));
        // The landing overlay's known brands come from the bundled simple-icons SVGs.
        await page.locator('img[alt="Uber logo"][src^="data:image/svg+xml"]').first().waitFor();
        await screenshot(page, `landing-brand-logos-${width}`, false);
      }
    });
  },
  { databases: 'each' },
);
