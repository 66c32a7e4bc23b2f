import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { ModerationCase } from '../../../shared/moderation-schemas.ts';
import { buildApp } from '../../app.ts';
import { createDatabase } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import { smtpCaptureForFile } from '../../test-support/smtp-capture-for-file.ts';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';
import { BROWSER_UA } from '../codes/clicks.test-helpers.ts';

const { smtp: capture, mailTo, env: smtpEnv } = smtpCaptureForFile({ LOG_LEVEL: 'error' });

let networkCounter = 0;
/** A fresh /24 for each test, so rate limits and deduplication never leak between tests. */
function freshNetwork(): string {
  networkCounter += 1;
  return `10.${Math.floor(networkCounter / 250)}.${networkCounter % 250}`;
}

function report(ctx: TestContext, body: unknown, ip: string, userAgent: string = BROWSER_UA) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/reports',
    remoteAddress: ip,
    headers: { origin: ctx.config.appOrigin, 'user-agent': userAgent },
    payload: body as object,
  });
}

async function addCode(ctx: TestContext, user: TestUser, code = 'HIDEME') {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/codes',
    cookie: user.cookie,
    body: { service: 'uber', code, reward: '$5 off', listed: true },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().code.id as string;
}

function act(ctx: TestContext, admin: TestUser, body: unknown) {
  return ctx.request({
    method: 'POST',
    url: '/api/admin/moderation-actions',
    cookie: admin.cookie,
    body,
  });
}

/** A case as the tests read it: the target's fields loosely, whatever its kind. */
type CaseRow = Omit<ModerationCase, 'target'> & { target: { codeId?: string; username?: string } };

async function cases(ctx: TestContext, admin: TestUser) {
  const response = await ctx.request({ url: '/api/admin/reports', cookie: admin.cookie });
  expect(response.statusCode).toBe(200);
  return response.json().cases as CaseRow[];
}

async function profileCodes(ctx: TestContext, username: string) {
  const response = await ctx.request({ url: `/api/profiles/${username}` });
  return response.statusCode === 200
    ? (response.json().codes as Array<{ id: string }>).map((c) => c.id)
    : response.statusCode;
}

async function serviceCodeIds(ctx: TestContext) {
  const response = await ctx.request({ url: '/api/services/uber/codes' });
  expect(response.statusCode).toBe(200);
  return (response.json().codes as Array<{ id: string }>).map((c) => c.id);
}

describeEachDatabase(
  'moderation (issue 23)',
  (ctx) => {
    let admin: TestUser;
    beforeAll(async () => {
      admin = await ctx.createUser({ admin: true });
    });
    beforeEach(async () => {
      capture().rejectAll = false;
      // The admins' hourly notice is tested on its own; here it is never due.
      await ctx.database.db
        .updateTable('moderation_notices')
        .set({ sent_at: new Date(Date.now() + 3_600_000).toISOString() })
        .execute();
    });

    it('takes a report from anyone: 202, once per network, target and day; bots are not counted', async () => {
      const owner = await ctx.createUser();
      const codeId = await addCode(ctx, owner);
      const net = freshNetwork();
      const body = { target: { type: 'code', codeId }, reason: 'spam', note: 'Not a code' };
      expect((await report(ctx, body, `${net}.1`)).statusCode).toBe(202);
      // Same /24, another address: the same network, not counted again today.
      const again = await report(ctx, { ...body, reason: 'scam' }, `${net}.77`);
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual({});
      // A bot is answered the same way and not counted.
      const other = freshNetwork();
      expect((await report(ctx, body, `${other}.1`, 'curl/8.0')).statusCode).toBe(202);
      // IPv6: one /64 is one network.
      const v6 = { ...body, reason: 'terms', note: null };
      expect((await report(ctx, v6, '2001:db8:5:6::1')).statusCode).toBe(202);
      expect((await report(ctx, v6, '2001:db8:5:6:ffff::2')).statusCode).toBe(202);
      const found = (await cases(ctx, admin)).find((c) => c.target.codeId === codeId);
      expect(found).toMatchObject({
        status: 'open',
        reportCount: 2,
        networkCount: 2,
        reasons: [
          { reason: 'spam', count: 1 },
          { reason: 'terms', count: 1 },
        ],
        notes: [{ note: 'Not a code' }],
        owner: { username: owner.username, email: owner.email },
        state: { codeHidden: false, accountDisabled: false },
        appeal: null,
      });
    });

    it('answers 404 for a target that does not exist or is not public, 400 for bad input', async () => {
      const ip = `${freshNetwork()}.1`;
      const unknownCode = await report(
        ctx,
        {
          target: { type: 'code', codeId: '0190c5b2-0000-7000-8000-000000000000' },
          reason: 'spam',
        },
        ip,
      );
      expect(unknownCode.statusCode).toBe(404);
      expect(unknownCode.json().error.message).toBe('Code not found');
      const unknownProfile = await report(
        ctx,
        { target: { type: 'profile', username: 'nobody_here' }, reason: 'spam' },
        ip,
      );
      expect(unknownProfile.statusCode).toBe(404);
      expect(unknownProfile.json().error.message).toBe('Profile not found');
      const owner = await ctx.createUser();
      const codeId = await addCode(ctx, owner);
      const long = await report(
        ctx,
        { target: { type: 'code', codeId }, reason: 'other', note: 'x'.repeat(501) },
        ip,
      );
      expect(long.statusCode).toBe(400);
      expect(long.json().error.message).toBe('Note is too long (max 500 characters)');
      const noReason = await report(ctx, { target: { type: 'code', codeId } }, ip);
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().error.message).toBe('Please choose a reason');
    });

    it('rate-limits reports per network: the 21st in an hour is 429', async () => {
      const net = freshNetwork();
      const owner = await ctx.createUser();
      const codeId = await addCode(ctx, owner);
      const body = { target: { type: 'code', codeId }, reason: 'spam' };
      for (let i = 0; i < 20; i += 1) {
        expect((await report(ctx, body, `${net}.${i + 1}`)).statusCode).toBe(202);
      }
      expect((await report(ctx, body, `${net}.200`)).statusCode).toBe(429);
      expect((await report(ctx, body, `${freshNetwork()}.1`)).statusCode).toBe(202);
    });

    it('keeps the code as it was when first reported, and the reports never hide it', async () => {
      const owner = await ctx.createUser();
      const codeId = await addCode(ctx, owner, 'FIRST');
      for (let i = 0; i < 4; i += 1) {
        await report(
          ctx,
          { target: { type: 'code', codeId }, reason: 'scam' },
          `${freshNetwork()}.9`,
        );
      }
      const edit = await ctx.request({
        method: 'PATCH',
        url: `/api/codes/${codeId}`,
        cookie: owner.cookie,
        body: { code: 'CHANGED', link: 'https://uber.com/invite/x' },
      });
      expect(edit.statusCode).toBe(200);
      const found = (await cases(ctx, admin)).find((c) => c.target.codeId === codeId);
      expect(found?.target).toEqual({
        type: 'code',
        codeId,
        serviceId: 'uber',
        serviceName: 'Uber',
        code: 'FIRST',
        reward: '$5 off',
        productName: null,
        link: null,
      });
      expect(found?.networkCount).toBe(4);
      expect(await profileCodes(ctx, owner.username ?? '')).toEqual([codeId]);
    });

    it('hides a code: off the profile and the service page, on the dashboard with the reason; the owner is mailed', async () => {
      const owner = await ctx.createUser();
      const codeId = await addCode(ctx, owner);
      await report(
        ctx,
        { target: { type: 'code', codeId }, reason: 'scam' },
        `${freshNetwork()}.1`,
      );
      const caseId = (await cases(ctx, admin)).find((c) => c.target.codeId === codeId)?.id;
      expect(await serviceCodeIds(ctx)).toContain(codeId);
      const hostile = '<script>alert(1)</script> & <b>bold</b>';
      const response = await act(ctx, admin, {
        action: 'hide_code',
        caseId,
        target: { type: 'code', codeId },
        reason: hostile,
      });
      expect(response.statusCode, response.body).toBe(200);
      const entry = response.json().entry;
      expect(entry).toMatchObject({
        actor: { username: admin.username },
        action: 'hide_code',
        target: { type: 'code', codeId, username: owner.username },
        reason: hostile,
      });
      expect(entry.target.label).toContain('HIDEME');
      expect(await profileCodes(ctx, owner.username ?? '')).toEqual([]);
      expect(await serviceCodeIds(ctx)).not.toContain(codeId);
      const dashboard = await ctx.request({ url: '/api/codes', cookie: owner.cookie });
      const mine = dashboard.json().codes.find((c: { id: string }) => c.id === codeId);
      expect(mine.moderation).toMatchObject({ actionId: entry.id, reason: hostile, appeal: null });
      const closed = (await cases(ctx, admin)).find((c) => c.id === caseId);
      expect(closed).toMatchObject({ status: 'closed', state: { codeHidden: true } });
      // Votes on a hidden code: as for any code visitors cannot see.
      const vote = await ctx.app.inject({
        method: 'POST',
        url: `/api/codes/${codeId}/votes`,
        headers: { origin: ctx.config.appOrigin, 'user-agent': BROWSER_UA },
        payload: { worked: true },
      });
      expect(vote.statusCode).toBe(404);

      // The statement of reasons: the code, the action, the reason (as text) and how to appeal.
      const mail = await capture().nextMessage(owner.email);
      expect(mail.subject).toBe('Your Uber code was hidden on Refstash');
      expect(mail.text).toContain('An admin hid your Uber code "HIDEME".');
      expect(mail.text).toContain(`Reason given by the admin: ${hostile}`);
      expect(mail.text).toContain("How to appeal: on your dashboard, press 'Appeal' on the code");
      expect(mail.text).toContain('made by a person, not automatically');
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<b>bold</b>');
      expect(mail.html).toContain(
        '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;',
      );
      expect(mail.html).toContain('http://localhost:3000/dashboard');

      const twice = await act(ctx, admin, {
        action: 'hide_code',
        target: { type: 'code', codeId },
        reason: 'again',
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.message).toBe('This code is already hidden');
      // A hidden code cannot be reported (visitors cannot see it).
      const reported = await report(
        ctx,
        { target: { type: 'code', codeId }, reason: 'spam' },
        `${freshNetwork()}.1`,
      );
      expect(reported.statusCode).toBe(404);
    });

    it('takes one appeal per action; "Keep hidden" and "Restore" close it and mail the owner', async () => {
      const owner = await ctx.createUser();
      const stranger = await ctx.createUser();
      const codeId = await addCode(ctx, owner);
      const hidden = await act(ctx, admin, {
        action: 'hide_code',
        target: { type: 'code', codeId },
        reason: 'Phishing link',
      });
      const actionId = hidden.json().entry.id as string;
      await capture().nextMessage(owner.email);
      const appeal = (user: TestUser, note: string) =>
        ctx.request({
          method: 'POST',
          url: '/api/me/appeals',
          cookie: user.cookie,
          body: { actionId, note },
        });
      const notMine = await appeal(stranger, 'let me');
      expect(notMine.statusCode).toBe(404);
      expect(notMine.json().error.message).toBe('Appeal not found');
      const empty = await appeal(owner, '  ');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.message).toBe('Please say why this should be restored');
      const filed = await appeal(owner, 'It is <i>my</i> real code');
      expect(filed.statusCode).toBe(201);
      const appealId = filed.json().appeal.id as string;
      const second = await appeal(owner, 'again');
      expect(second.statusCode).toBe(409);
      expect(second.json().error.message).toBe('You have already appealed this action');

      const shown = (await cases(ctx, admin)).find((c) => c.target.codeId === codeId);
      expect(shown).toMatchObject({
        status: 'open',
        reportCount: 0,
        firstReportedAt: null,
        appeal: { id: appealId, actionId, note: 'It is <i>my</i> real code', status: 'open' },
      });
      const dashboard = await ctx.request({ url: '/api/codes', cookie: owner.cookie });
      const mine = dashboard.json().codes.find((c: { id: string }) => c.id === codeId);
      expect(mine.moderation.appeal).toMatchObject({
        status: 'open',
        note: 'It is <i>my</i> real code',
      });

      const decide = (body: unknown) =>
        ctx.request({
          method: 'POST',
          url: `/api/admin/appeals/${appealId}/decision`,
          cookie: admin.cookie,
          body,
        });
      const kept = await decide({ decision: 'keep', reason: 'The link <b>is</b> phishing' });
      expect(kept.statusCode).toBe(200);
      expect(kept.json().entry.action).toBe('keep_hidden');
      const keptMail = await capture().nextMessage(owner.email);
      expect(keptMail.subject).toBe('Your appeal about your Uber code was answered');
      expect(keptMail.text).toContain('kept your Uber code "HIDEME" hidden');
      expect(keptMail.html).toContain('The link &lt;b&gt;is&lt;/b&gt; phishing');
      const again = await decide({ decision: 'restore', reason: 'changed my mind' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('This appeal has already been answered');
      const after = await ctx.request({ url: '/api/codes', cookie: owner.cookie });
      expect(
        after.json().codes.find((c: { id: string }) => c.id === codeId).moderation,
      ).toMatchObject({
        appeal: { status: 'kept', answer: 'The link <b>is</b> phishing' },
      });
      expect(await profileCodes(ctx, owner.username ?? '')).toEqual([]);

      // Hidden again by a new action, appealed, restored: back on every page.
      await act(ctx, admin, { action: 'restore', target: { type: 'code', codeId }, reason: 'ok' });
      await capture().nextMessage(owner.email);
      const rehidden = await act(ctx, admin, {
        action: 'hide_code',
        target: { type: 'code', codeId },
        reason: 'Again',
      });
      await capture().nextMessage(owner.email);
      const secondAppeal = await ctx.request({
        method: 'POST',
        url: '/api/me/appeals',
        cookie: owner.cookie,
        body: { actionId: rehidden.json().entry.id, note: 'Please' },
      });
      expect(secondAppeal.statusCode).toBe(201);
      const restored = await ctx.request({
        method: 'POST',
        url: `/api/admin/appeals/${secondAppeal.json().appeal.id}/decision`,
        cookie: admin.cookie,
        body: { decision: 'restore', reason: 'Verified with the service' },
      });
      expect(restored.statusCode).toBe(200);
      expect(restored.json().entry.action).toBe('restore');
      const restoredMail = await capture().nextMessage(owner.email);
      expect(restoredMail.subject).toBe('Your Uber code is visible again');
      expect(restoredMail.text).toContain('Verified with the service');
      expect(await profileCodes(ctx, owner.username ?? '')).toEqual([codeId]);
      expect(await serviceCodeIds(ctx)).toContain(codeId);
      const final = await ctx.request({ url: '/api/codes', cookie: owner.cookie });
      expect(final.json().codes.find((c: { id: string }) => c.id === codeId).moderation).toBeNull();
    });

    it('disables an account: sessions gone at once, profile 404, codes off the service page; restore undoes it', async () => {
      const owner = await ctx.createUser();
      const codeId = await addCode(ctx, owner);
      const username = owner.username ?? '';
      await report(
        ctx,
        { target: { type: 'profile', username }, reason: 'impersonation' },
        `${freshNetwork()}.1`,
      );
      const caseId = (await cases(ctx, admin)).find((c) => c.target.username === username)?.id;
      const response = await act(ctx, admin, {
        action: 'disable_account',
        caseId,
        target: { type: 'account', username },
        reason: 'Impersonates a bank',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().entry.target).toMatchObject({
        type: 'account',
        label: `@${username}`,
      });
      const me = await ctx.request({ url: '/api/me', cookie: owner.cookie });
      expect(me.statusCode).toBe(401);
      const sessions = await ctx.database.db
        .selectFrom('sessions')
        .select('id_hash')
        .where('user_id', '=', owner.id)
        .execute();
      expect(sessions).toEqual([]);
      const profile = await ctx.request({ url: `/api/profiles/${username}` });
      expect(profile.statusCode).toBe(404);
      expect(profile.json().error.message).toBe('Profile not found');
      const image = await ctx.request({ url: `/api/share-images/profiles/${username}` });
      expect(image.statusCode).toBe(404);
      expect(await serviceCodeIds(ctx)).not.toContain(codeId);
      const sitemap = await ctx.request({ url: '/sitemap.xml' });
      expect(sitemap.body).not.toContain(`/${username}<`);
      const mail = await capture().nextMessage(owner.email);
      expect(mail.subject).toBe('Your Refstash account was disabled');
      expect(mail.text).toContain('Reason given by the admin: Impersonates a bank');
      expect(mail.text).toContain('How to appeal: reply to this email');
      expect((await cases(ctx, admin)).find((c) => c.id === caseId)).toMatchObject({
        status: 'closed',
        state: { accountDisabled: true },
      });

      const restore = await act(ctx, admin, {
        action: 'restore',
        target: { type: 'account', username },
        reason: 'Verified identity',
      });
      expect(restore.statusCode).toBe(200);
      expect(await profileCodes(ctx, username)).toEqual([codeId]);
      expect(await serviceCodeIds(ctx)).toContain(codeId);
      const restoredMail = await capture().nextMessage(owner.email);
      expect(restoredMail.subject).toBe('Your Refstash account was restored');
      const again = await act(ctx, admin, {
        action: 'restore',
        target: { type: 'account', username },
        reason: 'twice',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe('This account is not disabled');
    });

    it('ends the sessions on another instance too: the next request there is 401', async () => {
      // A second instance: its own app and its own connection to the same database.
      const database = createDatabase(ctx.testDatabase.config, { schema: ctx.testDatabase.schema });
      const second = await buildApp(ctx.config, { database });
      try {
        const owner = await ctx.createUser();
        const me = () => second.inject({ url: '/api/me', headers: { cookie: owner.cookie } });
        expect((await me()).statusCode).toBe(200);
        const response = await act(ctx, admin, {
          action: 'disable_account',
          target: { type: 'account', username: owner.username },
          reason: 'Spam',
        });
        expect(response.statusCode).toBe(200);
        expect((await me()).statusCode).toBe(401);
      } finally {
        await second.close();
        await database.close();
      }
    });

    it('refuses to disable an admin, and checks each action against its target', async () => {
      const other = await ctx.createUser({ admin: true });
      const refused = await act(ctx, admin, {
        action: 'disable_account',
        target: { type: 'account', username: other.username },
        reason: 'no',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(
        'Admins cannot be disabled. Remove their admin role first.',
      );
      const mismatched = await act(ctx, admin, {
        action: 'hide_code',
        target: { type: 'account', username: other.username },
        reason: 'no',
      });
      expect(mismatched.statusCode).toBe(400);
      expect(mismatched.json().error.message).toBe('This action does not apply to this target');
      const noReason = await act(ctx, admin, {
        action: 'restore',
        target: { type: 'account', username: other.username },
        reason: '',
      });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().error.message).toBe('Please give a reason the owner will read');
      const noCase = await act(ctx, admin, {
        action: 'dismiss',
        target: { type: 'account', username: other.username },
        reason: 'x',
      });
      expect(noCase.statusCode).toBe(400);
      expect(noCase.json().error.message).toBe('Dismiss needs the reports it closes');
    });

    it('dismisses a case: closed, the code untouched, no mail to the owner; in the audit log', async () => {
      const owner = await ctx.createUser();
      const codeId = await addCode(ctx, owner);
      await report(
        ctx,
        { target: { type: 'code', codeId }, reason: 'other' },
        `${freshNetwork()}.1`,
      );
      const caseId = (await cases(ctx, admin)).find((c) => c.target.codeId === codeId)?.id;
      const body = { action: 'dismiss', caseId, target: { type: 'code', codeId }, reason: 'Fine' };
      const dismissed = await act(ctx, admin, body);
      expect(dismissed.statusCode).toBe(200);
      const twice = await act(ctx, admin, body);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.message).toBe('These reports have already been handled');
      expect(await profileCodes(ctx, owner.username ?? '')).toEqual([codeId]);
      const log = await ctx.request({ url: '/api/admin/audit-log', cookie: admin.cookie });
      expect(log.json().entries[0]).toMatchObject({
        id: dismissed.json().entry.id,
        action: 'dismiss',
        reason: 'Fine',
        target: { type: 'code', codeId },
      });
      expect(mailTo(owner.email)).toEqual([]);
      // A new report after the case closed opens a new case.
      await report(
        ctx,
        { target: { type: 'code', codeId }, reason: 'spam' },
        `${freshNetwork()}.1`,
      );
      const both = (await cases(ctx, admin)).filter((c) => c.target.codeId === codeId);
      expect(both.map((c) => c.status)).toEqual(['open', 'closed']);
    });

    it('keeps the audit log when the target account is deleted', async () => {
      const owner = await ctx.createUser();
      const codeId = await addCode(ctx, owner, 'GONE');
      const hidden = await act(ctx, admin, {
        action: 'hide_code',
        target: { type: 'code', codeId },
        reason: 'Spam',
      });
      await ctx.database.db.deleteFrom('users').where('id', '=', owner.id).execute();
      const log = await ctx.request({ url: '/api/admin/audit-log', cookie: admin.cookie });
      const entry = log.json().entries.find((e: { id: string }) => e.id === hidden.json().entry.id);
      expect(entry.target.label).toBe(`Uber code GONE of @${owner.username}`);
    });

    it('sinks a code reported from 3 networks below codes in good standing until an admin decides', async () => {
      const ids: string[] = [];
      for (const name of ['SINK_A', 'SINK_B', 'SINK_C']) {
        const owner = await ctx.createUser();
        const created = await ctx.request({
          method: 'POST',
          url: '/api/codes',
          cookie: owner.cookie,
          body: { service: 'airbnb', code: name, reward: '$40', listed: true },
        });
        ids.push(created.json().code.id);
      }
      const target = ids[0]!;
      // Three views cover the three starting places of three codes in good standing.
      const lastOfThreeViews = async () => {
        const last: string[] = [];
        for (let i = 0; i < 3; i += 1) {
          const page = await ctx.request({ url: '/api/services/airbnb/codes' });
          const codes = page.json().codes as Array<{ id: string; reported: boolean }>;
          expect(codes).toHaveLength(3);
          // Sinking is not the voters' "Reported not working" mark.
          expect(codes.every((c) => !c.reported)).toBe(true);
          last.push(codes[2]!.id);
        }
        return last;
      };
      const reportFrom = (net: string) =>
        report(ctx, { target: { type: 'code', codeId: target }, reason: 'scam' }, `${net}.1`);
      await reportFrom(freshNetwork());
      await reportFrom(freshNetwork());
      expect(await lastOfThreeViews()).not.toEqual([target, target, target]);
      await reportFrom(freshNetwork());
      expect(await lastOfThreeViews()).toEqual([target, target, target]);
      // Still listed and shown: reports never hide.
      expect(await profileCodes(ctx, (await cases(ctx, admin))[0]?.owner.username ?? '')).toEqual([
        target,
      ]);
      const caseId = (await cases(ctx, admin)).find((c) => c.target.codeId === target)?.id;
      const dismissed = await act(ctx, admin, {
        action: 'dismiss',
        caseId,
        target: { type: 'code', codeId: target },
        reason: 'A real code',
      });
      expect(dismissed.statusCode).toBe(200);
      expect(await lastOfThreeViews()).not.toEqual([target, target, target]);
    });

    it('lists every open case, and only the newest 100 closed ones, newest first', async () => {
      const owner = await ctx.createUser();
      const old = '2020-01-01T00:00:00.000Z';
      const row = (id: string, status: 'open' | 'closed', at: string) => ({
        id,
        target_key: `profile:${owner.id}:${id}`,
        target_type: 'profile' as const,
        code_id: null,
        user_id: owner.id,
        snapshot: JSON.stringify({ type: 'profile', username: owner.username }),
        status,
        first_reported_at: at,
        last_reported_at: at,
        activity_at: at,
        created_at: at,
        closed_at: status === 'closed' ? at : null,
      });
      const openId = newId();
      await ctx.database.db
        .insertInto('moderation_cases')
        .values(row(openId, 'open', old))
        .execute();
      const closed = Array.from({ length: 101 }, (_, i) =>
        row(newId(), 'closed', new Date(Date.parse('2030-01-01') + i * 1000).toISOString()),
      );
      await ctx.database.db.insertInto('moderation_cases').values(closed).execute();
      const listed = (await cases(ctx, admin)).filter((c) => c.owner.email === owner.email);
      expect(listed).toHaveLength(101);
      expect(listed.at(-1)?.id).toBe(openId);
      expect(listed[0]?.id).toBe(closed[100]?.id);
      expect(listed.map((c) => c.id)).not.toContain(closed[0]?.id);
    });

    it('shows reports, the audit log and appeal decisions to admins only', async () => {
      const user = await ctx.createUser();
      for (const url of ['/api/admin/reports', '/api/admin/audit-log']) {
        expect((await ctx.request({ url })).statusCode).toBe(401);
        const forbidden = await ctx.request({ url, cookie: user.cookie });
        expect(forbidden.statusCode).toBe(403);
        expect(forbidden.json().error.message).toBe('Only admins can moderate');
      }
      const action = await act(ctx, user, {
        action: 'restore',
        target: { type: 'account', username: user.username },
        reason: 'x',
      });
      expect(action.statusCode).toBe(403);
    });
  },
  {
    env: smtpEnv,
  },
);
