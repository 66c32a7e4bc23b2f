import { expect, it } from 'vitest';
import { newId, nowIso } from '../../db/ids.ts';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';

const body = { service: 'uber', code: 'RIDE', reward: '5' };

function create(ctx: TestContext, user: TestUser) {
  return ctx.request({ method: 'POST', url: '/api/codes', cookie: user.cookie, body });
}

/** `count` codes for the user, written straight to the database (no API limits involved). */
async function seedCodes(ctx: TestContext, userId: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId());
  await ctx.database.db
    .insertInto('codes')
    .values(
      ids.map((id, index) => ({
        id,
        user_id: userId,
        service: 'uber',
        product_name: null,
        code: `SEED${index}`,
        reward: '5',
        link: null,
        created_at: nowIso(),
        updated_at: nowIso(),
      })),
    )
    .execute();
  return ids;
}

async function codeCount(ctx: TestContext, userId: string): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function profileCodeCount(ctx: TestContext, userId: string): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('users')
    .select('profile_codes')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return (JSON.parse(row.profile_codes) as unknown[]).length;
}

describeEachDatabase('codes per user and code writes per minute', (ctx) => {
  it('refuses the 201st code with 409 code_limit_reached and stores nothing; deleting one makes room', async () => {
    const user = await ctx.createUser();
    const [first] = await seedCodes(ctx, user.id, 199);
    expect((await create(ctx, user)).statusCode).toBe(201);
    expect(await codeCount(ctx, user.id)).toBe(200);

    const refused = await create(ctx, user);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: {
        code: 'code_limit_reached',
        message: 'You can keep up to 200 codes. Delete one to add another.',
      },
    });
    expect(await codeCount(ctx, user.id)).toBe(200);
    expect(await profileCodeCount(ctx, user.id)).toBe(200);

    const removed = await ctx.request({
      method: 'DELETE',
      url: `/api/codes/${first}`,
      cookie: user.cookie,
    });
    expect(removed.statusCode).toBe(204);
    expect((await create(ctx, user)).statusCode).toBe(201);
    expect(await codeCount(ctx, user.id)).toBe(200);
    // Another user's cap is their own.
    const other = await ctx.createUser();
    expect((await create(ctx, other)).statusCode).toBe(201);
  });

  it('holds the cap under concurrency: 10 creates racing at 195 codes leave exactly 200', async () => {
    const user = await ctx.createUser();
    await seedCodes(ctx, user.id, 195);
    const responses = await Promise.all(Array.from({ length: 10 }, () => create(ctx, user)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().error).toEqual({
        code: 'code_limit_reached',
        message: 'You can keep up to 200 codes. Delete one to add another.',
      });
    }
    expect(await codeCount(ctx, user.id)).toBe(200);
    expect(await profileCodeCount(ctx, user.id)).toBe(200);
  });

  it('answers 429 with Retry-After after 60 code writes a minute (create, update, delete together)', async () => {
    const user = await ctx.createUser();
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const response = await create(ctx, user);
      expect(response.statusCode).toBe(201);
      ids.push(response.json().code.id);
    }
    for (const id of ids) {
      const response = await ctx.request({
        method: 'PATCH',
        url: `/api/codes/${id}`,
        cookie: user.cookie,
        body: { reward: '6' },
      });
      expect(response.statusCode).toBe(200);
    }
    for (const id of ids) {
      const response = await ctx.request({
        method: 'DELETE',
        url: `/api/codes/${id}`,
        cookie: user.cookie,
      });
      expect(response.statusCode).toBe(204);
    }
    const [kept] = await seedCodes(ctx, user.id, 1);
    const attempts = [
      () => create(ctx, user),
      () =>
        ctx.request({
          method: 'PATCH',
          url: `/api/codes/${kept}`,
          cookie: user.cookie,
          body: { reward: '7' },
        }),
      () => ctx.request({ method: 'DELETE', url: `/api/codes/${kept}`, cookie: user.cookie }),
    ];
    for (const attempt of attempts) {
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json().error.code).toBe('rate_limited');
    }
    // The refused writes changed nothing.
    expect(await codeCount(ctx, user.id)).toBe(1);
    const row = await ctx.database.db
      .selectFrom('codes')
      .select('reward')
      .where('id', '=', kept!)
      .executeTakeFirstOrThrow();
    expect(row.reward).toBe('5');
    // Reading is not a write, and another user has their own budget.
    expect((await ctx.request({ url: '/api/codes', cookie: user.cookie })).statusCode).toBe(200);
    expect((await create(ctx, await ctx.createUser())).statusCode).toBe(201);
  });
});
