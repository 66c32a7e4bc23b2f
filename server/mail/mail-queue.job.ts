import type { ScheduledJob } from '../jobs/job.ts';
import { deliverDueMail, pendingMailCount, purgeOldMail } from './mail-queue.ts';
import { createMailer, type Mailer } from './mailer.ts';

/**
 * Sends the queued mails that are due (decision 109): new ones the app could not send at once,
 * and retries after their backoff. Every 30 seconds; the SMTP connection is opened only when a mail
 * is due and closed after the run. Sent and given-up rows older than 90 days are deleted.
 */
export const mailQueueJob: ScheduledJob = {
  name: 'mail-queue',
  periodMs: 30_000,
  lockKey: 7_307_280_004,
  async run(ctx) {
    let mailer: Mailer | undefined;
    try {
      const outcome = await deliverDueMail(
        ctx.database.db,
        ctx.database.dialect,
        () => {
          mailer ??= createMailer(ctx.config);
          return mailer;
        },
        ctx.now,
      );
      const purged = await purgeOldMail(ctx.database.db, ctx.now());
      const waiting = await pendingMailCount(ctx.database.db);
      return {
        summary: `${outcome.sent} sent, ${outcome.retrying} to retry, ${outcome.gaveUp} given up, ${outcome.skipped} switched off, ${waiting} waiting${purged ? `, ${purged} old deleted` : ''}`,
      };
    } finally {
      await mailer?.close();
    }
  },
};
