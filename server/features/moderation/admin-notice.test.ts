import { beforeAll, expect, it } from 'vitest';
import { smtpCaptureForFile } from '../../test-support/smtp-capture-for-file.ts';
import { describeEachDatabase, type TestUser } from '../../test-support/test-app.ts';
import { BROWSER_UA } from '../codes/clicks.test-helpers.ts';
import { notifyAdminsIfDue } from './admin-notice.ts';

const { smtp: capture, mailTo, env: smtpEnv } = smtpCaptureForFile({ LOG_LEVEL: 'error' });
const MINUTE = 60_000;

describeEachDatabase(
  "the admins' notice: at most one e-mail an hour while new items arrive",
  (ctx) => {
    let admins: TestUser[];
    let codeId: string;
    beforeAll(async () => {
      admins = [await ctx.createUser({ admin: true }), await ctx.createUser({ admin: true })];
      const owner = await ctx.createUser();
      const created = await ctx.request({
        method: 'POST',
        url: '/api/codes',
        cookie: owner.cookie,
        body: { service: 'uber', code: 'NOTICE', reward: '5' },
      });
      codeId = created.json().code.id;
    });
    const report = (ip: string, note?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/reports',
        remoteAddress: ip,
        headers: { origin: ctx.config.appOrigin, 'user-agent': BROWSER_UA },
        payload: { target: { type: 'code', codeId }, reason: 'spam', note },
      });
    const notice = (at: number) =>
      notifyAdminsIfDue(
        {
          db: ctx.database.db,
          outbox: ctx.app.deps.outbox,
          appUrl: ctx.config.appUrl,
          log: ctx.app.log,
        },
        at,
      );

    it('mails every admin at the first report, then nothing until an hour has passed', async () => {
      const hostile = '<img src=x onerror=alert(1)>';
      expect((await report('192.0.2.1', hostile)).statusCode).toBe(202);
      for (const admin of admins) {
        const mail = await capture().nextMessage(admin.email);
        expect(mail.subject).toBe('Refstash: 1 new report to review');
        expect(mail.text).toContain('http://localhost:3000/admin');
        // The notice names no note: reports are read in /admin, as text.
        expect(mail.html).not.toContain('onerror');
        expect(mail.text).not.toContain('onerror');
      }
      expect((await report('198.51.100.1')).statusCode).toBe(202);
      expect(await notice(Date.now() + 59 * MINUTE)).toBe(false);
      for (const admin of admins) expect(mailTo(admin.email)).toHaveLength(1);
    });

    it('tells the items that arrived in the quiet hour once the hour is over; no new item, no mail', async () => {
      expect(await notice(Date.now() + 61 * MINUTE)).toBe(true);
      const mail = await capture().nextMessage(admins[0]!.email);
      expect(mail.subject).toBe('Refstash: 1 new report to review');
      expect(await notice(Date.now() + 200 * MINUTE)).toBe(false);
      for (const admin of admins) expect(mailTo(admin.email)).toHaveLength(2);
    });

    it('sends one notice when two instances try at once', async () => {
      // The last notice is in the future of these reports' clock: move it back, then add one.
      await ctx.database.db
        .updateTable('moderation_notices')
        .set({ sent_at: new Date(Date.now() - 2 * 60 * MINUTE).toISOString() })
        .execute();
      expect((await report('203.0.113.1')).statusCode).toBe(202);
      for (const admin of admins) await capture().nextMessage(admin.email);
      await ctx.database.db
        .updateTable('moderation_notices')
        .set({ sent_at: new Date(Date.now() - 2 * 60 * MINUTE).toISOString() })
        .execute();
      const outcomes = await Promise.all([notice(Date.now()), notice(Date.now())]);
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      for (const admin of admins) {
        await capture().nextMessage(admin.email);
        expect(mailTo(admin.email)).toHaveLength(4);
      }
    });
  },
  {
    env: smtpEnv,
  },
);
