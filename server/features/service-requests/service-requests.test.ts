import { expect, it } from 'vitest';
import { ACCEPTED_DOMAINS, REJECTED_DOMAINS } from '../../../tests/spec/domain-cases.ts';
import { describeEachDatabase, type TestContext } from '../../test-support/test-app.ts';

function submit(ctx: TestContext, cookie: string | undefined, body: unknown) {
  return ctx.request({ method: 'POST', url: '/api/service-requests', cookie, body });
}

function pendingRows(ctx: TestContext, serviceId: string) {
  return ctx.database.db
    .selectFrom('service_requests')
    .selectAll()
    .where('service_id', '=', serviceId)
    .execute();
}

describeEachDatabase('POST /api/service-requests', (ctx) => {
  it('stores a pending request with the derived id, requestedBy and requestedAt', async () => {
    const user = await ctx.createUser();
    const before = Date.now();
    const response = await submit(ctx, user.cookie, {
      displayName: '  Acme Pay ',
      domain: 'AcmePay.com',
    });
    expect(response.statusCode).toBe(201);
    const { request } = response.json();
    expect(request).toMatchObject({
      serviceId: 'acmepay',
      displayName: 'Acme Pay',
      domain: 'acmepay.com',
      requestedBy: user.id,
      status: 'pending',
      reviewedBy: null,
      reviewedAt: null,
      notes: null,
    });
    expect(Date.parse(request.requestedAt)).toBeGreaterThanOrEqual(before - 1000);
    const rows = await pendingRows(ctx, 'acmepay');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.requested_by).toBe(user.id);
  });

  it('refuses visitors with 401 and stores nothing', async () => {
    const response = await submit(ctx, undefined, { displayName: 'Nobody', domain: 'nobody.com' });
    expect(response.statusCode).toBe(401);
    expect(await pendingRows(ctx, 'nobody')).toHaveLength(0);
  });

  it.each(REJECTED_DOMAINS)(
    'refuses domain "$input" with "$message" and stores nothing',
    async ({ input, message }) => {
      const user = await ctx.createUser();
      const response = await submit(ctx, user.cookie, {
        displayName: 'Domain Case',
        domain: input,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ message, fields: { domain: message } });
      expect(await pendingRows(ctx, 'domaincase')).toHaveLength(0);
    },
  );

  it.each(ACCEPTED_DOMAINS)('accepts domain "$input" as "$stored"', async ({ input, stored }) => {
    const user = await ctx.createUser();
    const name = `Accepted ${stored.length} ${stored.slice(0, 4)}`;
    const response = await submit(ctx, user.cookie, { displayName: name, domain: input });
    expect(response.statusCode).toBe(201);
    expect(response.json().request.domain).toBe(stored);
  });

  it('refuses a blank service name with "Service name is required"', async () => {
    const user = await ctx.createUser();
    const response = await submit(ctx, user.cookie, { displayName: ' ', domain: 'example.com' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Service name is required');
  });

  it('gives a name with emoji an ASCII id, and its page answers once an admin approves it', async () => {
    const user = await ctx.createUser();
    const admin = await ctx.createUser({ admin: true });
    const response = await submit(ctx, user.cookie, {
      displayName: '😀🔥💸EmojiPay',
      domain: 'emojipay.com',
    });
    expect(response.statusCode).toBe(201);
    const { request } = response.json();
    expect(request.serviceId).toBe('emojipay');
    const approved = await ctx.request({
      method: 'POST',
      url: `/api/admin/service-requests/${request.id}/approve`,
      cookie: admin.cookie,
      body: {},
    });
    expect(approved.statusCode).toBe(200);
    expect((await ctx.request({ url: '/api/services/emojipay/codes' })).statusCode).toBe(200);
    expect((await ctx.request({ url: '/s/emojipay' })).statusCode).toBe(200);
  });

  it.each(['😀🔥💸', '微信', 'مرحبا'])(
    'refuses %j, which leaves no id, with a clear message and stores nothing',
    async (displayName) => {
      const user = await ctx.createUser();
      const response = await submit(ctx, user.cookie, { displayName, domain: 'noid.example' });
      expect(response.statusCode).toBe(400);
      const message = 'Service name must contain a letter (A–Z) or a digit (0–9)';
      expect(response.json().error).toMatchObject({ message, fields: { displayName: message } });
      const rows = await ctx.database.db
        .selectFrom('service_requests')
        .select('id')
        .where('domain', '=', 'noid.example')
        .execute();
      expect(rows).toHaveLength(0);
    },
  );

  it('refuses a service that already exists (by derived id)', async () => {
    const user = await ctx.createUser();
    const response = await submit(ctx, user.cookie, { displayName: 'U B E R', domain: 'uber.com' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('This service already exists');
    expect(await pendingRows(ctx, 'uber')).toHaveLength(0);
  });

  it('refuses a second request while one is pending, from anyone', async () => {
    const first = await ctx.createUser();
    const second = await ctx.createUser();
    expect(
      (await submit(ctx, first.cookie, { displayName: 'Pend Co', domain: 'pendco.com' }))
        .statusCode,
    ).toBe(201);
    const response = await submit(ctx, second.cookie, {
      displayName: 'pendco',
      domain: 'pend-co.com',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('A request for this service is already pending');
    expect(await pendingRows(ctx, 'pendco')).toHaveLength(1);
  });

  it('lets exactly one of two concurrent submissions through', async () => {
    const a = await ctx.createUser();
    const b = await ctx.createUser();
    const responses = await Promise.all([
      submit(ctx, a.cookie, { displayName: 'Race Co', domain: 'raceco.com' }),
      submit(ctx, b.cookie, { displayName: 'Race Co', domain: 'raceco.com' }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = responses.find((r) => r.statusCode === 409);
    expect(refused?.json().error.message).toBe('A request for this service is already pending');
    expect(await pendingRows(ctx, 'raceco')).toHaveLength(1);
  });

  it('allows a new request once the earlier one was rejected', async () => {
    const user = await ctx.createUser();
    await submit(ctx, user.cookie, { displayName: 'Second Try', domain: 'secondtry.com' });
    await ctx.database.db
      .updateTable('service_requests')
      .set({ status: 'rejected' })
      .where('service_id', '=', 'secondtry')
      .execute();
    const again = await submit(ctx, user.cookie, {
      displayName: 'Second Try',
      domain: 'secondtry.com',
    });
    expect(again.statusCode).toBe(201);
  });
});
