import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { describeE2e } from './support/fixture.ts';
import { expectNoSidewaysScroll, SCREENSHOT_DIR, screenshot } from './support/screens.ts';

const PHONE = { width: 375, height: 800 };
const REJECTION_NOTE = 'No referral program found on their site';

/**
 * Issue 13, item 2 at 375 px: a request is no longer a dead end. The code form says the service
 * waits for review; the admin's decision arrives by e-mail (real SMTP) with the note and a link
 * that opens the code form with the service chosen; the dashboard shows the status and the note.
 */
describeE2e(
  'the service request loop at 375 px, with real SMTP delivery',
  (e2e) => {
    let userContext: BrowserContext;
    let adminContext: BrowserContext;
    let userPage: Page;
    let adminPage: Page;
    let approvalLink = '';

    beforeAll(async () => {
      userContext = await e2e.newContext({ viewport: PHONE });
      adminContext = await e2e.newContext({ viewport: PHONE });
      await e2e.signInAs(userContext, { username: 'asker', email: 'asker@example.com' });
      await e2e.signInAs(adminContext, { username: 'chief', admin: true });
      userPage = await userContext.newPage();
      adminPage = await adminContext.newPage();
    });

    it('after requesting Zeta Bank, the code form says it is waiting for review', async () => {
      await userPage.goto(e2e.url('/dashboard'));
      await userPage.getByRole('button', { name: 'Create New Code' }).click();
      const form = userPage.getByRole('dialog', { name: 'Create New Code' });
      await form.getByRole('combobox', { name: 'Service' }).fill('Zeta Bank');
      await userPage.keyboard.press('Tab');
      await form.getByRole('button', { name: 'Request a new service' }).click();
      const ask = userPage.getByRole('dialog', { name: 'Request a new service' });
      await ask.getByLabel('Domain').fill('zetabank.test');
      await ask.getByRole('button', { name: 'Submit request' }).click();
      await ask.getByRole('button', { name: 'Done' }).click();

      await form
        .getByText('is waiting for review. You can add this code once an admin approves it.')
        .waitFor();
      await form.getByLabel('Referral code').fill('ZETA-1');
      await form.getByLabel('Reward').fill('25');
      await form.getByRole('button', { name: 'Create Code' }).click();
      await form.getByText('Please select a valid service from the list').waitFor();
      await expectAccessible(userPage);
      await screenshot(userPage, 'code-form-pending-375', false);
      await form.getByRole('button', { name: 'Cancel' }).click();

      const section = userPage.locator('section', {
        has: userPage.getByRole('heading', { name: 'Your service requests' }),
      });
      await section.getByText('Zeta Bank').waitFor();
      await section.getByText('Pending').waitFor();
      await expectNoSidewaysScroll(userPage);
    });

    it('the admin sees who asked, and approves with a note', async () => {
      await adminPage.goto(e2e.url('/admin'));
      const row = adminPage.getByRole('row').filter({ hasText: 'Zeta Bank' });
      await row.getByRole('link', { name: '@asker' }).waitFor();
      await row.getByRole('button', { name: 'Approve Zeta Bank' }).click();
      const dialog = adminPage.getByRole('dialog', { name: 'Approve service request' });
      await dialog
        .getByText('Sent to the requester by e-mail and shown on their dashboard.')
        .waitFor();
      await dialog.getByLabel(/Notes/).fill('Welcome aboard: referral terms checked');
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await adminPage.getByText('Approved Zeta Bank.', { exact: false }).waitFor();
      // The reviewed row shows the note without opening Edit.
      await row.getByText('Note: Welcome aboard: referral terms checked').waitFor();
      await expectNoSidewaysScroll(adminPage);
    });

    it('the requester gets the e-mail with the note and a link to add the code', async () => {
      const mail = await e2e.smtp.nextMessage('asker@example.com');
      expect(mail.to).toEqual(['asker@example.com']);
      expect(mail.subject).toBe('Your request for Zeta Bank was approved');
      expect(mail.text).toContain('Note from the admin: Welcome aboard: referral terms checked');
      const link = /https?:\/\/\S+\/dashboard\?service=zetabank/.exec(mail.text)?.[0];
      expect(link).toBe(e2e.url('/dashboard?service=zetabank'));
      approvalLink = link ?? '';
      if (SCREENSHOT_DIR) {
        // The HTML part as a mail client would draw it, to look at.
        const view = await e2e.newPage({ viewport: PHONE });
        await view.setContent(mail.html);
        await screenshot(view, 'approval-mail-375');
      }
    });

    it('the dashboard shows Approved with the note, and the link adds the code', async () => {
      await userPage.goto(e2e.url('/dashboard'));
      const section = userPage.locator('section', {
        has: userPage.getByRole('heading', { name: 'Your service requests' }),
      });
      const item = section.getByRole('listitem').filter({ hasText: 'Zeta Bank' });
      await item.getByText('Approved').waitFor();
      await item.getByText('Note from the admin: Welcome aboard: referral terms checked').waitFor();
      await item.getByRole('button', { name: 'Add code for Zeta Bank' }).waitFor();
      await expectAccessible(userPage);

      await userPage.goto(approvalLink);
      const form = userPage.getByRole('dialog', { name: 'Create New Code' });
      expect(await form.getByRole('combobox', { name: 'Service' }).inputValue()).toBe('Zeta Bank');
      expect(new URL(userPage.url()).search).toBe('');
      await form.getByLabel('Referral code').fill('ZETA-1');
      await form.getByLabel('Reward').fill('25');
      await form.getByRole('button', { name: 'Create Code' }).click();
      await userPage.getByTestId('code-card').filter({ hasText: 'ZETA-1' }).waitFor();
      await expectNoSidewaysScroll(userPage);
    });

    it('a rejected request with a note sits beside the approved one', async () => {
      const asked = await userContext.request.post(e2e.url('/api/service-requests'), {
        headers: { origin: e2e.server.url },
        data: { displayName: 'Nope Pay', domain: 'nopepay.test' },
      });
      expect(asked.status()).toBe(201);
      const { request } = await asked.json();
      const rejected = await adminContext.request.post(
        e2e.url(`/api/admin/service-requests/${request.id}/reject`),
        { headers: { origin: e2e.server.url }, data: { notes: REJECTION_NOTE } },
      );
      expect(rejected.status()).toBe(200);
      const mail = await e2e.smtp.nextMessage('asker@example.com');
      expect(mail.subject).toBe('Your request for Nope Pay was not approved');
      expect(mail.text).toContain(`Note from the admin: ${REJECTION_NOTE}`);
    });

    it.each([
      [375, 'light'],
      [375, 'dark'],
      [1280, 'light'],
      [1280, 'dark'],
    ] as const)(
      'the changed screens at %i px, %s: axe finds nothing, nothing scrolls sideways',
      async (width, scheme) => {
        const tag = `${width}-${scheme}`;
        const shot = (page: Page, name: string, fullPage: boolean) =>
          screenshot(page, `${name}-${tag}`, fullPage);
        const viewport = { width, height: 900 };
        const user = await e2e.newContext({ viewport, colorScheme: scheme });
        await user.addCookies(await userContext.cookies());
        const page = await user.newPage();
        await page.goto(e2e.url('/dashboard'));
        await page.getByText(`Note from the admin: ${REJECTION_NOTE}`).waitFor();
        await expectNoSidewaysScroll(page);
        await expectAccessible(page);
        await shot(page, 'dashboard-requests', true);
        await page.getByRole('button', { name: 'Create New Code' }).click();
        const form = page.getByRole('dialog', { name: 'Create New Code' });
        await form.getByRole('combobox', { name: 'Service' }).fill('Nope Pay');
        await page.keyboard.press('Tab');
        await form.getByText(`Note from the admin: ${REJECTION_NOTE}`).waitFor();
        await expectAccessible(page);
        await shot(page, 'code-form-rejected', false);

        const admin = await e2e.newContext({ viewport, colorScheme: scheme });
        await admin.addCookies(await adminContext.cookies());
        const queue = await admin.newPage();
        await queue.goto(e2e.url('/admin'));
        await queue.getByText(`Note: ${REJECTION_NOTE}`).waitFor();
        await expectNoSidewaysScroll(queue);
        await expectAccessible(queue);
        await shot(queue, 'admin-queue', true);
        await queue.getByRole('button', { name: 'Edit Zeta Bank' }).click();
        const edit = queue.getByRole('dialog', { name: 'Edit service request' });
        await edit.getByText("The Service ID is the address of the service's page:").waitFor();
        await expectAccessible(queue);
        await shot(queue, 'admin-edit', false);
      },
    );
  },
  {
    databases: 'each',
    mailFrom: 'Refstash <hello@refstash.test>',
  },
);
