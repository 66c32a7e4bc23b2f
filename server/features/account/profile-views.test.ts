import { expect, it } from 'vitest';
import { describeEachDatabase, type TestContext } from '../../test-support/test-app.ts';
import { BROWSER_UA, nextIp } from '../codes/clicks.test-helpers.ts';

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

/** Views are written after the answer, off the page's path: wait until the count settles. */
async function settledViews(ctx: TestContext, userId: string): Promise<number> {
  let last = -1;
  let now = await viewRows(ctx, userId);
  while (now !== last) {
    await new Promise((resolve) => setTimeout(resolve, 100));
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
