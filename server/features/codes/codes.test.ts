import { expect, it } from 'vitest';
import { CODE_MESSAGES } from '../../../shared/code-schemas.ts';
import { LIMITS } from '../../../shared/limits.ts';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';

const validCode = {
  service: 'uber',
  code: 'RIDE-123',
  reward: '15',
  productName: 'First ride',
  link: 'https://uber.com/invite/ride-123',
};

async function create(ctx: TestContext, user: TestUser, body: unknown = validCode) {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/codes',
    body,
    cookie: user.cookie,
  });
  return { response, code: response.json().code };
}

async function rowCount(ctx: TestContext, userId: string): Promise<number> {
  const row = await ctx.database.db
    .selectFrom('codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachDatabase('/api/codes', (ctx) => {
  it('needs a session for every owner call', async () => {
    for (const [method, url] of [
      ['GET', '/api/codes'],
      ['POST', '/api/codes'],
      ['PATCH', '/api/codes/0190c5b2-0000-7000-8000-000000000000'],
      ['DELETE', '/api/codes/0190c5b2-0000-7000-8000-000000000000'],
    ] as const) {
      const response = await ctx.request({
        method,
        url,
        body: method === 'POST' || method === 'PATCH' ? validCode : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('creates, lists newest first, updates and deletes for the owner', async () => {
    const user = await ctx.createUser();
    const { response, code: first } = await create(ctx, user);
    expect(response.statusCode).toBe(201);
    expect(first).toMatchObject({
      service: 'uber',
      serviceName: 'Uber',
      code: 'RIDE-123',
      reward: '15',
      productName: 'First ride',
      link: 'https://uber.com/invite/ride-123',
      clicks: 0,
    });
    expect(first.createdAt).toBe(first.updatedAt);

    const { code: second } = await create(ctx, user, {
      service: 'spotify',
      code: 'FAM',
      reward: '1 month free',
    });
    expect(second).toMatchObject({ productName: null, link: null });

    const list = await ctx.request({ url: '/api/codes', cookie: user.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().codes.map((c: { id: string }) => c.id)).toEqual([second.id, first.id]);

    const patched = await ctx.request({
      method: 'PATCH',
      url: `/api/codes/${first.id}`,
      cookie: user.cookie,
      body: { ...validCode, reward: '20', productName: '', link: 'Use it at checkout' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().code).toMatchObject({
      id: first.id,
      reward: '20',
      productName: null,
      link: 'Use it at checkout',
    });
    expect(patched.json().code.updatedAt >= first.updatedAt).toBe(true);

    const removed = await ctx.request({
      method: 'DELETE',
      url: `/api/codes/${first.id}`,
      cookie: user.cookie,
    });
    expect(removed.statusCode).toBe(204);
    const after = await ctx.request({ url: '/api/codes', cookie: user.cookie });
    expect(after.json().codes.map((c: { id: string }) => c.id)).toEqual([second.id]);
  });

  it("answers 404 (never 403) for someone else's code and leaves it unchanged", async () => {
    const owner = await ctx.createUser();
    const intruder = await ctx.createUser();
    const { code } = await create(ctx, owner);

    const patch = await ctx.request({
      method: 'PATCH',
      url: `/api/codes/${code.id}`,
      cookie: intruder.cookie,
      body: { reward: 'hijacked' },
    });
    expect(patch.statusCode).toBe(404);
    const del = await ctx.request({
      method: 'DELETE',
      url: `/api/codes/${code.id}`,
      cookie: intruder.cookie,
    });
    expect(del.statusCode).toBe(404);
    expect(patch.json().error.code).toBe(del.json().error.code);

    const missing = await ctx.request({
      method: 'DELETE',
      url: '/api/codes/0190c5b2-0000-7000-8000-000000000000',
      cookie: intruder.cookie,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(del.json());

    const ownerList = await ctx.request({ url: '/api/codes', cookie: owner.cookie });
    expect(ownerList.json().codes).toEqual([code]);
    const intruderList = await ctx.request({ url: '/api/codes', cookie: intruder.cookie });
    expect(intruderList.json().codes).toEqual([]);
  });

  it('answers 404 for a malformed id', async () => {
    const user = await ctx.createUser();
    const response = await ctx.request({
      method: 'DELETE',
      url: '/api/codes/not-an-id',
      cookie: user.cookie,
    });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    [{ ...validCode, service: '' }, 'service', CODE_MESSAGES.serviceRequired],
    [{ ...validCode, service: undefined }, 'service', 'Service name is required'],
    [{ ...validCode, code: '' }, 'code', 'Referral code is required'],
    [{ ...validCode, code: '   ' }, 'code', 'Referral code is required'],
    [{ ...validCode, reward: '' }, 'reward', 'Reward description is required'],
    [{ ...validCode, reward: undefined }, 'reward', 'Reward description is required'],
    [{ ...validCode, code: 'x'.repeat(LIMITS.codeMax + 1) }, 'code', CODE_MESSAGES.codeTooLong],
    [
      { ...validCode, reward: 'x'.repeat(LIMITS.rewardMax + 1) },
      'reward',
      CODE_MESSAGES.rewardTooLong,
    ],
    [
      { ...validCode, productName: 'x'.repeat(LIMITS.productNameMax + 1) },
      'productName',
      CODE_MESSAGES.productNameTooLong,
    ],
    [{ ...validCode, link: 'x'.repeat(LIMITS.linkMax + 1) }, 'link', CODE_MESSAGES.linkTooLong],
  ])('refuses %# with the spec message and stores nothing', async (body, field, message) => {
    const user = await ctx.createUser();
    const { response } = await create(ctx, user, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ message, fields: { [field]: message } });
    expect(await rowCount(ctx, user.id)).toBe(0);
  });

  it('accepts every field at its length cap', async () => {
    const user = await ctx.createUser();
    const { response } = await create(ctx, user, {
      service: 'uber',
      code: 'c'.repeat(LIMITS.codeMax),
      reward: 'r'.repeat(LIMITS.rewardMax),
      productName: 'p'.repeat(LIMITS.productNameMax),
      link: `https://example.com/${'l'.repeat(LIMITS.linkMax - 20)}`,
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses a service that is not in the services table, on create and on edit', async () => {
    const user = await ctx.createUser();
    const { response } = await create(ctx, user, { ...validCode, service: 'no-such-service' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      message: 'Please select a valid service from the list',
      fields: { service: 'Please select a valid service from the list' },
    });
    expect(await rowCount(ctx, user.id)).toBe(0);

    const { code } = await create(ctx, user);
    const patch = await ctx.request({
      method: 'PATCH',
      url: `/api/codes/${code.id}`,
      cookie: user.cookie,
      body: { service: 'nope' },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().error.message).toBe('Please select a valid service from the list');
    const list = await ctx.request({ url: '/api/codes', cookie: user.cookie });
    expect(list.json().codes[0].service).toBe('uber');
  });

  it('validates an edit with the same rules and leaves the code unchanged', async () => {
    const user = await ctx.createUser();
    const { code } = await create(ctx, user);
    const patch = await ctx.request({
      method: 'PATCH',
      url: `/api/codes/${code.id}`,
      cookie: user.cookie,
      body: { ...validCode, reward: '' },
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().error.message).toBe('Reward description is required');
    const list = await ctx.request({ url: '/api/codes', cookie: user.cookie });
    expect(list.json().codes).toEqual([code]);
  });

  it('stores XSS payloads verbatim and returns them as JSON data', async () => {
    const user = await ctx.createUser();
    const payload = {
      service: 'uber',
      code: '<script>alert("code")</script>',
      reward: '<img src=x onerror=alert(1)>',
      productName: '"><svg onload=alert(2)>',
      link: 'javascript:alert(document.cookie)',
    };
    const { response, code } = await create(ctx, user, payload);
    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(code).toMatchObject({ ...payload, serviceName: 'Uber' });
    const stored = await ctx.database.db
      .selectFrom('codes')
      .select(['code', 'reward', 'product_name', 'link'])
      .where('id', '=', code.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      code: payload.code,
      reward: payload.reward,
      product_name: payload.productName,
      link: payload.link,
    });
  });

  it('refuses a cross-origin write', async () => {
    const user = await ctx.createUser();
    const response = await ctx.request({
      method: 'POST',
      url: '/api/codes',
      cookie: user.cookie,
      body: validCode,
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(await rowCount(ctx, user.id)).toBe(0);
  });
});
