import { sql } from 'kysely';
import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';
import { utcDays } from './stats.service.ts';

/** Click events written as they arrive, `daysAgo` UTC days before today, at 12:00 plus `minute`. */
async function clicksOn(
  ctx: TestContext,
  codeId: string,
  daysAgo: number,
  visitors: string[],
): Promise<void> {
  const day = utcDays(daysAgo + 1, new Date())[0] ?? '';
  for (const [i, visitor] of visitors.entries()) {
    await ctx.database.db
      .insertInto('clicks')
      .values({
        code_id: codeId,
        clicked_at: `${day}T12:${String(10 + i).padStart(2, '0')}:00.000Z`,
        visitor_hash: visitor,
      })
      .execute();
  }
}

async function addCode(ctx: TestContext, user: TestUser, code: string) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/codes',
    cookie: user.cookie,
    body: { service: 'uber', code, reward: '1' },
  });
  expect(response.statusCode).toBe(201);
  return (response.json().code as { id: string }).id;
}

async function stats(ctx: TestContext, user: TestUser, days: number) {
  const response = await ctx.request({ url: `/api/me/stats?days=${days}`, cookie: user.cookie });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    series: Array<{ day: string; copies: number; uniqueCopies: number }>;
    codes: Array<{ code: string; copies: number; uniqueCopies: number }>;
  };
}

/** The non-empty days of the series as [days ago, copies, unique]. */
const busyDays = (series: Array<{ copies: number; uniqueCopies: number }>) =>
  series
    .map((d, i) => [series.length - 1 - i, d.copies, d.uniqueCopies])
    .filter(([, copies]) => copies !== 0);

/**
 * The kept sums against the buckets they sum (migration 0082): the profile's day is the sum of
 * its codes' buckets, and each running total the sum of the code's buckets up to its day.
 */
async function expectSumsKept(ctx: TestContext) {
  const db = ctx.database.db;
  const drift = await sql<{ n: number }>`
    select count(*) as n from daily_code_stats d
    where d.copies_to_date <> (select sum(p.copies) from daily_code_stats p
        where p.code_id = d.code_id and p.day <= d.day)
      or d.unique_to_date <> (select sum(p.unique_visitors) from daily_code_stats p
        where p.code_id = d.code_id and p.day <= d.day)`.execute(db);
  expect(Number(drift.rows[0]?.n)).toBe(0);
  const byDay = await sql<{
    user_id: string;
    day: string;
    copies: number;
    unique_visitors: number;
  }>`
    select user_id, day, sum(copies) as copies, sum(unique_visitors) as unique_visitors
    from daily_code_stats group by user_id, day order by user_id, day`.execute(db);
  const kept = await db
    .selectFrom('daily_user_stats')
    .select(['user_id', 'day', 'copies', 'unique_visitors'])
    .where('copies', '<>', 0)
    .orderBy('user_id')
    .orderBy('day')
    .execute();
  expect(kept.map((r) => [r.user_id, r.day, Number(r.copies), Number(r.unique_visitors)])).toEqual(
    byDay.rows.map((r) => [r.user_id, r.day, Number(r.copies), Number(r.unique_visitors)]),
  );
}

describeEachDatabase('stats over days: running totals per code, sums per day (0082)', (ctx) => {
  it('counts each code and day in the range only, a late event included, and follows a deleted code', async () => {
    const user = await ctx.createUser();
    const other = await ctx.createUser();
    const a = await addCode(ctx, user, 'A');
    const b = await addCode(ctx, user, 'B');
    const elsewhere = await addCode(ctx, other, 'C');
    await clicksOn(ctx, a, 10, ['v1', 'v1']); // before a 7-day range
    await clicksOn(ctx, a, 6, ['v1', 'v2', 'v1']); // the range's first day
    await clicksOn(ctx, b, 6, ['v1']);
    await clicksOn(ctx, a, 3, ['v3']);
    await clicksOn(ctx, a, 0, ['v1', 'v4']);
    await clicksOn(ctx, elsewhere, 0, ['v9', 'v8', 'v7']);
    // A late event: an earlier day's bucket grows after later days exist.
    await clicksOn(ctx, a, 3, ['v3', 'v5']);
    await clicksOn(ctx, a, 10, ['v6']);

    const week = await stats(ctx, user, 7);
    expect(week.codes.map((c) => [c.code, c.copies, c.uniqueCopies])).toEqual([
      ['A', 8, 6],
      ['B', 1, 1],
    ]);
    expect(busyDays(week.series)).toEqual([
      [6, 4, 3],
      [3, 3, 2],
      [0, 2, 2],
    ]);
    const month = await stats(ctx, user, 30);
    expect(month.codes.map((c) => [c.code, c.copies, c.uniqueCopies])).toEqual([
      ['A', 11, 8],
      ['B', 1, 1],
    ]);
    expect(busyDays(month.series)).toEqual([
      [10, 3, 2],
      [6, 4, 3],
      [3, 3, 2],
      [0, 2, 2],
    ]);
    await expectSumsKept(ctx);

    // Deleting B takes its copies out of the profile's days, as before 0082.
    const removed = await ctx.request({
      method: 'DELETE',
      url: `/api/codes/${b}`,
      cookie: user.cookie,
    });
    expect(removed.statusCode).toBe(204);
    const after = await stats(ctx, user, 7);
    expect(after.codes.map((c) => [c.code, c.copies])).toEqual([['A', 8]]);
    expect(busyDays(after.series)).toEqual([
      [6, 3, 2],
      [3, 3, 2],
      [0, 2, 2],
    ]);
    await expectSumsKept(ctx);
  });

  it('answers a code with no copies, and a range with none, with zeros', async () => {
    const user = await ctx.createUser();
    const a = await addCode(ctx, user, 'QUIET');
    const b = await addCode(ctx, user, 'OLD');
    await clicksOn(ctx, b, 20, ['v1', 'v2']);
    const week = await stats(ctx, user, 7);
    expect(week.codes.map((c) => [c.code, c.copies, c.uniqueCopies]).sort()).toEqual([
      ['OLD', 0, 0],
      ['QUIET', 0, 0],
    ]);
    expect(busyDays(week.series)).toEqual([]);
    expect((await stats(ctx, user, 30)).codes.find((c) => c.code === 'OLD')?.copies).toBe(2);
    expect(a).toBeTruthy();
  });
});
