import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { ScheduledJob } from '../../jobs/job.ts';
import { type OwnerMailDeps, queueOwnerMail } from './owner-mail.ts';
import type { WeekSummary } from './owner-mail-templates.ts';

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last full week (Monday to Sunday, UTC) before `now`. */
export function lastFullWeek(now: number): { from: string; to: string } {
  const today = new Date(day(now)).getTime();
  const weekday = (new Date(today).getUTCDay() + 6) % 7; // Monday 0
  const thisMonday = today - weekday * DAY_MS;
  return { from: day(thisMonday - 7 * DAY_MS), to: day(thisMonday - DAY_MS) };
}

/**
 * The owners with any activity in the week: a copy, a profile view or an answer. Each part reads
 * its table by day (indexes on `day`), so owners and codes with nothing that week are not read.
 */
export function activeOwnersQuery(db: Kysely<DB>, from: string, to: string) {
  return db
    .selectFrom('daily_user_stats')
    .select('user_id')
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('copies', '>', 0)
    .union(
      db
        .selectFrom('daily_profile_stats')
        .select('user_id')
        .where('day', '>=', from)
        .where('day', '<=', to)
        .where('views', '>', 0),
    )
    .union(
      db
        .selectFrom('votes')
        .innerJoin('codes', 'codes.id', 'votes.code_id')
        .select('codes.user_id')
        .where('votes.day', '>=', from)
        .where('votes.day', '<=', to),
    );
}

/** One owner's week: copies, views, answers and the most copied code. */
export async function weekOf(
  db: Kysely<DB>,
  userId: string,
  from: string,
  to: string,
): Promise<WeekSummary> {
  const [copies, views, votes, best] = await Promise.all([
    db
      .selectFrom('daily_user_stats')
      .select(sql<number>`coalesce(sum(copies), 0)`.as('n'))
      .where('user_id', '=', userId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('daily_profile_stats')
      .select(sql<number>`coalesce(sum(views), 0)`.as('n'))
      .where('user_id', '=', userId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('votes')
      .innerJoin('codes', 'codes.id', 'votes.code_id')
      .select([
        sql<number>`coalesce(sum(case when votes.worked = 1 then 1 else 0 end), 0)`.as('yes'),
        sql<number>`coalesce(sum(case when votes.worked = 0 then 1 else 0 end), 0)`.as('no'),
      ])
      .where('codes.user_id', '=', userId)
      .where('votes.day', '>=', from)
      .where('votes.day', '<=', to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('daily_code_stats')
      .innerJoin('codes', 'codes.id', 'daily_code_stats.code_id')
      .innerJoin('services', 'services.id', 'codes.service')
      .select([
        'codes.code',
        'services.name as service_name',
        sql<number>`sum(daily_code_stats.copies)`.as('copies'),
      ])
      .where('daily_code_stats.user_id', '=', userId)
      .where('daily_code_stats.day', '>=', from)
      .where('daily_code_stats.day', '<=', to)
      .where('codes.hidden_at', 'is', null)
      .groupBy(['daily_code_stats.code_id', 'codes.code', 'services.name'])
      .orderBy(sql`sum(daily_code_stats.copies)`, 'desc')
      .orderBy('daily_code_stats.code_id')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    from,
    to,
    copies: Number(copies.n),
    views: Number(views.n),
    yes: Number(votes.yes),
    no: Number(votes.no),
    best:
      best && Number(best.copies) > 0
        ? { serviceName: best.service_name, code: best.code, copies: Number(best.copies) }
        : null,
  };
}

const MARK = 'weekly-summary:last-week';

/**
 * The optional weekly summary (decision 110): once per week, for the last full week, to each owner
 * with activity in it (never on a quiet week), unless switched off, disabled or deleted. Hourly;
 * once a week is done (`job_marks`) later runs read one row. A run cut short resumes: each mail's
 * dedupe key names the owner and the week.
 */
export const weeklySummaryJob: ScheduledJob = {
  name: 'weekly-summary',
  periodMs: 60 * 60_000,
  lockKey: 7_307_280_003,
  async run(ctx) {
    const { db } = ctx.database;
    const { from, to } = lastFullWeek(ctx.now());
    const mark = await db
      .selectFrom('job_marks')
      .select('value')
      .where('name', '=', MARK)
      .executeTakeFirst();
    if (mark && mark.value >= from) return { summary: `week of ${from} already done` };
    const deps: OwnerMailDeps = { db, config: ctx.config, now: ctx.now };
    const owners = await activeOwnersQuery(db, from, to).execute();
    let queued = 0;
    for (const { user_id } of owners) {
      const week = await weekOf(db, user_id, from, to);
      if (week.copies + week.views + week.yes + week.no === 0) continue;
      if (
        await queueOwnerMail(deps, user_id, `weekly-summary:${user_id}:${from}`, {
          kind: 'weekly-summary',
          week,
        })
      ) {
        queued += 1;
      }
    }
    await db
      .insertInto('job_marks')
      .values({ name: MARK, value: from })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value: from }))
      .execute();
    return {
      summary: `week of ${from}: ${owners.length} active owners, ${queued} summaries queued`,
    };
  },
};
