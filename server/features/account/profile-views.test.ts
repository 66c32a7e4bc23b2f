import { expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDatabase } from '../../db/database.ts';
import { createMemoryRateLimiter } from '../../plugins/rate-limiter.ts';
import { describeEachDatabase, type TestContext } from '../../test-support/test-app.ts';
import { BROWSER_UA, nextIp } from '../codes/clicks.test-helpers.ts';
import { createViewRecorder } from './profile-views.ts';

function visit(
  ctx: TestContext,
  username: string,
  ip: string,
  userAgent = BROWSER_UA,
  extra: { method?: 'GET' | 'HEAD'; headers?: Record<string, string> } = {},
) {
  return ctx.app.inject({
    method: extra.method ?? 'GET',
    url: `/${username}`,
    remoteAddress: ip,
    headers: { 'user-agent': userAgent, ...extra.headers },
  });
}

async function viewRows(ctx: TestContext, userId: string): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('profile_views')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Views are written in batches well under a second after the first (decision 098): wait until
 * the count has not moved for longer than a second.
 */
async function settledViews(ctx: TestContext, userId: string): Promise<number> {
  let last = -1;
  let now = await viewRows(ctx, userId);
  while (now !== last) {
    await sleep(1300);
    last = now;
    now = await viewRows(ctx, userId);
  }
  return now;
}

describeEachDatabase('profile views one address cannot inflate (decision 093)', (ctx) => {
  it('adds one view for 300 anonymous GETs of one visitor', async () => {
    const owner = await ctx.createUser();
    const ip = nextIp();
    for (let i = 0; i < 300; i += 1) {
      expect((await visit(ctx, owner.username!, ip)).statusCode).toBe(200);
    }
    expect(await settledViews(ctx, owner.id)).toBe(1);
  }, 60_000);

  it('never counts a HEAD or a 304 revalidation', async () => {
    const owner = await ctx.createUser();
    const head = await visit(ctx, owner.username!, nextIp(), BROWSER_UA, { method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    expect(await settledViews(ctx, owner.id)).toBe(0);
    const first = await visit(ctx, owner.username!, nextIp());
    expect(await settledViews(ctx, owner.id)).toBe(1);
    const etag = String(first.headers.etag);
    const again = await visit(ctx, owner.username!, nextIp(), BROWSER_UA, {
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(await settledViews(ctx, owner.id)).toBe(1);
  });

  it('writes at most 60 views an hour from one network, whatever the User-Agent', async () => {
    const owner = await ctx.createUser();
    const other = await ctx.createUser();
    const ip = nextIp();
    const sameNetwork = ip.replace(/\.1$/, '.200');
    for (let i = 0; i < 150; i += 1) {
      await visit(ctx, owner.username!, ip, `${BROWSER_UA} v${i}`);
      await visit(ctx, other.username!, sameNetwork, `${BROWSER_UA} v${i}`);
    }
    const views = (await settledViews(ctx, owner.id)) + (await settledViews(ctx, other.id));
    expect(views).toBe(60);
    // Another network still counts.
    await visit(ctx, owner.username!, nextIp());
    expect(await settledViews(ctx, owner.id)).toBeGreaterThan(0);
    expect((await settledViews(ctx, owner.id)) + (await settledViews(ctx, other.id))).toBe(61);
  }, 60_000);
});

describeEachDatabase('profile views written in batches (decision 098)', (ctx) => {
  it('writes no row per request, and the batch within about a second', async () => {
    const owner = await ctx.createUser();
    for (let i = 0; i < 5; i += 1) {
      expect((await visit(ctx, owner.username!, nextIp())).statusCode).toBe(200);
    }
    // Counted, not yet written: the batch waits half a second.
    expect(await viewRows(ctx, owner.id)).toBe(0);
    const started = Date.now();
    while ((await viewRows(ctx, owner.id)) < 5 && Date.now() - started < 3000) await sleep(50);
    expect(await viewRows(ctx, owner.id)).toBe(5);
    expect(Date.now() - started).toBeLessThan(1000);
    const daily = await ctx.database.db
      .selectFrom('daily_profile_stats')
      .select(['views', 'unique_visitors'])
      .where('user_id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect([Number(daily.views), Number(daily.unique_visitors)]).toEqual([5, 5]);
  });

  it('writes the views still waiting when the app closes', async () => {
    const owner = await ctx.createUser();
    // Another instance on the same database, closed right after its views.
    const database = createDatabase(ctx.testDatabase.config, { schema: ctx.testDatabase.schema });
    const second = await buildApp(ctx.config, { database });
    try {
      for (let i = 0; i < 3; i += 1) {
        const response = await second.inject({
          url: `/${owner.username}`,
          remoteAddress: nextIp(),
          headers: { 'user-agent': BROWSER_UA },
        });
        expect(response.statusCode).toBe(200);
      }
      await second.close();
      expect(await viewRows(ctx, owner.id)).toBe(3);
    } finally {
      await database.close();
    }
  });
});

describeEachDatabase('profile views waiting in memory are bounded (decision 098)', (ctx) => {
  it('keeps at most 10,000 views waiting, drops the rest and logs their number once', async () => {
    const owner = await ctx.createUser();
    const warnings: Array<{ obj: object; msg: string }> = [];
    const recorder = createViewRecorder(
      ctx.database,
      { warn: (obj, msg) => warnings.push({ obj, msg }) },
      { limiter: createMemoryRateLimiter(), scale: 1000, dedupBytes: 8 * 1024 * 1024 },
    );
    const now = new Date();
    for (let i = 0; i < 10_005; i += 1) {
      recorder.record({
        userId: owner.id,
        ip: '198.51.100.7',
        network: '198.51.100.0/24',
        userAgent: `${BROWSER_UA} flood/${i}`,
        secret: 'a-test-secret-of-at-least-32-characters',
        now,
      });
    }
    await recorder.close();
    expect(await viewRows(ctx, owner.id)).toBe(10_000);
    expect(warnings).toEqual([
      { obj: { dropped: 5 }, msg: 'profile views dropped: too many waiting' },
    ]);
  }, 60_000);
});
