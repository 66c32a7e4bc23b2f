import { afterEach, expect, it } from 'vitest';
import { smtpCaptureForFile } from '../../test-support/smtp-capture-for-file.ts';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';

const { smtp: capture, mailTo, env: smtpEnv } = smtpCaptureForFile({ LOG_LEVEL: 'error' });

async function requestFor(ctx: TestContext, user: TestUser, displayName: string, domain: string) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/service-requests',
    cookie: user.cookie,
    body: { displayName, domain },
  });
  expect(response.statusCode).toBe(201);
  return response.json().request.id as string;
}

function review(ctx: TestContext, admin: TestUser, id: string, kind: string, notes?: string) {
  return ctx.request({
    method: 'POST',
    url: `/api/admin/service-requests/${id}/${kind}`,
    cookie: admin.cookie,
    body: notes === undefined ? {} : { notes },
  });
}

/** Mail to `to` that was never taken by nextMessage: what arrived beyond the expected ones. */

describeEachDatabase(
  'the requester hears about the review by e-mail',
  (ctx) => {
    afterEach(() => {
      capture().rejectAll = false;
    });

    it('approval: subject, recipient, the note and a link that opens the code form', async () => {
      const user = await ctx.createUser();
      const admin = await ctx.createUser({ admin: true });
      const id = await requestFor(ctx, user, 'Acme Pay', 'acmepay.com');
      const response = await review(ctx, admin, id, 'approve', 'Real referral program');
      expect(response.statusCode).toBe(200);
      const mail = await capture().nextMessage(user.email);
      expect(mail.to).toEqual([user.email]);
      expect(mail.from).toBe('Refstash <hello@refstash.test>');
      expect(mail.subject).toBe('Your request for Acme Pay was approved');
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain('Acme Pay');
        expect(body).toContain('Real referral program');
        expect(body).toContain('http://localhost:3000/dashboard?service=acmepay');
      }
      expect(mailTo(admin.email)).toEqual([]);
    });

    it('rejection: subject, the note and a link to the dashboard', async () => {
      const user = await ctx.createUser();
      const admin = await ctx.createUser({ admin: true });
      const id = await requestFor(ctx, user, 'Zeta Bank', 'zetabank.com');
      expect((await review(ctx, admin, id, 'reject', 'Not a referral program')).statusCode).toBe(
        200,
      );
      const mail = await capture().nextMessage(user.email);
      expect(mail.to).toEqual([user.email]);
      expect(mail.subject).toBe('Your request for Zeta Bank was not approved');
      for (const body of [mail.text, mail.html]) {
        expect(body).toContain('Not a referral program');
        expect(body).toContain('http://localhost:3000/dashboard');
        expect(body).not.toContain('?service=');
      }
    });

    it('says so when the admin left no note', async () => {
      const user = await ctx.createUser();
      const admin = await ctx.createUser({ admin: true });
      const id = await requestFor(ctx, user, 'Quiet Co', 'quietco.com');
      expect((await review(ctx, admin, id, 'approve')).statusCode).toBe(200);
      const mail = await capture().nextMessage(user.email);
      expect(mail.subject).toBe('Your request for Quiet Co was approved');
      expect(mail.text).not.toContain('Note from the admin');
    });

    it('escapes the name and the note in the HTML body', async () => {
      const user = await ctx.createUser();
      const admin = await ctx.createUser({ admin: true });
      const id = await requestFor(ctx, user, 'Tag <b>Co</b>', 'tagco.com');
      await review(ctx, admin, id, 'reject', '<script>alert(1)</script>');
      const mail = await capture().nextMessage(user.email);
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).not.toContain('<b>Co</b>');
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.text).toContain('<script>alert(1)</script>');
    });

    it('mails once per decision: a second approval of an approved request sends nothing', async () => {
      const user = await ctx.createUser();
      const admin = await ctx.createUser({ admin: true });
      const id = await requestFor(ctx, user, 'Twice Co', 'twiceco.com');
      await review(ctx, admin, id, 'approve', 'first');
      await capture().nextMessage(user.email);
      expect((await review(ctx, admin, id, 'approve', 'second')).statusCode).toBe(200);
      // A changed decision is news: it is mailed, and it is the only other mail.
      expect((await review(ctx, admin, id, 'reject', 'changed my mind')).statusCode).toBe(200);
      const changed = await capture().nextMessage(user.email);
      expect(changed.subject).toBe('Your request for Twice Co was not approved');
      expect(mailTo(user.email)).toHaveLength(2);
    });

    it('an edit sends nothing', async () => {
      const user = await ctx.createUser();
      const admin = await ctx.createUser({ admin: true });
      const id = await requestFor(ctx, user, 'Edit Co', 'editco.com');
      const edit = await ctx.request({
        method: 'PATCH',
        url: `/api/admin/service-requests/${id}`,
        cookie: admin.cookie,
        body: { serviceId: 'editco', displayName: 'Edit Co', domain: 'editco.com', notes: 'x' },
      });
      expect(edit.statusCode).toBe(200);
      // The approval that follows is the first mail this user gets: the edit sent none before it.
      await review(ctx, admin, id, 'approve');
      const mail = await capture().nextMessage(user.email);
      expect(mail.subject).toBe('Your request for Edit Co was approved');
      expect(mailTo(user.email)).toHaveLength(1);
    });

    it('a failed send keeps the review and is logged', async () => {
      capture().rejectAll = true;
      const user = await ctx.createUser();
      const admin = await ctx.createUser({ admin: true });
      const id = await requestFor(ctx, user, 'Bounce Co', 'bounceco.com');
      const response = await review(ctx, admin, id, 'approve', 'ok');
      expect(response.statusCode).toBe(200);
      expect(response.json().request.status).toBe('approved');
      // The refused send can take more than poll's default second on a loaded machine (CI).
      await expect
        .poll(
          () => ctx.logLines().find((l) => l.msg === 'service request mail could not be sent'),
          {
            timeout: 10_000,
          },
        )
        .toMatchObject({ level: 50, requestId: id });
      const row = await ctx.database.db
        .selectFrom('service_requests')
        .select(['status', 'notes'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'approved', notes: 'ok' });
      const service = await ctx.database.db
        .selectFrom('services')
        .select('id')
        .where('id', '=', 'bounceco')
        .executeTakeFirst();
      expect(service).toEqual({ id: 'bounceco' });
      expect(mailTo(user.email)).toEqual([]);
    });
  },
  {
    env: smtpEnv,
    captureLogs: true,
  },
);
