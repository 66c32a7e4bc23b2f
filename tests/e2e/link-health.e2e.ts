import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { jobsCliCommand } from '../../server/features/admin/jobs-cli.ts';
import { expectAccessible } from './support/axe.ts';
import { describeE2e } from './support/fixture.ts';
import { screenshotsInEverySize } from './support/screens.ts';
import { openServerDatabase } from './support/server.ts';
import type { SignedInUser } from './support/sign-in.ts';

const DAY = 86_400_000;
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const MAIL_FROM = 'Refstash <hello@refstash.test>';

/**
 * Issue 28, steps 1–4: a listed code's link starts failing; after three checks (each run as an
 * operator would, `npm run admin -- jobs run link-health`, in this process against the server's
 * database with the clock moved by the test) the code leaves /s/uber and its owner receives the
 * e-mail in the SMTP capture; the link recovers, the code returns and the owner hears that too.
 */
describeE2e(
  'link health in Chromium',
  (e2e) => {
    let site: http.Server;
    let linkStatus = 200;
    let link = '';
    let owner: SignedInUser;
    let ownerContext: BrowserContext;
    let codeId = '';
    let clock = Date.now() + 60_000;

    beforeAll(async () => {
      site = http.createServer((_req, res) => {
        res.writeHead(linkStatus);
        res.end();
      });
      await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
      link = `http://127.0.0.1:${(site.address() as AddressInfo).port}/invite/e2e_links`;
      ownerContext = await e2e.newContext(DESKTOP);
      const context = ownerContext;
      owner = await e2e.signInAs(context, { username: 'links_owner' });
      await e2e.withDb(async (db) => {
        // Past the listing probation, and the stand-in site's host allowed for Uber.
        await db
          .updateTable('users')
          .set({ created_at: new Date(Date.now() - 30 * DAY).toISOString() })
          .where('id', '=', owner.id)
          .execute();
        await db
          .updateTable('services')
          .set({ link_hosts: JSON.stringify(['127.0.0.1']) })
          .where('id', '=', 'uber')
          .execute();
      });
      const created = await context.request.post(e2e.url('/api/codes'), {
        data: { service: 'uber', code: 'LINKCHECK', reward: '15', link, listed: true },
        headers: { origin: e2e.server.url },
      });
      expect(created.status()).toBe(201);
      codeId = (await created.json()).code.id;
      // The demo profile's links name real sites: this test never reaches the internet.
      await e2e.withDb((db) =>
        db
          .updateTable('code_links')
          .set({ next_check_at: null })
          .where('code_id', '<>', codeId)
          .execute(),
      );
    });
    afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

    /** One day's run of `jobs run link-health` against the server's own database. */
    async function checkADayLater() {
      clock += DAY + 2 * 3_600_000;
      const database = openServerDatabase(e2e.server);
      const config = loadConfig({
        NODE_ENV: 'test',
        APP_URL: e2e.server.url,
        LINK_CHECK_ALLOW_LOOPBACK: '1',
        SMTP_URL: e2e.smtp.url,
        MAIL_FROM: MAIL_FROM,
        ...e2e.server.databaseEnv,
      });
      try {
        const run = await jobsCliCommand(database, config, 'link-health', {
          now: () => clock,
          log: { info() {}, warn() {}, error() {} },
        });
        expect(run.failed).toBe(false);
        return run.out[0] ?? '';
      } finally {
        await database.close();
      }
    }

    /** Whether /s/uber, as a visitor loads it, shows the code (the caches hear the change). */
    async function servicePageShowsCode(expected: boolean) {
      const page = await e2e.newPage(DESKTOP);
      await expect
        .poll(
          async () => {
            await page.goto(e2e.url('/s/uber'));
            return (await page.locator(`li[data-code-id="${codeId}"]`).count()) > 0;
          },
          { timeout: 10_000, interval: 500 },
        )
        .toBe(expected);
      await page.close();
    }

    it('a link that fails three checks leaves /s/uber, the owner hears of it, and comes back when it works', async () => {
      await checkADayLater();
      await servicePageShowsCode(true);

      linkStatus = 404;
      for (let check = 1; check <= 3; check += 1) {
        expect(await checkADayLater()).toMatch(
          new RegExp(
            `^link-health ok in [\\d.]+ s: 1 links checked, ${check === 3 ? 1 : 0} broken`,
          ),
        );
      }
      await servicePageShowsCode(false);

      // 3. The owner receives the e-mail: both parts, one action, the one-click unsubscribe.
      const mail = await e2e.smtp.nextMessage(owner.email);
      expect(mail.subject).toBe('The link of your Uber code looks broken');
      expect(mail.text).toContain(
        `The link behind your Uber code "LINKCHECK" failed 3 checks in a row: ${link}`,
      );
      expect(mail.text.replaceAll('\r\n', '\n')).toContain(
        `Fix the link:\n${e2e.server.url}/dashboard`,
      );
      expect(mail.html).toContain(`href="${e2e.server.url}/dashboard"`);
      const headers = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
      expect(headers).toMatch(/^List-Unsubscribe: <[^>]+\/account\/unsubscribe\?[^>]+>/im);
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
      const mailPage = await e2e.newPage(DESKTOP);
      await mailPage.setContent(mail.html);
      await screenshotsInEverySize(mailPage, 'link-health-mail-broken');
      await mailPage.close();

      const dashboard = await ownerContext.newPage();
      await dashboard.goto(e2e.url('/dashboard'));
      const card = dashboard.getByTestId('code-card').filter({ hasText: 'LINKCHECK' });
      await card.getByText('Link looks broken', { exact: true }).waitFor();
      await expect
        .poll(() => card.getByTestId('listing').textContent())
        .toBe('Not listed: its link looks broken');
      await expectAccessible(dashboard);
      await screenshotsInEverySize(dashboard, 'link-health-dashboard-broken');

      linkStatus = 200;
      expect(await checkADayLater()).toMatch(/: 1 links checked, 0 broken, 1 restored$/);
      await servicePageShowsCode(true);
      const restored = await e2e.smtp.nextMessage(owner.email);
      expect(restored.subject).toBe('The link of your Uber code works again');
      // Told once each: a repeat of the same streak mails nothing.
      expect(e2e.smtp.messages.filter((m) => m.to.includes(owner.email))).toHaveLength(2);
      await dashboard.reload();
      await card.getByText(/^Link checked /).waitFor();
      await screenshotsInEverySize(dashboard, 'link-health-dashboard-ok');
    });
  },
  { mailFrom: MAIL_FROM, databases: 'each' },
);
