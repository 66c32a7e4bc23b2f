import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { describeE2e } from './support/fixture.ts';
import { expectNoSidewaysScroll, screenshotsInEverySize } from './support/screens.ts';
import type { SignedInUser } from './support/sign-in.ts';

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const HIDE_REASON = 'The link leads to a page that asks for your Uber password.';
const RESTORE_REASON = 'The owner showed the link is Uber’s own invite page.';

describeE2e(
  'trust and safety in Chromium',
  (e2e) => {
    let owner: SignedInUser;
    let ownerPage: Page;
    let adminPage: Page;
    let codeId: string;

    /** Listing on service pages waits for an account's probation; these owners are older. */
    async function ageAccount(userId: string) {
      await e2e.withDb((db) =>
        db
          .updateTable('users')
          .set({ created_at: new Date(Date.now() - 30 * 86_400_000).toISOString() })
          .where('id', '=', userId)
          .execute(),
      );
    }

    async function createCode(context: BrowserContext, data: Record<string, string | boolean>) {
      const response = await context.request.post(e2e.url('/api/codes'), {
        data,
        headers: { origin: e2e.server.url },
      });
      expect(response.status()).toBe(201);
      return (await response.json()).code.id as string;
    }

    /** The admin's row of a reported target in /admin's Reports. */
    const caseRow = (text: string) =>
      adminPage.locator('li[data-case-id]').filter({ hasText: text }).first();

    async function act(row: ReturnType<typeof caseRow>, action: string, reason: string) {
      await row.getByRole('button', { name: action, exact: true }).click();
      const dialog = adminPage.getByRole('dialog');
      await dialog.getByLabel('Reason').fill(reason);
      await dialog.getByRole('button', { name: action, exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
    }

    beforeAll(async () => {
      const ownerContext = await e2e.newContext(DESKTOP);
      owner = await e2e.signInAs(ownerContext, { username: 'mod_owner' });
      await ageAccount(owner.id);
      codeId = await createCode(ownerContext, {
        service: 'uber',
        code: 'RIDE-MOD',
        reward: '15',
        link: 'https://uber.com/invite/mod_owner',
        listed: true,
      });
      await createCode(ownerContext, { service: 'airbnb', code: 'STAY-MOD', reward: '40' });
      ownerPage = await ownerContext.newPage();
      const adminContext = await e2e.newContext(DESKTOP);
      await e2e.signInAs(adminContext, { username: 'mod_boss', admin: true });
      adminPage = await adminContext.newPage();
    });

    it('the rules are a public page, linked from the footer', async () => {
      const visitor = await e2e.newPage(DESKTOP);
      await visitor.goto(e2e.url('/s/uber'));
      await visitor.getByRole('contentinfo').getByRole('link', { name: 'Rules' }).click();
      await visitor.getByRole('heading', { name: 'Rules', level: 1 }).waitFor();
      expect(new URL(visitor.url()).pathname).toBe('/rules');
      await visitor.getByRole('heading', { name: 'How to appeal' }).waitFor();
      await expectAccessible(visitor);
      await expectNoSidewaysScroll(visitor);
      await screenshotsInEverySize(visitor, 'rules');
    });

    it("the popup and the code's own page offer 'Report' too", async () => {
      const visitor = await e2e.newPage(DESKTOP);
      await visitor.goto(e2e.url('/mod_owner'));
      await visitor.locator(`a[href="/mod_owner/${codeId}"]`).click();
      const popup = visitor.getByRole('dialog', { name: 'Uber referral code' });
      await popup.getByRole('button', { name: 'Report' }).click();
      const report = visitor.getByRole('dialog', { name: 'Report this code' });
      await report.getByRole('radio', { name: 'Offensive content' }).waitFor();
      // A dialog over the popup: Escape closes the top one only.
      await visitor.keyboard.press('Escape');
      await report.waitFor({ state: 'hidden' });
      await popup.getByRole('button', { name: 'Copy code' }).waitFor();
      await visitor.goto(e2e.url(`/mod_owner/${codeId}`));
      await visitor.getByRole('button', { name: 'Report' }).click();
      await report.getByRole('button', { name: 'Send report' }).waitFor();
    });

    it('1. a visitor reports the listed code as a scam, from its service-page card', async () => {
      const visitor = await e2e.newPage(DESKTOP);
      await visitor.goto(e2e.url('/s/uber'));
      const card = visitor.locator(`li[data-code-id="${codeId}"]`);
      await card.waitFor();
      await screenshotsInEverySize(visitor, 'service-page-report', false);
      await card.getByRole('button', { name: 'Report' }).click();
      const dialog = visitor.getByRole('dialog', { name: 'Report this code' });
      await dialog.getByRole('radio', { name: 'Scam or phishing link' }).waitFor();
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await dialog.getByText('Please choose a reason').waitFor();
      await dialog.getByRole('radio', { name: 'Scam or phishing link' }).check();
      await dialog.getByLabel(/Note/).fill('The page asks for my <b>password</b>');
      await expectAccessible(visitor);
      await screenshotsInEverySize(visitor, 'report-dialog', false);
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await dialog.getByText('Thanks — an admin will review this.').waitFor();
      await screenshotsInEverySize(visitor, 'report-dialog-sent', false);
    });

    it('2. the admin sees it under Reports and hides the code with a reason', async () => {
      await adminPage.goto(e2e.url('/admin'));
      const row = caseRow('RIDE-MOD');
      await row.waitFor();
      await row.getByText('Scam or phishing link × 1').waitFor();
      await row.getByText(/^1 report from 1 network/).waitFor();
      // The note is text: its markup shows as typed.
      await row.getByText('The page asks for my <b>password</b>').waitFor();
      await row.getByText('@mod_owner · mod_owner@example.com').waitFor();
      await row.getByText('https://uber.com/invite/mod_owner').waitFor();
      await expectAccessible(adminPage);
      await screenshotsInEverySize(adminPage, 'admin-reports');
      await act(row, 'Hide code', HIDE_REASON);
      await adminPage.getByText('Code hidden. The owner receives your reason by e-mail.').waitFor();
      await row.getByText('Code hidden', { exact: true }).waitFor();
    });

    it('3. the code is gone from the profile and from /s/uber', async () => {
      const visitor = await e2e.newPage(DESKTOP);
      await visitor.goto(e2e.url('/mod_owner'));
      await visitor.getByRole('link', { name: /Airbnb/ }).waitFor();
      expect(await visitor.locator(`a[href="/mod_owner/${codeId}"]`).count()).toBe(0);
      const page = await visitor.goto(e2e.url(`/mod_owner/${codeId}`));
      expect(page?.status()).toBe(404);
      await visitor.goto(e2e.url('/s/uber'));
      await visitor.getByRole('heading', { name: 'Uber referral codes' }).waitFor();
      expect(await visitor.locator(`li[data-code-id="${codeId}"]`).count()).toBe(0);
    });

    it("4. the owner is e-mailed the reason, sees 'Hidden by an admin' and appeals", async () => {
      const mail = await e2e.smtp.nextMessage(owner.email);
      expect(mail.text).toContain(HIDE_REASON);
      await ownerPage.goto(e2e.url('/dashboard'));
      const notice = ownerPage.getByTestId('hidden-by-admin');
      await notice.getByText('Hidden by an admin').waitFor();
      await notice.getByText(HIDE_REASON).waitFor();
      await expectAccessible(ownerPage);
      await screenshotsInEverySize(ownerPage, 'dashboard-hidden-code');
      await notice.getByRole('button', { name: 'Appeal' }).click();
      const dialog = ownerPage.getByRole('dialog', { name: 'Appeal: Uber code' });
      await dialog.getByLabel('Why should it be restored?').fill('It is Uber’s own invite link.');
      await dialog.getByRole('button', { name: 'Send appeal' }).click();
      await dialog.getByText('Your appeal was sent. An admin will answer by e-mail.').waitFor();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await notice.getByText(/^You appealed on/).waitFor();
      expect(await notice.getByRole('button', { name: 'Appeal' }).count()).toBe(0);
    });

    it('5. the admin restores the code from the appeal', async () => {
      await adminPage.goto(e2e.url('/admin'));
      const row = adminPage
        .locator('li[data-case-id]')
        .filter({ hasText: 'It is Uber’s own invite link.' });
      await row.getByText('Appeal open').waitFor();
      await screenshotsInEverySize(adminPage, 'admin-reports-appeal');
      await act(row, 'Restore', RESTORE_REASON);
      await adminPage.getByText('Restored. The owner receives your answer by e-mail.').waitFor();
      const mail = await e2e.smtp.nextMessage(owner.email);
      expect(mail.text).toContain(RESTORE_REASON);
    });

    it('6. the code is back, and the audit log shows each step', async () => {
      const visitor = await e2e.newPage(DESKTOP);
      await visitor.goto(e2e.url('/mod_owner'));
      await visitor.locator(`a[href="/mod_owner/${codeId}"]`).waitFor();
      await visitor.goto(e2e.url('/s/uber'));
      await visitor.locator(`li[data-code-id="${codeId}"]`).waitFor();
      await ownerPage.goto(e2e.url('/dashboard'));
      await ownerPage.getByRole('heading', { name: /Uber/ }).first().waitFor();
      expect(await ownerPage.getByTestId('hidden-by-admin').count()).toBe(0);

      await adminPage.goto(e2e.url('/admin'));
      const log = adminPage.getByRole('region', { name: 'Audit log' }).getByRole('table');
      await log.getByRole('row').nth(2).waitFor();
      const rows = await log
        .getByRole('row')
        .evaluateAll((trs) =>
          trs
            .slice(1)
            .map((tr) =>
              [...tr.querySelectorAll('td')].slice(1).map((td) => td.lastChild?.textContent),
            ),
        );
      await expectAccessible(adminPage);
      await screenshotsInEverySize(adminPage, 'admin-audit-log');
      expect(rows).toEqual([
        ['@mod_boss', 'Restore', expect.stringContaining('RIDE-MOD'), RESTORE_REASON],
        ['@mod_boss', 'Hide code', expect.stringContaining('RIDE-MOD'), HIDE_REASON],
      ]);
    });

    it('an admin disables an account: its signed-in tab gets 401 next, its profile 404', async () => {
      const ownerContext = await e2e.newContext(DESKTOP);
      const spammer = await e2e.signInAs(ownerContext, { username: 'mod_spammer' });
      await createCode(ownerContext, { service: 'uber', code: 'SPAM-1', reward: '5' });
      const tab = await ownerContext.newPage();
      await tab.goto(e2e.url('/dashboard'));
      await tab.getByTestId('code-card').waitFor();

      // A visitor reports the profile from its page.
      const visitor = await e2e.newPage(DESKTOP);
      await visitor.goto(e2e.url('/mod_spammer'));
      await visitor.getByRole('button', { name: 'Report' }).click();
      const dialog = visitor.getByRole('dialog', { name: 'Report this profile' });
      await dialog.getByRole('radio', { name: 'Spam or not a referral code' }).check();
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await dialog.getByText('Thanks — an admin will review this.').waitFor();

      await adminPage.goto(e2e.url('/admin'));
      const row = caseRow('Profile @mod_spammer');
      await row.waitFor();
      await act(row, 'Disable account', 'Only spam.');
      await row.getByText('Account disabled', { exact: true }).waitFor();

      // The tab signed in before: its next request is refused.
      const status = await tab.evaluate(async () => (await fetch('/api/codes')).status);
      expect(status).toBe(401);
      const profile = await visitor.goto(e2e.url('/mod_spammer'));
      expect(profile?.status()).toBe(404);
      await visitor.getByText('Profile not found').first().waitFor();
      expect(spammer.username).toBe('mod_spammer');
    });
  },
  { databases: 'each', mailFrom: 'Refstash <no-reply@refstash.test>' },
);
