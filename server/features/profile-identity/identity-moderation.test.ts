import { beforeAll, beforeEach, expect, it } from 'vitest';
import { smtpCaptureForFile } from '../../test-support/smtp-capture-for-file.ts';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';
import { BROWSER_UA } from '../codes/clicks.test-helpers.ts';
import { png } from './avatar-fixtures.ts';

const { smtp: capture, env: smtpEnv } = smtpCaptureForFile({ LOG_LEVEL: 'error' });

let network = 0;
function report(ctx: TestContext, username: string) {
  network += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/reports',
    remoteAddress: `10.77.${network}.9`,
    headers: { origin: ctx.config.appOrigin, 'user-agent': BROWSER_UA },
    payload: { target: { type: 'profile', username }, reason: 'impersonation' },
  });
}

const act = (ctx: TestContext, admin: TestUser, body: unknown) =>
  ctx.request({ method: 'POST', url: '/api/admin/moderation-actions', cookie: admin.cookie, body });

async function dressUp(ctx: TestContext, user: TestUser) {
  const saved = await ctx.request({
    method: 'PUT',
    url: '/api/me/profile',
    cookie: user.cookie,
    body: {
      displayName: 'Fake Person',
      bio: 'Send me money',
      links: ['https://scam.example'],
      accent: 'rose',
    },
  });
  expect(saved.statusCode).toBe(200);
  const upload = await ctx.app.inject({
    method: 'PUT',
    url: '/api/me/avatar',
    headers: { origin: ctx.config.appOrigin, cookie: user.cookie, 'content-type': 'image/png' },
    payload: await png(40, 40),
  });
  expect(upload.statusCode).toBe(200);
  return upload.json().avatar as { url512: string };
}

describeEachDatabase(
  "moderation of a profile's details (issue 26)",
  (ctx) => {
    let admin: TestUser;
    beforeAll(async () => {
      admin = await ctx.createUser({ admin: true });
    });
    beforeEach(async () => {
      await ctx.database.db
        .updateTable('moderation_notices')
        .set({ sent_at: new Date(Date.now() + 3_600_000).toISOString() })
        .execute();
    });

    it("a profile report shows the avatar, bio and links as they were; 'Hide profile details' clears them, with notice and appeal", async () => {
      const owner = await ctx.createUser({ username: 'faker' });
      const avatar = await dressUp(ctx, owner);
      expect((await report(ctx, 'faker')).statusCode).toBe(202);
      const listed = (await ctx.request({ url: '/api/admin/reports', cookie: admin.cookie })).json()
        .cases;
      const item = listed.find(
        (c: { target: { username?: string } }) => c.target.username === 'faker',
      );
      expect(item.target).toEqual({
        type: 'profile',
        username: 'faker',
        displayName: 'Fake Person',
        bio: 'Send me money',
        avatar: avatar.url512,
        links: ['https://scam.example'],
      });
      expect(item.state).toEqual({
        codeHidden: false,
        accountDisabled: false,
        detailsHidden: false,
      });

      // Only admins.
      const byOwner = await act(ctx, owner, {
        action: 'hide_profile_details',
        target: { type: 'account', username: 'faker' },
        reason: 'x',
      });
      expect(byOwner.statusCode).toBe(403);
      // Needs an account target.
      const wrong = await act(ctx, admin, {
        action: 'hide_profile_details',
        target: { type: 'code', codeId: 'x' },
        reason: 'x',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.message).toBe('This action does not apply to this target');

      const hidden = await act(ctx, admin, {
        action: 'hide_profile_details',
        caseId: item.id,
        target: { type: 'account', username: 'faker' },
        reason: 'Impersonates a celebrity',
      });
      expect(hidden.statusCode).toBe(200);
      expect(hidden.json().entry ?? hidden.json()).toMatchObject({
        action: 'hide_profile_details',
      });
      const mail = await capture().nextMessage(owner.email);
      expect(mail.subject).toBe('Your profile details were hidden on Refstash');
      expect(mail.text).toContain('Impersonates a celebrity');

      // The public sees the username only, everywhere.
      const profile = (await ctx.request({ url: '/api/profiles/faker' })).json();
      expect(profile.identity).toEqual({
        displayName: null,
        bio: null,
        avatar: null,
        links: [],
        accent: 'rose',
      });
      const page = (await ctx.request({ url: '/faker' })).body;
      expect(page).not.toContain('Fake Person');
      expect(page).not.toContain('Send me money');
      expect(page).toContain("<title>@faker's referral codes · Refstash</title>");
      // A second hide is refused.
      const again = await act(ctx, admin, {
        action: 'hide_profile_details',
        target: { type: 'account', username: 'faker' },
        reason: 'again',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe("This profile's details are already hidden");

      // The owner sees why and appeals.
      const own = (await ctx.request({ url: '/api/me/profile', cookie: owner.cookie })).json();
      expect(own.displayName).toBe('Fake Person');
      expect(own.moderation).toMatchObject({ reason: 'Impersonates a celebrity', appeal: null });
      const appeal = await ctx.request({
        method: 'POST',
        url: '/api/me/appeals',
        cookie: owner.cookie,
        body: { actionId: own.moderation.actionId, note: 'It is really me' },
      });
      expect(appeal.statusCode).toBe(201);
      const withAppeal = (await ctx.request({ url: '/api/admin/reports', cookie: admin.cookie }))
        .json()
        .cases.find(
          (c: { appeal: { note: string } | null }) => c.appeal?.note === 'It is really me',
        );
      expect(withAppeal.state.detailsHidden).toBe(true);
      const decided = await ctx.request({
        method: 'POST',
        url: `/api/admin/appeals/${withAppeal.appeal.id}/decision`,
        cookie: admin.cookie,
        body: { decision: 'restore', reason: 'Verified' },
      });
      expect(decided.statusCode).toBe(200);
      const restoredMail = await capture().nextMessage(owner.email);
      expect(restoredMail.subject).toBe('Your profile details are visible again');
      const shown = (await ctx.request({ url: '/api/profiles/faker' })).json();
      expect(shown.identity.displayName).toBe('Fake Person');
      const after = (await ctx.request({ url: '/api/me/profile', cookie: owner.cookie })).json();
      expect(after.moderation).toBeNull();
    });

    it("'Restore' on the account shows hidden details again", async () => {
      const owner = await ctx.createUser({ username: 'hiddenrest' });
      await dressUp(ctx, owner);
      const target = { type: 'account', username: 'hiddenrest' };
      expect(
        (await act(ctx, admin, { action: 'hide_profile_details', target, reason: 'Spam bio' }))
          .statusCode,
      ).toBe(200);
      expect(
        (await ctx.request({ url: '/api/profiles/hiddenrest' })).json().identity.bio,
      ).toBeNull();
      const restored = await act(ctx, admin, { action: 'restore', target, reason: 'Fixed' });
      expect(restored.statusCode).toBe(200);
      expect((await ctx.request({ url: '/api/profiles/hiddenrest' })).json().identity.bio).toBe(
        'Send me money',
      );
      const log = (await ctx.request({ url: '/api/admin/audit-log', cookie: admin.cookie })).json();
      const actions = (log.entries ?? log).map((e: { action: string }) => e.action);
      expect(actions).toContain('hide_profile_details');
    });
  },
  {
    env: smtpEnv,
  },
);
