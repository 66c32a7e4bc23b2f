import type { ExpressionBuilder, Kysely } from 'kysely';
import type { StatsDto } from '../../../shared/account-schemas.ts';
import type { DB } from '../../db/schema.ts';
import { feedbackByCode } from '../codes/codes.presenter.ts';
import { voteCountsByOwner } from '../codes/codes.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `days` UTC days ending today, oldest first, as YYYY-MM-DD. */
export function utcDays(days: number, now: Date): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

/**
 * The owner's stats over the last `days` UTC days (decision 080), read from the daily buckets
 * only: one row per day for the profile's views and copies, and two running totals per code
 * (migration 0082), whatever the number of events or code-days behind them. The 'Did it work?'
 * answers are those given on the same days (at most one per visitor, code and day: decision 070).
 */
export async function getStats(
  db: Kysely<DB>,
  userId: string,
  days: number,
  now: Date,
  codeId?: string,
): Promise<StatsDto> {
  const range = utcDays(days, now);
  const from = range[0] ?? '';
  const to = range.at(-1) ?? '';
  // The last running total of each code, and its last before the range: the difference is the
  // code's total in the range (migration 0082). Two seeks of the (code_id, day) key per code.
  type CodesRow = ExpressionBuilder<DB, 'codes' | 'services'>;
  const lastTotal = (eb: CodesRow, column: 'copies_to_date' | 'unique_to_date', before?: string) =>
    eb
      .selectFrom('daily_code_stats as d')
      .select(`d.${column}`)
      .whereRef('d.code_id', '=', 'codes.id')
      .$if(before !== undefined, (q) => q.where('d.day', '<', before ?? ''))
      .orderBy('d.day', 'desc')
      .limit(1);
  const [views, copiesByDay, codes, codeDays, votes] = await Promise.all([
    db
      .selectFrom('daily_profile_stats')
      .select(['day', 'views', 'unique_visitors'])
      .where('user_id', '=', userId)
      .where('day', '>=', from)
      .execute(),
    db
      .selectFrom('daily_user_stats')
      .select(['day', 'copies', 'unique_visitors'])
      .where('user_id', '=', userId)
      .where('day', '>=', from)
      .execute(),
    db
      .selectFrom('codes')
      .innerJoin('services', 'services.id', 'codes.service')
      .select((eb) => [
        'codes.id',
        'codes.code',
        'services.name as service_name',
        eb.fn.coalesce(lastTotal(eb, 'copies_to_date'), eb.lit(0)).as('copies_now'),
        eb.fn.coalesce(lastTotal(eb, 'copies_to_date', from), eb.lit(0)).as('copies_before'),
        eb.fn.coalesce(lastTotal(eb, 'unique_to_date'), eb.lit(0)).as('unique_now'),
        eb.fn.coalesce(lastTotal(eb, 'unique_to_date', from), eb.lit(0)).as('unique_before'),
      ])
      .where('codes.user_id', '=', userId)
      .orderBy('codes.created_at', 'desc')
      .execute(),
    codeId
      ? db
          .selectFrom('daily_code_stats')
          .select(['day', 'copies', 'unique_visitors'])
          .where('code_id', '=', codeId)
          .where('user_id', '=', userId)
          .where('day', '>=', from)
          .execute()
      : Promise.resolve([]),
    voteCountsByOwner(db, userId, from),
  ]);
  const index = new Map(range.map((day, i) => [day, i]));
  const emptySeries = () =>
    range.map((day) => ({ day, views: 0, uniqueViews: 0, copies: 0, uniqueCopies: 0 }));
  const series = emptySeries();
  for (const row of views) {
    const day = series[index.get(row.day) ?? -1];
    if (!day) continue;
    day.views = Number(row.views);
    day.uniqueViews = Number(row.unique_visitors);
  }
  for (const row of copiesByDay) {
    const day = series[index.get(row.day) ?? -1];
    if (!day) continue;
    day.copies = Number(row.copies);
    day.uniqueCopies = Number(row.unique_visitors);
  }
  const feedback = feedbackByCode(votes);
  const answers = { yes: 0, no: 0 };
  // Top codes first; ties keep the dashboard's order (newest first).
  const ranked = codes
    .map((c) => {
      const { yes = 0, no = 0 } = feedback.get(c.id) ?? {};
      answers.yes += yes;
      answers.no += no;
      return {
        id: c.id,
        serviceName: c.service_name,
        code: c.code,
        copies: Number(c.copies_now) - Number(c.copies_before),
        uniqueCopies: Number(c.unique_now) - Number(c.unique_before),
        answers: { yes, no },
      };
    })
    .sort((a, b) => b.copies - a.copies);
  let code: StatsDto['code'] = null;
  if (codeId && codes.some((c) => c.id === codeId)) {
    // The profile's views beside the code's copies: copies per view of this code.
    const own = series.map((d) => ({ ...d, copies: 0, uniqueCopies: 0 }));
    for (const row of codeDays) {
      const day = own[index.get(row.day) ?? -1];
      if (!day) continue;
      day.copies = row.copies;
      day.uniqueCopies = row.unique_visitors;
    }
    code = { id: codeId, series: own };
  }
  return { days, from, to, series, answers, codes: ranked, code };
}
