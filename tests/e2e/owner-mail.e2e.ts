import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { composeOwnerMail as composeModerationMail } from '../../server/features/moderation/moderation-mail.ts';
import {
  composeOwnerMail,
  type OwnerMailContent,
} from '../../server/features/owner-mail/owner-mail-templates.ts';
import {
  lastFullWeek,
  weeklySummaryJob,
} from '../../server/features/owner-mail/weekly-summary.job.ts';
import { runJobNow } from '../../server/jobs/runner.ts';
import { mailQueueJob } from '../../server/mail/mail-queue.job.ts';
import { testConfig } from '../../server/test-support/test-app.ts';
import { expectAccessible } from './support/axe.ts';
import { describeE2e } from './support/fixture.ts';
import {
  expectNoSidewaysScroll,
  SCREENSHOT_DIR,
  screenshotsInEverySize,
} from './support/screens.ts';
import { openServerDatabase } from './support/server.ts';
import type { SignedInUser } from './support/sign-in.ts';

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const DAY = 86_400_000;
const LOG = { info() {}, warn() {}, error() {} };

/** Issue 28's e2e steps 5 and 6 (steps 1–4, link health, are in the link-health e2e). */
describeE2e(
  'owner e-mails in Chromium: the weekly summary and its one-click unsubscribe',
  (e2e) => {
    let owner: SignedInUser;
    let ownerContext: BrowserContext;
    let codeId: string;
    const now = Date.now();

    /** Runs a job in this process against the server's database, with the test's clock. */
    async function runJob(job: typeof weeklySummaryJob, at: number) {
      const database = openServerDatabase(e2e.server);
      try {
        const config = testConfig({
          APP_URL: e2e.server.url,
          SMTP_URL: e2e.smtp.url,
          MAIL_FROM: 'Refstash <hello@refstash.test>',
        });
        return await runJobNow(job, { database, config, log: LOG, now: () => at });
      } finally {
        await database.close();
      }
    }

    /** Three copies on the Tuesday of the last full week before `at`. */
    async function copiesInWeekBefore(at: number, tag: string) {
      const tuesday = `${lastFullWeek(at).from.slice(0, 10)}T00:00:00.000Z`;
      const day = new Date(Date.parse(tuesday) + DAY + 12 * 3_600_000).toISOString();
      await e2e.withDb((db) =>
        db
          .insertInto('clicks')
          .values(
            [1, 2, 3].map((i) => ({
              code_id: codeId,
              clicked_at: day,
              visitor_hash: `${tag}-${i}`,
            })),
          )
          .execute(),
      );
    }

    beforeAll(async () => {
      ownerContext = await e2e.newContext(DESKTOP);
      owner = await e2e.signInAs(ownerContext, { username: 'weekly_owner' });
      const response = await ownerContext.request.post(e2e.url('/api/codes'), {
        data: { service: 'uber', code: 'WEEKLY-RIDE', reward: '15', listed: true },
        headers: { origin: e2e.server.url },
      });
      expect(response.status()).toBe(201);
      codeId = (await response.json()).code.id;
    });

    it('5. the owner gets the weekly summary and unsubscribes from it with one click, signed out', async () => {
      await copiesInWeekBefore(now, 'week1');
      expect(await runJob(weeklySummaryJob, now)).toMatchObject({
        ran: true,
        summary: expect.stringMatching(/1 active owners, 1 summaries queued$/),
      });
      // Sent by this run (the e2e server starts no scheduled jobs).
      await runJob(mailQueueJob, now);
      const mail = await e2e.smtp.nextMessage(owner.email);
      expect(mail.subject).toBe('Your week on Refstash: 3 copies, 0 views');
      const headers = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
      const link = /^List-Unsubscribe: <([^>]+)>/im.exec(headers)?.[1] ?? '';
      expect(link).toContain('/account/unsubscribe?');
      // The same link is in the mail's body.
      expect(mail.html).toContain(link.replaceAll('&', '&amp;'));

      // The mail as the owner sees it.
      const mailPage = await e2e.newPage(DESKTOP);
      await mailPage.setContent(mail.html);
      await screenshotsInEverySize(mailPage, 'mail-weekly-summary');

      // Signed out (a fresh browser): the link shows a button; opening it changes nothing.
      const { pathname, search } = new URL(link);
      const visitor = await e2e.newPage(DESKTOP);
      await visitor.goto(e2e.url(`${pathname}${search}`));
      await visitor.getByRole('heading', { name: 'Stop these emails?' }).waitFor();
      await expectAccessible(visitor);
      await expectNoSidewaysScroll(visitor);
      await screenshotsInEverySize(visitor, 'unsubscribe-page');
      const settings = async () =>
        (await ownerContext.request.get(e2e.url('/api/me/email-settings'))).json();
      expect((await settings())['weekly-summary']).toBe(true);
      await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
      await visitor.getByRole('heading', { name: 'Unsubscribed' }).waitFor();
      await visitor.getByText('You will no longer get these e-mails.').waitFor();
      await screenshotsInEverySize(visitor, 'unsubscribed-page');
      expect((await settings())['weekly-summary']).toBe(false);

      // Settings → E-mail shows it off; moderation and security stay on.
      const page: Page = await ownerContext.newPage();
      await page.goto(e2e.url('/settings'));
      const weekly = page.getByRole('switch', { name: 'Weekly summary' });
      await weekly.waitFor();
      expect(await weekly.isChecked()).toBe(false);
      expect(await page.getByRole('switch', { name: 'Moderation decisions' }).isDisabled()).toBe(
        true,
      );
      await expectAccessible(page);
      await expectNoSidewaysScroll(page);
      await screenshotsInEverySize(page, 'settings-email');
    });

    it('6. a week later, with activity again, no summary is sent to the owner', async () => {
      const nextWeek = now + 7 * DAY;
      await copiesInWeekBefore(nextWeek, 'week2');
      expect(await runJob(weeklySummaryJob, nextWeek)).toMatchObject({
        ran: true,
        summary: expect.stringMatching(/1 active owners, 0 summaries queued$/),
      });
      await runJob(mailQueueJob, nextWeek);
      expect(e2e.smtp.messages.filter((m) => m.to.includes(owner.email))).toHaveLength(1);
    });

    // Screenshots of every owner e-mail's HTML (only when SCREENSHOT_DIR is set).
    it.skipIf(!SCREENSHOT_DIR)('renders every owner e-mail in Chromium', async () => {
      const code = { serviceName: 'Uber', code: 'RIDE-WITH-A-LONG-CODE-2026' };
      const base = {
        username: 'weekly_owner',
        appUrl: 'https://refstash.example',
        unsubscribeUrl:
          'https://refstash.example/account/unsubscribe?u=0190c5b2-0000-7000-8000-000000000000&k=expiry&s=Zm9vYmFyYmF6cXV4',
      };
      const contents: OwnerMailContent[] = [
        { kind: 'reported', code },
        { kind: 'code-sank', code, noNetworks: 4 },
        { kind: 'expires-soon', code, expiresOn: '2026-12-03' },
        { kind: 'expires-today', code, expiresOn: '2026-11-26' },
        {
          kind: 'link-broken',
          code,
          link: 'https://m.uber.com/ul/?invite=RIDE-WITH-A-LONG-CODE-2026',
        },
        { kind: 'link-restored', code },
        {
          kind: 'weekly-summary',
          week: {
            from: '2026-11-16',
            to: '2026-11-22',
            copies: 1234,
            views: 56,
            yes: 7,
            no: 1,
            best: { ...code, copies: 900 },
          },
        },
      ];
      const page = await e2e.newPage(DESKTOP);
      for (const content of contents) {
        await page.setContent(composeOwnerMail(content, base).html);
        await screenshotsInEverySize(page, `mail-${content.kind}`);
      }
      for (const kind of ['hide_code', 'restore'] as const) {
        const mail = composeModerationMail({
          kind,
          about: { type: 'code', ...code },
          reason: 'The link leads to a page that asks for your Uber password.',
          username: 'weekly_owner',
          appUrl: base.appUrl,
        });
        await page.setContent(mail.html);
        await screenshotsInEverySize(page, `mail-moderation-${kind}`);
      }
    });
  },
  { mailFrom: 'Refstash <hello@refstash.test>', databases: 'each' },
);
