import { expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../shared/admin-schemas.ts';
import { DOMAIN_MESSAGES } from '../../../shared/service-request-schemas.ts';
import { newId, nowIso } from '../../db/ids.ts';
import { describeEachDatabase, type TestContext } from '../../test-support/test-app.ts';

type Status = 'pending' | 'approved' | 'rejected';

async function makeRequest(ctx: TestContext, name: string, domain: string, status: Status) {
  const user = await ctx.createUser();
  const id = newId();
  const at = nowIso();
  await ctx.database.db
    .insertInto('service_requests')
    .values({
      id,
      service_id: name.toLowerCase().replace(/\s+/g, ''),
      display_name: name,
      domain,
      requested_by: user.id,
      requested_at: at,
      status,
      reviewed_by: null,
      reviewed_at: null,
      notes: null,
      updated_at: at,
    })
    .execute();
  return { id, requester: user };
}

function service(ctx: TestContext, id: string) {
  return ctx.database.db.selectFrom('services').selectAll().where('id', '=', id).executeTakeFirst();
}

describeEachDatabase('admin review queue', (ctx) => {
  it('lists every request newest first', async () => {
    const admin = await ctx.createUser({ admin: true });
    const older = await makeRequest(ctx, 'List Old', 'listold.com', 'rejected');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await makeRequest(ctx, 'List New', 'listnew.com', 'pending');
    const response = await ctx.request({
      url: '/api/admin/service-requests',
      cookie: admin.cookie,
    });
    expect(response.statusCode).toBe(200);
    const ids = (response.json().requests as Array<{ id: string }>).map((r) => r.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    const times = (response.json().requests as Array<{ requestedAt: string }>).map((r) =>
      Date.parse(r.requestedAt),
    );
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('approve sets status, reviewer, time and notes, and creates a usable service', async () => {
    const admin = await ctx.createUser({ admin: true });
    const { id, requester } = await makeRequest(ctx, 'Acme Pay', 'acmepay.com', 'pending');
    const response = await ctx.request({
      method: 'POST',
      url: `/api/admin/service-requests/${id}/approve`,
      cookie: admin.cookie,
      body: { notes: 'Looks legit' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.serviceCreated).toBe(true);
    expect(body.request).toMatchObject({
      status: 'approved',
      reviewedBy: admin.id,
      notes: 'Looks legit',
    });
    expect(body.request.reviewedAt).toEqual(expect.any(String));
    expect(await service(ctx, 'acmepay')).toMatchObject({
      name: 'Acme Pay',
      domain: 'acmepay.com',
      created_by: admin.id,
    });
    const listed = await ctx.request({ url: '/api/services' });
    expect(listed.json().services).toContainEqual({
      id: 'acmepay',
      name: 'Acme Pay',
      domain: 'acmepay.com',
    });
    // The catalogue row is what a code references: a code for the new service can be stored.
    await ctx.database.db
      .insertInto('codes')
      .values({
        id: newId(),
        user_id: requester.id,
        service: 'acmepay',
        product_name: null,
        code: 'ACME1',
        reward: '10',
        link: null,
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
  });

  it('approve of a service that already exists keeps the request approved and says so', async () => {
    const admin = await ctx.createUser({ admin: true });
    const { id } = await makeRequest(ctx, 'Uber', 'uber-clone.com', 'pending');
    const response = await ctx.request({
      method: 'POST',
      url: `/api/admin/service-requests/${id}/approve`,
      cookie: admin.cookie,
      body: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      serviceCreated: false,
      request: { status: 'approved', serviceId: 'uber', notes: null },
    });
    expect((await service(ctx, 'uber'))?.domain).toBe('uber.com');
  });

  it.each<Status>(['pending', 'approved', 'rejected'])('rejects a %s request', async (status) => {
    const admin = await ctx.createUser({ admin: true });
    const { id } = await makeRequest(ctx, `Rej ${status}`, 'rej.com', status);
    const response = await ctx.request({
      method: 'POST',
      url: `/api/admin/service-requests/${id}/reject`,
      cookie: admin.cookie,
      body: { notes: '  Not a referral program ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().request).toMatchObject({
      status: 'rejected',
      reviewedBy: admin.id,
      notes: 'Not a referral program',
    });
    expect(await service(ctx, `rej${status}`)).toBeUndefined();
  });

  it.each<Status>(['pending', 'approved', 'rejected'])(
    'edits a %s request and keeps its status',
    async (status) => {
      const admin = await ctx.createUser({ admin: true });
      const { id } = await makeRequest(ctx, `Edit ${status}`, 'edit.com', status);
      const before = await ctx.database.db
        .selectFrom('service_requests')
        .select('updated_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await new Promise((resolve) => setTimeout(resolve, 5));
      const response = await ctx.request({
        method: 'PATCH',
        url: `/api/admin/service-requests/${id}`,
        cookie: admin.cookie,
        body: {
          serviceId: `Edited ${status}`,
          displayName: 'Edited Name',
          domain: 'Edited.example.com',
          notes: 'fixed typo',
        },
      });
      expect(response.statusCode).toBe(200);
      const edited = response.json().request;
      expect(edited).toMatchObject({
        serviceId: `edited${status}`,
        displayName: 'Edited Name',
        domain: 'edited.example.com',
        notes: 'fixed typo',
        status,
      });
      expect(edited.updatedAt > before.updated_at).toBe(true);
    },
  );

  it('approves a request that was rejected earlier (an admin may change their mind)', async () => {
    const admin = await ctx.createUser({ admin: true });
    const { id } = await makeRequest(ctx, 'Second Thought', 'secondthought.com', 'rejected');
    const response = await ctx.request({
      method: 'POST',
      url: `/api/admin/service-requests/${id}/approve`,
      cookie: admin.cookie,
      body: { notes: 'Reconsidered' },
    });
    expect(response.json()).toMatchObject({
      serviceCreated: true,
      request: { status: 'approved', notes: 'Reconsidered' },
    });
    expect(await service(ctx, 'secondthought')).toBeDefined();
  });

  it('refuses to edit a pending request onto the id of another pending one', async () => {
    const admin = await ctx.createUser({ admin: true });
    await makeRequest(ctx, 'Taken Id', 'takenid.com', 'pending');
    const { id } = await makeRequest(ctx, 'Other Id', 'otherid.com', 'pending');
    const response = await ctx.request({
      method: 'PATCH',
      url: `/api/admin/service-requests/${id}`,
      cookie: admin.cookie,
      body: { serviceId: 'takenid', displayName: 'Taken Id', domain: 'takenid.com' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('A request for this service is already pending');
    const row = await ctx.database.db
      .selectFrom('service_requests')
      .select('service_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.service_id).toBe('otherid');
  });

  it('applies the domain rules to edits and changes nothing on failure', async () => {
    const admin = await ctx.createUser({ admin: true });
    const { id } = await makeRequest(ctx, 'Edit Bad', 'editbad.com', 'pending');
    const response = await ctx.request({
      method: 'PATCH',
      url: `/api/admin/service-requests/${id}`,
      cookie: admin.cookie,
      body: { serviceId: 'editbad', displayName: 'Edit Bad', domain: 'www.editbad.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(DOMAIN_MESSAGES.www);
    const row = await ctx.database.db
      .selectFrom('service_requests')
      .select('domain')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.domain).toBe('editbad.com');
  });

  it('answers 404 for an unknown request', async () => {
    const admin = await ctx.createUser({ admin: true });
    const response = await ctx.request({
      method: 'POST',
      url: `/api/admin/service-requests/${newId()}/reject`,
      cookie: admin.cookie,
      body: {},
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe(ADMIN_MESSAGES.requestNotFound);
  });
});

describeEachDatabase('admin permissions', (ctx) => {
  const calls = (id: string) =>
    [
      ['GET', '/api/admin/service-requests', undefined, ADMIN_MESSAGES.onlyAdminsList],
      [
        'POST',
        `/api/admin/service-requests/${id}/approve`,
        {},
        'Only admins can approve service requests',
      ],
      [
        'POST',
        `/api/admin/service-requests/${id}/reject`,
        {},
        'Only admins can reject service requests',
      ],
      [
        'PATCH',
        `/api/admin/service-requests/${id}`,
        { serviceId: 'x', displayName: 'X', domain: 'x.com' },
        'Only admins can update service requests',
      ],
      ['GET', '/api/admin/admins', undefined, ADMIN_MESSAGES.onlyAdminsViewAdmins],
      ['POST', '/api/admin/admins', { email: 'a@example.com' }, ADMIN_MESSAGES.onlyAdminsAddAdmins],
    ] as const;

  async function expectUntouched(id: string) {
    const row = await ctx.database.db
      .selectFrom('service_requests')
      .select(['status', 'reviewed_by', 'service_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', reviewed_by: null });
    expect(await service(ctx, row.service_id)).toBeUndefined();
  }

  it('refuses visitors with 401', async () => {
    const { id } = await makeRequest(ctx, 'Perm Visitor', 'permvisitor.com', 'pending');
    for (const [method, url, body] of calls(id)) {
      const response = await ctx.request({ method, url, body });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    await expectUntouched(id);
  });

  it('refuses signed-in users with 403 and the spec message', async () => {
    const user = await ctx.createUser();
    const { id } = await makeRequest(ctx, 'Perm User', 'permuser.com', 'pending');
    for (const [method, url, body, message] of calls(id)) {
      const response = await ctx.request({ method, url, body, cookie: user.cookie });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.message).toBe(message);
    }
    await expectUntouched(id);
  });

  it('refuses an admin as soon as they are removed', async () => {
    const admin = await ctx.createUser({ admin: true });
    const { id } = await makeRequest(ctx, 'Perm Removed', 'permremoved.com', 'pending');
    const allowed = await ctx.request({ url: '/api/admin/service-requests', cookie: admin.cookie });
    expect(allowed.statusCode).toBe(200);
    await ctx.database.db.deleteFrom('admins').where('user_id', '=', admin.id).execute();
    for (const [method, url, body, message] of calls(id)) {
      const response = await ctx.request({ method, url, body, cookie: admin.cookie });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error.message).toBe(message);
    }
    await expectUntouched(id);
  });
});

describeEachDatabase('admins section', (ctx) => {
  it('adds an admin by the e-mail of an existing user and lists admins newest first', async () => {
    const admin = await ctx.createUser({ admin: true });
    const other = await ctx.createUser();
    const lower = await ctx.createUser({ email: 'second.admin@example.com' });
    const added = await ctx.request({
      method: 'POST',
      url: '/api/admin/admins',
      cookie: admin.cookie,
      body: { email: 'Second.Admin@example.com' },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().admin).toMatchObject({
      userId: lower.id,
      email: 'second.admin@example.com',
      username: lower.username,
      addedBy: admin.id,
    });
    const list = await ctx.request({ url: '/api/admin/admins', cookie: admin.cookie });
    const admins = list.json().admins as Array<{ userId: string; addedAt: string }>;
    expect(admins[0]?.userId).toBe(lower.id);
    expect(admins.map((a) => a.userId)).toContain(admin.id);
    expect(admins.map((a) => a.userId)).not.toContain(other.id);
    const newAdmin = await ctx.request({ url: '/api/admin/admins', cookie: lower.cookie });
    expect(newAdmin.statusCode).toBe(200);
  });

  it('refuses unknown users, existing admins and bad e-mails', async () => {
    const admin = await ctx.createUser({ admin: true });
    const cases = [
      [{ email: 'nobody@example.com' }, 404, ADMIN_MESSAGES.userNotFound],
      [{ email: admin.email }, 409, ADMIN_MESSAGES.alreadyAdmin],
      [{ email: '' }, 400, ADMIN_MESSAGES.emailRequired],
      [{ email: 'not-an-email' }, 400, ADMIN_MESSAGES.emailInvalid],
    ] as const;
    for (const [body, status, message] of cases) {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/admin/admins',
        cookie: admin.cookie,
        body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error.message).toBe(message);
    }
  });
});
