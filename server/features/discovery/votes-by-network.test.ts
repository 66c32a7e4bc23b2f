import { expect, it } from 'vitest';
import { nowIso } from '../../db/ids.ts';
import { describeEachDatabase, type TestContext } from '../../test-support/test-app.ts';
import { BROWSER_UA, click, nextIp } from '../codes/clicks.test-helpers.ts';

async function listedCode(ctx: TestContext, service: string) {
  const owner = await ctx.createUser();
  const response = await ctx.request({
    method: 'POST',
    url: '/api/codes',
    cookie: owner.cookie,
    body: { service, code: 'NET', reward: '10', listed: true },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().code.id as string;
}

function vote(ctx: TestContext, codeId: string, body: object, ip: string, userAgent: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/codes/${codeId}/votes`,
    remoteAddress: ip,
    headers: { origin: ctx.config.appOrigin, 'user-agent': userAgent },
    payload: body,
  });
}

async function card(ctx: TestContext, service: string, codeId: string) {
  const codes = (await ctx.request({ url: `/api/services/${service}/codes` })).json().codes;
  return codes.find((c: { id: string }) => c.id === codeId);
}

describeEachDatabase('"Did it work?" counted once per network (decision 093)', (ctx) => {
  it('counts three User-Agents from one address as one vote', async () => {
    const codeId = await listedCode(ctx, 'bolt');
    const ip = nextIp();
    const counted = [];
    for (const agent of ['A', 'B', 'C']) {
      const userAgent = `${BROWSER_UA} ${agent}`;
      expect((await click(ctx, codeId, ip, userAgent)).statusCode).toBe(202);
      counted.push((await vote(ctx, codeId, { worked: false }, ip, userAgent)).json().counted);
    }
    expect(counted).toEqual([true, false, false]);
    const rows = await ctx.database.db
      .selectFrom('votes')
      .select(['network_hash'])
      .where('code_id', '=', codeId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(ip.slice(0, ip.lastIndexOf('.')));
    // Another address of the same /24 is the same network.
    const neighbour = ip.replace(/\.1$/, '.9');
    await click(ctx, codeId, neighbour);
    expect((await vote(ctx, codeId, { worked: false }, neighbour, BROWSER_UA)).json()).toEqual({
      counted: false,
    });
    expect(await card(ctx, 'bolt', codeId)).toMatchObject({ reported: false });
  });

  it('reports a code only after No from 3 distinct networks, not 3 days of one, and counts Yes by network', async () => {
    const codeId = await listedCode(ctx, 'lyft');
    const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
    await ctx.database.db
      .insertInto('votes')
      .values(
        [1, 2, 3].map((ago) => ({
          code_id: codeId,
          network_hash: 'one-network',
          day: day(ago),
          worked: 0,
          reason: null,
          created_at: nowIso(),
        })),
      )
      .execute();
    expect(await card(ctx, 'lyft', codeId)).toMatchObject({ reported: false, worked: 0 });
    for (const network of ['second', 'third']) {
      await ctx.database.db
        .insertInto('votes')
        .values({
          code_id: codeId,
          network_hash: network,
          day: day(4),
          worked: 0,
          reason: null,
          created_at: nowIso(),
        })
        .execute();
    }
    expect(await card(ctx, 'lyft', codeId)).toMatchObject({ reported: true });
    // "Worked for N people" counts networks too: one network saying Yes on 3 days is 1.
    await ctx.database.db
      .insertInto('votes')
      .values(
        [5, 6, 7].map((ago) => ({
          code_id: codeId,
          network_hash: 'yes-network',
          day: day(ago),
          worked: 1,
          reason: null,
          created_at: nowIso(),
        })),
      )
      .execute();
    expect(await card(ctx, 'lyft', codeId)).toMatchObject({ reported: true, worked: 1 });
  });
});
