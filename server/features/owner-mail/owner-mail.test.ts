import { expect, it } from 'vitest';
import { newId } from '../../db/ids.ts';
import type { ScheduledJob } from '../../jobs/job.ts';
import { type RunnerDeps, runJobNow } from '../../jobs/runner.ts';
import { mailQueueJob } from '../../mail/mail-queue.job.ts';
import { smtpCaptureForFile } from '../../test-support/smtp-capture-for-file.ts';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';
import { BROWSER_UA } from '../codes/clicks.test-helpers.ts';
import { checkCodeSink } from './code-sink.ts';
import { expiryRemindersJob } from './expiry-reminders.job.ts';
import { notifyOwner, ownerMailNotifier } from './owner-mail.ts';
import { unsubscribeUrl } from './unsubscribe.ts';
import { weeklySummaryJob } from './weekly-summary.job.ts';

const { smtp: capture, mailTo: capturedMailTo, env: smtpEnv } = smtpCaptureForFile();
const mailTo = (to: string) =>
  capturedMailTo(to).map((m) => ({
    ...m,
    text: m.text.replaceAll('\r\n', '\n'),
    // Headers unfolded (a long header is folded onto the next line).
    raw: m.raw.replace(/\r?\n[ \t]+/g, ' '),
  }));

const DAY = 86_400_000;
/** A Wednesday: the last full week is Monday 16 to Sunday 22 November 2026. */
const NOW = Date.parse('2026-11-25T09:00:00.000Z');
const LOG = { info() {}, warn() {}, error() {} };

function runner(ctx: TestContext, now: number): RunnerDeps {
  return {
    database: ctx.database,
    config: ctx.config,
    log: LOG,
    now: () => now,
    notifyOwner: ownerMailNotifier({
      db: ctx.database.db,
      config: ctx.config,
      now: () => now,
      queue: ctx.app.deps.outbox.queue,
    }),
  };
}

async function run(ctx: TestContext, job: ScheduledJob, now: number) {
  const outcome = await runJobNow(job, runner(ctx, now));
  await ctx.app.deps.outbox.drain();
  return outcome;
}

async function addCode(ctx: TestContext, user: TestUser, code: string, listed = true) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/codes',
    cookie: user.cookie,
    body: { service: 'uber', code, reward: '5', listed },
  });
  expect(response.statusCode).toBe(201);
  return response.json().code.id as string;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describeEachDatabase(
  'owner e-mails (issue 28)',
  (ctx) => {
    it('reminds 7 days before a code expires and on the day, once each; other codes are not read', async () => {
      const owner = await ctx.createUser();
      const soon = await addCode(ctx, owner, 'SOONCODE');
      const today = await addCode(ctx, owner, 'TODAYCODE');
      const later = await addCode(ctx, owner, 'LATERCODE');
      const setExpiry = (id: string, on: string) =>
        ctx.database.db.updateTable('codes').set({ expires_on: on }).where('id', '=', id).execute();
      await setExpiry(soon, day(NOW + 7 * DAY));
      await setExpiry(today, day(NOW));
      await setExpiry(later, day(NOW + 3 * DAY));

      const first = await run(ctx, expiryRemindersJob, NOW);
      expect(first).toMatchObject({ ran: true, outcome: 'ok' });
      const mails = mailTo(owner.email);
      expect(mails.map((m) => m.subject).sort()).toEqual([
        'Your Uber code expires in 7 days',
        'Your Uber code expires today',
      ]);
      const soonMail = mails.find((m) => m.subject.includes('7 days'))!;
      expect(soonMail.text).toContain('Wednesday, 2 December 2026');
      expect(soonMail.text).toContain('SOONCODE');
      expect(soonMail.html).toContain('SOONCODE');
      expect(soonMail.html).toContain('href="http://localhost:3000/dashboard"');
      // RFC 8058: the https link and the one-click POST header.
      expect(soonMail.raw).toMatch(
        /^List-Unsubscribe: <http:\/\/localhost:3000\/account\/unsubscribe\?u=/im,
      );
      expect(soonMail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
      // An hour later: nothing new.
      await run(ctx, expiryRemindersJob, NOW + 60 * 60_000);
      expect(mailTo(owner.email)).toHaveLength(2);
    });

    it('the weekly summary goes to owners with activity only; never on a quiet week, when switched off, or to a disabled account', async () => {
      const active = await ctx.createUser();
      const quiet = await ctx.createUser();
      const switchedOff = await ctx.createUser();
      const disabled = await ctx.createUser();
      const activeCode = await addCode(ctx, active, 'BESTCODE');
      await addCode(ctx, active, 'OTHERCODE');
      await addCode(ctx, quiet, 'QUIETCODE');
      const offCode = await addCode(ctx, switchedOff, 'OFFCODE');
      const disabledCode = await addCode(ctx, disabled, 'GONECODE');
      const { db } = ctx.database;
      // Copies on Tuesday 17 November (in the last full week), by trigger into the daily totals.
      const copy = (codeId: string, n: number) =>
        db
          .insertInto('clicks')
          .values(
            Array.from({ length: n }, (_, i) => ({
              code_id: codeId,
              clicked_at: '2026-11-17T12:00:00.000Z',
              visitor_hash: `${codeId}-${i}`,
            })),
          )
          .execute();
      await copy(activeCode, 3);
      await copy(offCode, 2);
      await copy(disabledCode, 2);
      await db
        .insertInto('votes')
        .values({
          code_id: activeCode,
          network_hash: 'net-1',
          day: '2026-11-18',
          worked: 1,
          reason: null,
          created_at: '2026-11-18T12:00:00.000Z',
        })
        .execute();
      // A copy the week before and one this week: neither is in the summary.
      await db
        .insertInto('clicks')
        .values({
          code_id: activeCode,
          clicked_at: '2026-11-10T12:00:00.000Z',
          visitor_hash: 'old',
        })
        .execute();
      const settings = await ctx.request({
        method: 'PUT',
        url: '/api/me/email-settings',
        cookie: switchedOff.cookie,
        body: { 'weekly-summary': false },
      });
      expect(settings.statusCode).toBe(200);
      await db
        .updateTable('users')
        .set({ disabled_at: new Date(NOW).toISOString() })
        .where('id', '=', disabled.id)
        .execute();

      const outcome = await run(ctx, weeklySummaryJob, NOW);
      expect(outcome).toMatchObject({
        ran: true,
        outcome: 'ok',
        summary: 'week of 2026-11-16: 3 active owners, 1 summaries queued',
      });
      // The mail-queue job sends it.
      expect(await run(ctx, mailQueueJob, NOW)).toMatchObject({
        summary: expect.stringMatching(/^1 sent/),
      });
      const [summary, ...more] = mailTo(active.email);

      expect(more).toHaveLength(0);
      expect(summary?.subject).toBe('Your week on Refstash: 3 copies, 0 views');
      expect(summary?.text).toContain('Monday, 16 November 2026 to Sunday, 22 November 2026');
      expect(summary?.text).toContain('1 time: 1 yes, 0 no');
      expect(summary?.text).toContain('Your best code this week: Uber "BESTCODE", copied 3 times.');
      expect(summary?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
      expect(mailTo(quiet.email)).toHaveLength(0);
      expect(mailTo(switchedOff.email)).toHaveLength(0);
      expect(mailTo(disabled.email)).toHaveLength(0);
      // Later that week: done once.
      expect(await run(ctx, weeklySummaryJob, NOW + 60 * 60_000)).toMatchObject({
        summary: 'week of 2026-11-16 already done',
      });
      expect(mailTo(active.email)).toHaveLength(1);
    });

    it("tells the owner once when a listed code sinks under 'No' answers, and again only after it rose", async () => {
      const owner = await ctx.createUser();
      const codeId = await addCode(ctx, owner, 'SINKCODE');
      const deps = {
        db: ctx.database.db,
        config: ctx.config,
        now: () => NOW,
        queue: ctx.app.deps.outbox.queue,
      };
      const vote = (network: string, worked: 0 | 1, on = day(NOW)) =>
        ctx.database.db
          .insertInto('votes')
          .values({
            code_id: codeId,
            network_hash: network,
            day: on,
            worked,
            reason: null,
            created_at: new Date(NOW).toISOString(),
          })
          .execute();
      await vote('n1', 0);
      await vote('n2', 0);
      expect(await checkCodeSink(deps, codeId, NOW)).toBe(false);
      await vote('n3', 0);
      expect(await checkCodeSink(deps, codeId, NOW)).toBe(true);
      await vote('n4', 0);
      expect(await checkCodeSink(deps, codeId, NOW)).toBe(false);
      await ctx.app.deps.outbox.drain();
      const mails = mailTo(owner.email);
      expect(mails.map((m) => m.subject)).toEqual(['Your Uber code sank on its service page']);
      expect(mails[0]?.text).toContain("Visitors from 3 networks answered 'No'");
      // Enough 'Yes' lifts it; sinking again tells the owner again.
      for (const n of ['y1', 'y2', 'y3', 'y4']) await vote(n, 1);
      expect(await checkCodeSink(deps, codeId, NOW + 1000)).toBe(false);
      for (const n of ['n5', 'n6']) await vote(n, 0);
      expect(await checkCodeSink(deps, codeId, NOW + 2000)).toBe(true);
      await ctx.app.deps.outbox.drain();
      expect(mailTo(owner.email)).toHaveLength(2);
    });

    it('tells the owner once when visitors from 3 networks reported their code', async () => {
      const owner = await ctx.createUser();
      const codeId = await addCode(ctx, owner, 'REPORTED');
      const report = (ip: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/reports',
          remoteAddress: ip,
          headers: { origin: ctx.config.appOrigin, 'user-agent': BROWSER_UA },
          payload: { target: { type: 'code', codeId }, reason: 'spam' },
        });
      for (const ip of ['192.0.2.10', '198.51.100.10'])
        expect((await report(ip)).statusCode).toBe(202);
      await ctx.app.deps.outbox.drain();
      expect(mailTo(owner.email)).toHaveLength(0);
      expect((await report('203.0.113.10')).statusCode).toBe(202);
      const mail = await capture().nextMessage(owner.email);
      expect(mail.subject).toBe('Your Uber code was reported by visitors');
      expect(mail.text).toContain(
        'Visitors from 3 or more networks reported your Uber code "REPORTED"',
      );
      expect((await report('192.0.2.77')).statusCode).toBe(202);
      expect((await report('100.64.0.10')).statusCode).toBe(202);
      await ctx.app.deps.outbox.drain();
      expect(mailTo(owner.email)).toHaveLength(1);
    });

    it('queues nothing for a deleted account or a deleted code', async () => {
      const owner = await ctx.createUser();
      const codeId = await addCode(ctx, owner, 'DELETED');
      const deps = { db: ctx.database.db, config: ctx.config, now: () => NOW };
      await ctx.database.db.deleteFrom('codes').where('id', '=', codeId).execute();
      expect(
        await notifyOwner(deps, {
          kind: 'link-broken',
          userId: owner.id,
          codeId,
          dedupeKey: newId(),
        }),
      ).toBe(false);
      const other = await addCode(ctx, owner, 'OWNERGONE');
      await ctx.database.db.deleteFrom('codes').where('user_id', '=', owner.id).execute();
      await ctx.database.db.deleteFrom('users').where('id', '=', owner.id).execute();
      expect(
        await notifyOwner(deps, {
          kind: 'link-broken',
          userId: owner.id,
          codeId: other,
          dedupeKey: newId(),
        }),
      ).toBe(false);
    });

    it('the link-broken event from the link-health job becomes one mail with one action', async () => {
      const owner = await ctx.createUser();
      const codeId = await addCode(ctx, owner, 'DEADLINK');
      await ctx.database.db
        .updateTable('codes')
        .set({ link: 'https://m.uber.com/invite/deadlink' })
        .where('id', '=', codeId)
        .execute();
      const deps = {
        db: ctx.database.db,
        config: ctx.config,
        now: () => NOW,
        queue: ctx.app.deps.outbox.queue,
      };
      const event = {
        kind: 'link-broken',
        userId: owner.id,
        codeId,
        dedupeKey: `link-broken:${codeId}:1`,
      } as const;
      expect(await notifyOwner(deps, event)).toBe(true);
      expect(await notifyOwner(deps, event)).toBe(false);
      await capture().nextMessage(owner.email);
      const [mail] = mailTo(owner.email);
      expect(mail?.subject).toBe('The link of your Uber code looks broken');
      expect(mail?.text).toContain(
        'The link behind your Uber code "DEADLINK" failed 3 checks in a row: https://m.uber.com/invite/deadlink',
      );
      expect(mail?.text).toContain('Fix the link:\nhttp://localhost:3000/dashboard');
      // One action (the button and the same link written out); the failing link is text.
      expect(mail?.html.match(/<a href=/g)).toHaveLength(3);
      expect(mail?.html.match(/<a href="http:\/\/localhost:3000\/dashboard"/g)).toHaveLength(2);
      expect(mail?.html).toContain('failed 3 checks in a row: https://m.uber.com/invite/deadlink');
      expect(mail?.raw).toMatch(
        /^List-Unsubscribe: <http:\/\/localhost:3000\/account\/unsubscribe\?[^>]*k=link-health/m,
      );
      expect(mail?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    });

    it('no link mail to an owner who switched "Broken links" off, or to a disabled account', async () => {
      const deps = { db: ctx.database.db, config: ctx.config, now: () => NOW };
      const event = (userId: string, codeId: string) =>
        ({ kind: 'link-broken', userId, codeId, dedupeKey: newId() }) as const;
      const off = await ctx.createUser();
      const offCode = await addCode(ctx, off, 'LINKOFF');
      const saved = await ctx.request({
        method: 'PUT',
        url: '/api/me/email-settings',
        cookie: off.cookie,
        body: { 'link-health': false },
      });
      expect(saved.statusCode).toBe(200);
      expect(await notifyOwner(deps, event(off.id, offCode))).toBe(false);
      expect(await notifyOwner(deps, { ...event(off.id, offCode), kind: 'link-restored' })).toBe(
        false,
      );
      const disabled = await ctx.createUser();
      const disabledCode = await addCode(ctx, disabled, 'LINKGONE');
      await ctx.database.db
        .updateTable('users')
        .set({ disabled_at: new Date(NOW).toISOString() })
        .where('id', '=', disabled.id)
        .execute();
      expect(await notifyOwner(deps, event(disabled.id, disabledCode))).toBe(false);
      const queued = await ctx.database.db
        .selectFrom('mail_queue')
        .select('id')
        .where('user_id', 'in', [off.id, disabled.id])
        .execute();
      expect(queued).toHaveLength(0);
    });

    it('moderation mails go through the queue, once per action, and are sent even to a switched-off owner', async () => {
      const admin = await ctx.createUser({ admin: true });
      const owner = await ctx.createUser();
      const codeId = await addCode(ctx, owner, 'HIDEME');
      const everythingOff = Object.fromEntries(
        ['reported', 'code-sank', 'expiry', 'link-health', 'weekly-summary'].map((k) => [k, false]),
      );
      expect(
        (
          await ctx.request({
            method: 'PUT',
            url: '/api/me/email-settings',
            cookie: owner.cookie,
            body: everythingOff,
          })
        ).statusCode,
      ).toBe(200);
      const hidden = await ctx.request({
        method: 'POST',
        url: '/api/admin/moderation-actions',
        cookie: admin.cookie,
        body: { action: 'hide_code', target: { type: 'code', codeId }, reason: 'Spam link' },
      });
      expect(hidden.statusCode).toBe(200);
      const mail = await capture().nextMessage(owner.email);
      expect(mail.subject).toBe('Your Uber code was hidden on Refstash');
      // No unsubscribe on a mail that cannot be switched off.
      expect(mail.raw).not.toMatch(/^List-Unsubscribe/im);
      await ctx.app.deps.outbox.drain();
      const rows = await ctx.database.db
        .selectFrom('mail_queue')
        .select(['kind', 'dedupe_key', 'sent_at'])
        .where('user_id', '=', owner.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        kind: 'moderation',
        dedupe_key: `moderation:${hidden.json().entry.id}`,
      });
      expect(rows[0]?.sent_at).not.toBeNull();
    });

    describeUnsubscribe(ctx);
    describeSettings(ctx);
  },
  { env: smtpEnv },
);

function describeUnsubscribe(ctx: TestContext) {
  it('one-click unsubscribe: GET only shows a button; POST without cookie or CSRF token switches the kind off', async () => {
    const owner = await ctx.createUser();
    const url = new URL(unsubscribeUrl(ctx.config, owner.id, 'weekly-summary'));
    const path = `${url.pathname}${url.search}`;
    const page = await ctx.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('weekly summary');
    const settings = () =>
      ctx.request({ url: '/api/me/email-settings', cookie: owner.cookie }).then((r) => r.json());
    expect((await settings())['weekly-summary']).toBe(true);

    // A mail client's RFC 8058 POST: no cookie, no Origin, a form body.
    const post = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain('You will no longer get these e-mails.');
    expect(await settings()).toEqual({
      reported: true,
      'code-sank': true,
      expiry: true,
      'link-health': true,
      'weekly-summary': false,
    });
    // Twice is fine.
    expect((await ctx.app.inject({ method: 'POST', url: path })).statusCode).toBe(200);
  });

  it('refuses a link whose signature does not match its user or kind', async () => {
    const owner = await ctx.createUser();
    const other = await ctx.createUser();
    const url = new URL(unsubscribeUrl(ctx.config, owner.id, 'weekly-summary'));
    const forged = [
      url.search.replace('weekly-summary', 'expiry'),
      url.search.replace(owner.id, other.id),
      url.search.replace(/s=[^&]+/, 's=AAAA'),
      '?u=x&k=moderation&s=x',
      '',
    ];
    for (const search of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await ctx.app.inject({ method, url: `${url.pathname}${search}` });
        expect(response.statusCode, `${method} ${search}`).toBe(400);
        expect(response.body).toContain(
          'This unsubscribe link is not valid. Sign in and use Settings → E-mail instead.',
        );
      }
    }
    const rows = await ctx.database.db
      .selectFrom('mail_opt_outs')
      .select('user_id')
      .where('user_id', 'in', [owner.id, other.id])
      .execute();
    expect(rows).toHaveLength(0);
  });
}

function describeSettings(ctx: TestContext) {
  it('Settings → E-mail: each switch is saved; bad input is a 400 with its message', async () => {
    const owner = await ctx.createUser();
    const put = (body: unknown) =>
      ctx.request({ method: 'PUT', url: '/api/me/email-settings', cookie: owner.cookie, body });
    const saved = await put({ expiry: false, 'link-health': false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ expiry: false, 'link-health': false, reported: true });
    expect((await put({ expiry: true })).json()).toMatchObject({
      expiry: true,
      'link-health': false,
    });
    const bad: Array<[unknown, string]> = [
      [{}, 'Choose at least one e-mail to switch'],
      [{ moderation: false }, 'There is no such e-mail to switch'],
      [{ expiry: 'off' }, 'Each e-mail switch must be on or off'],
    ];
    for (const [body, message] of bad) {
      const response = await put(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(message);
    }
    expect((await ctx.request({ url: '/api/me/email-settings' })).statusCode).toBe(401);
  });
}
