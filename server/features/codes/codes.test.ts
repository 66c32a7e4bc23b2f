import { afterEach, expect, it, vi } from 'vitest';
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
  afterEach(() => {
    vi.useRealTimers();
  });

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
    // Only Date is faked: the edit happens a known minute after the create.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00.000Z'));
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
    expect(first.createdAt).toBe('2026-11-22T10:00:00.000Z');
    expect(first.updatedAt).toBe(first.createdAt);

    const { code: second } = await create(ctx, user, {
      service: 'spotify',
      code: 'FAM',
      reward: '1 month free',
    });
    expect(second).toMatchObject({ productName: null, link: null });

    const list = await ctx.request({ url: '/api/codes', cookie: user.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().codes.map((c: { id: string }) => c.id)).toEqual([second.id, first.id]);

    vi.setSystemTime(new Date('2026-11-22T10:01:00.000Z'));
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
    // The edit time moves on; the creation time stays.
    expect(patched.json().code.updatedAt).toBe('2026-11-22T10:01:00.000Z');
    expect(patched.json().code.createdAt).toBe('2026-11-22T10:00:00.000Z');

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
    [{ ...validCode, service: '' }, 'service', 'Service name is required'],
    [{ ...validCode, service: undefined }, 'service', 'Service name is required'],
    [{ ...validCode, code: '' }, 'code', 'Referral code is required'],
    [{ ...validCode, code: '   ' }, 'code', 'Referral code is required'],
    [{ ...validCode, reward: '' }, 'reward', 'Reward description is required'],
    [{ ...validCode, reward: undefined }, 'reward', 'Reward description is required'],
  ])('refuses %# with the spec message and stores nothing', async (body, field, message) => {
    const user = await ctx.createUser();
    const { response } = await create(ctx, user, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ message, fields: { [field]: message } });
    expect(await rowCount(ctx, user.id)).toBe(0);
  });

  // decisions.md "User content": code 100, reward 200, product name 100, link 2,048 characters.
  it.each([
    ['code', 100, 'Referral code must be at most 100 characters'],
    ['reward', 200, 'Reward description must be at most 200 characters'],
    ['productName', 100, 'Product name must be at most 100 characters'],
    ['link', 2048, 'Link must be at most 2048 characters'],
  ] as const)('caps %s at %i characters, on create and on edit', async (field, cap, message) => {
    const user = await ctx.createUser();
    const atCap = await create(ctx, user, { ...validCode, [field]: 'x'.repeat(cap) });
    expect(atCap.response.statusCode).toBe(201);
    expect(atCap.code[field]).toHaveLength(cap);

    const over = await create(ctx, user, { ...validCode, [field]: 'x'.repeat(cap + 1) });
    expect(over.response.statusCode).toBe(400);
    expect(over.response.json().error).toMatchObject({ message, fields: { [field]: message } });
    expect(await rowCount(ctx, user.id)).toBe(1);

    const edit = await ctx.request({
      method: 'PATCH',
      url: `/api/codes/${atCap.code.id}`,
      cookie: user.cookie,
      body: { [field]: 'y'.repeat(cap + 1) },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().error.message).toBe(message);
    const list = await ctx.request({ url: '/api/codes', cookie: user.cookie });
    expect(list.json().codes).toEqual([atCap.code]);
  });

  it('accepts every field at its cap in one code', async () => {
    const user = await ctx.createUser();
    const { response } = await create(ctx, user, {
      service: 'uber',
      code: 'c'.repeat(100),
      reward: 'r'.repeat(200),
      productName: 'p'.repeat(100),
      link: `https://example.com/${'l'.repeat(2048 - 20)}`,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().code.link).toHaveLength(2048);
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
