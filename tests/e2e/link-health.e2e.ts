import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { linkHealthJob } from '../../server/features/link-health/link-health.job.ts';
import type { JobContext, OwnerEvent } from '../../server/jobs/job.ts';
import { expectAccessible } from './support/axe.ts';
import { describeE2e } from './support/fixture.ts';
import { screenshotsInEverySize } from './support/screens.ts';
import { openServerDatabase } from './support/server.ts';
import type { SignedInUser } from './support/sign-in.ts';

const DAY = 86_400_000;
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/**
 * Issue 28, steps 1–4: a listed code's link starts failing; after three checks (the job run in
 * this process against the server's database, its clock moved by the test) the code leaves
 * /s/uber and its owner is told; the link recovers and the code returns.
 *
 * TODO(lead, at the merge with the owner-mail pipeline): drive the checks with
 * `npm run admin -- jobs run link-health` (or keep this in-process run with the real
 * `notifyOwner`) and assert the 'link-broken' e-mail in `e2e.smtp` instead of the event.
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
    const events: OwnerEvent[] = [];

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

    /** One day's run of the job against the server's own database. */
    async function checkADayLater() {
      clock += DAY + 2 * 3_600_000;
      const database = openServerDatabase(e2e.server);
      const context: JobContext = {
        database,
        config: loadConfig({
          NODE_ENV: 'test',
          APP_URL: e2e.server.url,
          LINK_CHECK_ALLOW_LOOPBACK: '1',
          ...e2e.server.databaseEnv,
        }),
        now: () => clock,
        log: { info() {}, warn() {}, error() {} },
        notifyOwner: async (event) => {
          events.push(event);
        },
      };
      try {
        return await linkHealthJob.run(context);
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
        const result = await checkADayLater();
        expect(result.summary).toContain('1 links checked');
      }
      await servicePageShowsCode(false);
      expect(events.map((e) => [e.kind, e.userId])).toEqual([['link-broken', owner.id]]);

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
      await checkADayLater();
      await servicePageShowsCode(true);
      expect(events.map((e) => e.kind)).toEqual(['link-broken', 'link-restored']);
      await dashboard.reload();
      await card.getByText(/^Link checked /).waitFor();
      await screenshotsInEverySize(dashboard, 'link-health-dashboard-ok');
    });
  },
  { databases: 'each' },
);
