import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';

function save(ctx: TestContext, body: unknown, user?: TestUser) {
  return ctx.request({ method: 'PUT', url: '/api/me/settings', cookie: user?.cookie, body });
}

async function stored(ctx: TestContext, user: TestUser): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('users')
    .select('list_new_codes')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  return Number(row.list_new_codes);
}

const me = async (ctx: TestContext, user: TestUser) =>
  (await ctx.request({ url: '/api/me', cookie: user.cookie })).json();

describeEachDatabase('PUT /api/me/settings (the listing default)', (ctx) => {
  it('starts on for a new account, and GET /api/me says so', async () => {
    const user = await ctx.createUser();
    expect((await me(ctx, user)).listNewCodes).toBe(true);
    expect(await stored(ctx, user)).toBe(1);
  });

  it('answers 401 signed out, and changes nothing', async () => {
    const response = await save(ctx, { listNewCodes: false });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });

  it('refuses a body without a boolean with a clear message, and changes nothing', async () => {
    const user = await ctx.createUser();
    for (const body of [{}, { listNewCodes: 'no' }, { listNewCodes: 0 }, { listNewCodes: null }]) {
      const response = await save(ctx, body, user);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toMatchObject({
        message: 'The listing default must be on or off',
        fields: { listNewCodes: 'The listing default must be on or off' },
      });
    }
    expect(await stored(ctx, user)).toBe(1);
  });

  it('saves the choice for the caller only; the answer and GET /api/me show it', async () => {
    const user = await ctx.createUser();
    const other = await ctx.createUser();
    const off = await save(ctx, { listNewCodes: false }, user);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: user.id, username: user.username, listNewCodes: false });
    expect(await stored(ctx, user)).toBe(0);
    expect((await me(ctx, user)).listNewCodes).toBe(false);
    expect((await me(ctx, other)).listNewCodes).toBe(true);
    const on = await save(ctx, { listNewCodes: true }, user);
    expect(on.json().listNewCodes).toBe(true);
    expect(await stored(ctx, user)).toBe(1);
  });

  it('leaves API creates and imports as they were: listed only when they say so', async () => {
    const user = await ctx.createUser();
    await save(ctx, { listNewCodes: true }, user);
    const created = await ctx.request({
      method: 'POST',
      url: '/api/codes',
      cookie: user.cookie,
      body: { service: 'uber', code: 'PLAIN', reward: '5' },
    });
    expect(created.json().code.listed).toBe(false);
    const imported = await ctx.request({
      method: 'POST',
      url: '/api/me/import',
      cookie: user.cookie,
      body: {
        fileName: 'codes.csv',
        content: Buffer.from('service,productName,code,reward,link\r\nlyft,,IMP,5,\r\n').toString(
          'base64',
        ),
      },
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().add.map((row: { listed: boolean }) => row.listed)).toEqual([false]);
  });

  it('allows 30 saves a minute per user, then 429', async () => {
    const user = await ctx.createUser();
    for (let i = 0; i < 30; i += 1) {
      expect((await save(ctx, { listNewCodes: i % 2 === 0 }, user)).statusCode).toBe(200);
    }
    const refused = await save(ctx, { listNewCodes: true }, user);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(await stored(ctx, user)).toBe(0);
    // Another user's saves are counted apart.
    expect((await save(ctx, { listNewCodes: false }, await ctx.createUser())).statusCode).toBe(200);
  });
});
