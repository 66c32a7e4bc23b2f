import { afterEach, expect, it, vi } from 'vitest';
import { newId, nowIso } from '../../db/ids.ts';
import { describeEachDatabase, type TestContext } from '../../test-support/test-app.ts';

type Status = 'pending' | 'approved' | 'rejected';

async function makeRequest(
  ctx: TestContext,
  name: string,
  domain: string,
  status: Status,
  options: { username?: string | null } = {},
) {
  const user = await ctx.createUser(options);
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

/** Fakes only Date, at `iso`: the rows written next carry that time. */
function clockAt(iso: string): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

describeEachDatabase('admin review queue', (ctx) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lists every request newest first', async () => {
    const admin = await ctx.createUser({ admin: true });
    clockAt('2026-11-22T09:00:00.000Z');
    const older = await makeRequest(ctx, 'List Old', 'listold.com', 'rejected');
    clockAt('2026-11-22T09:00:01.000Z');
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

  it("names each request's requester by username, and null for one without a username", async () => {
    const admin = await ctx.createUser({ admin: true });
    const named = await makeRequest(ctx, 'Who Named', 'whonamed.com', 'pending', {
      username: 'zoe_asks',
    });
    const unnamed = await makeRequest(ctx, 'Who Unnamed', 'whounnamed.com', 'pending', {
      username: null,
    });
    const response = await ctx.request({
      url: '/api/admin/service-requests',
      cookie: admin.cookie,
    });
    const requests = response.json().requests as Array<{ id: string }>;
    expect(requests.find((r) => r.id === named.id)).toMatchObject({
      requestedBy: named.requester.id,
      requestedByUsername: 'zoe_asks',
    });
    expect(requests.find((r) => r.id === unnamed.id)).toMatchObject({
      requestedBy: unnamed.requester.id,
      requestedByUsername: null,
    });
    // The answers of a review carry it too, so the row the UI shows after an action is whole.
    const approved = await ctx.request({
      method: 'POST',
      url: `/api/admin/service-requests/${named.id}/approve`,
      cookie: admin.cookie,
      body: {},
    });
    expect(approved.json().request.requestedByUsername).toBe('zoe_asks');
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
      // The hosts admins allow for its links, which the code form checks before saving (094).
      linkHosts: [],
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
      clockAt('2026-11-22T09:00:00.000Z');
      const { id } = await makeRequest(ctx, `Edit ${status}`, 'edit.com', status);
      clockAt('2026-11-22T09:05:00.000Z');
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
      expect(edited.updatedAt).toBe('2026-11-22T09:05:00.000Z');
      expect(edited.requestedAt).toBe('2026-11-22T09:00:00.000Z');
    },
  );

  it('refuses an edited service id that /s/{id} would refuse, and keeps the old one', async () => {
    const admin = await ctx.createUser({ admin: true });
    const { id } = await makeRequest(ctx, 'Keep Id', 'keepid.com', 'pending');
    const response = await ctx.request({
      method: 'PATCH',
      url: `/api/admin/service-requests/${id}`,
      cookie: admin.cookie,
      body: { serviceId: '😀pay', displayName: 'Keep Id', domain: 'keepid.com', notes: null },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'Service ID may use only letters a to z, digits, dots, hyphens and underscores, and must start with a letter or digit',
    );
    const row = await ctx.database.db
      .selectFrom('service_requests')
      .select('service_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.service_id).toBe('keepid');
  });

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
    expect(response.json().error.message).toBe(
      "Please enter the domain without 'www.' (e.g., example.com)",
    );
    const row = await ctx.database.db
      .selectFrom('service_requests')
      .select('domain')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.domain).toBe('editbad.com');
  });

  // decisions.md "User content": notes are capped at 1,000 characters.
  it.each([
    ['approve', 'POST', '/approve', {}],
    ['reject', 'POST', '/reject', {}],
    ['edit', 'PATCH', '', { serviceId: 'notescap', displayName: 'Notes Cap', domain: 'nc.com' }],
  ] as const)('caps the notes of %s at 1000 characters', async (action, method, path, body) => {
    const admin = await ctx.createUser({ admin: true });
    const over = await makeRequest(ctx, `Notes Over ${action}`, 'notesover.com', 'pending');
    const refused = await ctx.request({
      method,
      url: `/api/admin/service-requests/${over.id}${path}`,
      cookie: admin.cookie,
      body: { ...body, notes: 'n'.repeat(1001) },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      message: 'Notes are too long (max 1000 characters)',
      fields: { notes: 'Notes are too long (max 1000 characters)' },
    });
    const untouched = await ctx.database.db
      .selectFrom('service_requests')
      .select(['status', 'notes', 'service_id'])
      .where('id', '=', over.id)
      .executeTakeFirstOrThrow();
    expect(untouched).toEqual({
      status: 'pending',
      notes: null,
      service_id: `notesover${action}`,
    });

    const atCap = await makeRequest(ctx, `Notes At Cap ${action}`, 'notesatcap.com', 'pending');
    const accepted = await ctx.request({
      method,
      url: `/api/admin/service-requests/${atCap.id}${path}`,
      cookie: admin.cookie,
      body: { ...body, notes: 'n'.repeat(1000) },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().request.notes).toBe('n'.repeat(1000));
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
    expect(response.json().error.message).toBe('Service request not found');
  });
});

describeEachDatabase('admin permissions', (ctx) => {
  const calls = (id: string) =>
    [
      ['GET', '/api/admin/service-requests', undefined, 'Only admins can view service requests'],
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
      ['GET', '/api/admin/admins', undefined, 'Only admins can view admins'],
      ['POST', '/api/admin/admins', { email: 'a@example.com' }, 'Only admins can add admins'],
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
      [
        { email: 'nobody@example.com' },
        404,
        'No user with this email has signed in yet. They need to sign in once first.',
      ],
      [{ email: admin.email }, 409, 'This user is already an admin'],
      [{ email: '' }, 400, 'Email is required'],
      [{ email: 'not-an-email' }, 400, 'Please enter a valid email address'],
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
