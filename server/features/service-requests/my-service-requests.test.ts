import { expect, it } from 'vitest';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';

function submit(ctx: TestContext, user: TestUser, displayName: string, domain: string) {
  return ctx.request({
    method: 'POST',
    url: '/api/service-requests',
    cookie: user.cookie,
    body: { displayName, domain },
  });
}

function mine(ctx: TestContext, cookie?: string) {
  return ctx.request({ url: '/api/service-requests', cookie });
}

function review(ctx: TestContext, admin: TestUser, id: string, kind: string, notes: string) {
  return ctx.request({
    method: 'POST',
    url: `/api/admin/service-requests/${id}/${kind}`,
    cookie: admin.cookie,
    body: { notes },
  });
}

describeEachDatabase('GET /api/service-requests (the requester’s own)', (ctx) => {
  it('refuses visitors with 401', async () => {
    const response = await mine(ctx);
    expect(response.statusCode).toBe(401);
  });

  it('answers an empty list for a user who asked for nothing', async () => {
    const user = await ctx.createUser();
    const response = await mine(ctx, user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ requests: [] });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it("lists only the user's own requests, newest first", async () => {
    const user = await ctx.createUser();
    const other = await ctx.createUser();
    await submit(ctx, user, 'Mine First', 'minefirst.com');
    await new Promise((resolve) => setTimeout(resolve, 5));
    await submit(ctx, user, 'Mine Second', 'minesecond.com');
    await submit(ctx, other, 'Not Mine', 'notmine.com');
    const response = await mine(ctx, user.cookie);
    expect(response.statusCode).toBe(200);
    const names = response.json().requests.map((r: { displayName: string }) => r.displayName);
    expect(names).toEqual(['Mine Second', 'Mine First']);
    const others = (await mine(ctx, other.cookie)).json().requests;
    expect(others.map((r: { displayName: string }) => r.displayName)).toEqual(['Not Mine']);
  });

  it('shows name, domain, service id, status and dates, and no one’s user ids', async () => {
    const user = await ctx.createUser();
    await submit(ctx, user, 'Shape Co', 'shapeco.com');
    const [request] = (await mine(ctx, user.cookie)).json().requests;
    expect(Object.keys(request).sort()).toEqual([
      'displayName',
      'domain',
      'id',
      'notes',
      'requestedAt',
      'reviewedAt',
      'serviceId',
      'status',
    ]);
    expect(request).toMatchObject({
      displayName: 'Shape Co',
      domain: 'shapeco.com',
      serviceId: 'shapeco',
      status: 'pending',
      reviewedAt: null,
      notes: null,
    });
  });

  it("shows the admin's note once reviewed, never a note written while it is pending", async () => {
    const user = await ctx.createUser();
    const admin = await ctx.createUser({ admin: true });
    const { request } = (await submit(ctx, user, 'Note Co', 'noteco.com')).json();
    const edit = await ctx.request({
      method: 'PATCH',
      url: `/api/admin/service-requests/${request.id}`,
      cookie: admin.cookie,
      body: {
        serviceId: 'noteco',
        displayName: 'Note Co',
        domain: 'noteco.com',
        notes: 'internal: check the referral terms',
      },
    });
    expect(edit.statusCode).toBe(200);
    const pending = (await mine(ctx, user.cookie)).json().requests[0];
    expect(pending).toMatchObject({ status: 'pending', notes: null });

    expect((await review(ctx, admin, request.id, 'reject', 'No referral program')).statusCode).toBe(
      200,
    );
    const rejected = (await mine(ctx, user.cookie)).json().requests[0];
    expect(rejected).toMatchObject({ status: 'rejected', notes: 'No referral program' });
    expect(Date.parse(rejected.reviewedAt)).not.toBeNaN();
  });
});
