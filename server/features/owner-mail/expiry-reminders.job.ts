import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ScheduledJob } from '../../jobs/job.ts';

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The codes due a reminder on `today`: expiring in 7 days, or today (uses codes_expires_on_idx). */
export function dueForReminderQuery(db: Kysely<DB>, today: string, soon: string) {
  return db
    .selectFrom('codes')
    .select(['id', 'user_id', 'expires_on'])
    .where('expires_on', 'in', [today, soon])
    .where('hidden_at', 'is', null);
}

/**
 * Reminds owners of a code that expires in 7 days, and again on its last day (decision 110).
 * Hourly; it reads only the codes whose expiry day is one of those two (an index on the expiry
 * day), so its cost does not grow with codes that need nothing. Each mail's dedupe key names the
 * code and its expiry day: later runs that day are no-ops, and a new expiry date reminds again.
 */
export const expiryRemindersJob: ScheduledJob = {
  name: 'expiry-reminders',
  periodMs: 60 * 60_000,
  lockKey: 7_307_280_002,
  async run(ctx) {
    const now = ctx.now();
    const today = day(now);
    const soon = day(now + 7 * DAY_MS);
    const rows = await dueForReminderQuery(ctx.database.db, today, soon).execute();
    let queued = 0;
    for (const row of rows) {
      const kind = row.expires_on === today ? 'expires-today' : 'expires-soon';
      const before = await ctx.database.db
        .selectFrom('mail_queue')
        .select('id')
        .where('dedupe_key', '=', `${kind}:${row.id}:${row.expires_on}`)
        .executeTakeFirst();
      if (before) continue;
      await ctx.notifyOwner({
        kind,
        userId: row.user_id,
        codeId: row.id,
        dedupeKey: `${kind}:${row.id}:${row.expires_on}`,
      });
      queued += 1;
    }
    return { summary: `${rows.length} codes due (${today} and ${soon}), ${queued} new reminders` };
  },
};
