import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Outbox } from '../../mail/outbox.ts';
import { composeAdminNotice } from './moderation-mail.ts';

/** At most one notice an hour (issue 23). */
export const ADMIN_NOTICE_INTERVAL_MS = 60 * 60 * 1000;
/** How often each instance looks for new items that arrived after the last notice. */
export const ADMIN_NOTICE_CHECK_MS = 10 * 60 * 1000;

export interface NoticeContext {
  db: Kysely<DB>;
  /** The notice goes through the mail queue (decision 109). */
  outbox: Outbox;
  appUrl: string;
  log: { error(obj: object, msg: string): void };
}

/**
 * Mails every admin when the Reports queue has new reports or appeals since the last notice and
 * that notice is at least an hour old. The hour is claimed with one conditional update of the
 * shared `moderation_notices` row, so of several instances exactly one sends. Answers whether a
 * notice went out.
 */
export async function notifyAdminsIfDue(ctx: NoticeContext, now: number): Promise<boolean> {
  const { db } = ctx;
  const row = await db
    .selectFrom('moderation_notices')
    .select('sent_at')
    .where('name', '=', 'admins')
    .executeTakeFirstOrThrow();
  const cutoff = new Date(now - ADMIN_NOTICE_INTERVAL_MS).toISOString();
  if (row.sent_at > cutoff) return false;
  const since = row.sent_at;
  const count = async (table: 'moderation_reports' | 'moderation_appeals') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('created_at', '>', since)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const [reports, appeals] = await Promise.all([
    count('moderation_reports'),
    count('moderation_appeals'),
  ]);
  if (reports + appeals === 0) return false;
  const claimed = await db
    .updateTable('moderation_notices')
    .set({ sent_at: new Date(now).toISOString() })
    .where('name', '=', 'admins')
    .where('sent_at', '<=', cutoff)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) === 0) return false;
  const admins = await db.selectFrom('admins').select(['user_id', 'email']).execute();
  const mail = composeAdminNotice({ reports, appeals, appUrl: ctx.appUrl });
  const claimedAt = new Date(now).toISOString();
  await Promise.all(
    admins.map(({ user_id, email }) =>
      ctx.outbox
        .queue({
          dedupeKey: `admin-notice:${claimedAt}:${user_id}`,
          kind: 'admin-notice',
          userId: user_id,
          to: email,
          ...mail,
        })
        .catch((error: unknown) =>
          ctx.log.error({ err: error }, 'moderation notice could not be queued'),
        ),
    ),
  );
  // Sent now when the mail server answers; else the mail-queue job retries (decision 109).
  await ctx.outbox.drain();
  return true;
}

/** Tries the notice after the request that added an item, without delaying its answer. */
export function nudgeAdmins(ctx: NoticeContext): void {
  notifyAdminsIfDue(ctx, Date.now()).catch((error: unknown) =>
    ctx.log.error({ err: error }, 'moderation notice failed'),
  );
}

/**
 * Items that arrive within the hour after a notice are told in the next one: each instance
 * looks every ten minutes (the claim keeps it to one mail). `stop` ends it (the app's onClose).
 */
export function startAdminNoticeJob(ctx: NoticeContext): { stop(): void } {
  let timer: NodeJS.Timeout;
  const run = async () => {
    await notifyAdminsIfDue(ctx, Date.now()).catch((error: unknown) =>
      ctx.log.error({ err: error }, 'moderation notice failed'),
    );
    timer = setTimeout(run, ADMIN_NOTICE_CHECK_MS).unref();
  };
  timer = setTimeout(run, ADMIN_NOTICE_CHECK_MS).unref();
  return { stop: () => clearTimeout(timer) };
}
