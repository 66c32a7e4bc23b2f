import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { newId } from '../../db/ids.ts';
import { ownTables } from '../../test-support/all-tables.ts';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';
import { BROWSER_UA, click, nextIp } from '../codes/clicks.test-helpers.ts';

async function addCode(ctx: TestContext, user: TestUser, code: string): Promise<string> {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/codes',
    cookie: user.cookie,
    body: { service: 'uber', code, reward: '10' },
  });
  expect(response.statusCode).toBe(201);
  return response.json().code.id;
}

/** Every row of every table (found by introspection, so a new table is scanned too), as text. */
async function tablesMentioning(ctx: TestContext, needle: string): Promise<string[]> {
  const found: string[] = [];
  const tables = await ownTables(ctx);
  expect(tables).toContain('daily_code_stats');
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      ctx.database.db,
    );
    for (const row of rows.rows) {
      if (JSON.stringify(row).includes(needle)) found.push(`${table}: ${JSON.stringify(row)}`);
    }
  }
  return found;
}

function deleteMe(ctx: TestContext, user: TestUser, username: string | undefined) {
  return ctx.request({
    method: 'DELETE',
    url: '/api/me',
    cookie: user.cookie,
    body: username === undefined ? {} : { username },
  });
}

describeEachDatabase('DELETE /api/me', (ctx) => {
  it('removes the user and everything of theirs; no table keeps their id or e-mail address', async () => {
    const keeper = await ctx.createUser({ admin: true });
    const user = await ctx.createUser({ admin: true });
    const secondSession = await ctx.createUser(); // only for a cookie shape; replaced below
    const first = await addCode(ctx, user, 'FIRST');
    await addCode(ctx, user, 'SECOND');
    expect((await click(ctx, first)).statusCode).toBe(202);
    // A visitor copies it and answers "Did it work?" (a vote on their code).
    const visitor = nextIp();
    expect((await click(ctx, first, visitor)).statusCode).toBe(202);
    const vote = await ctx.app.inject({
      method: 'POST',
      url: `/api/codes/${first}/votes`,
      remoteAddress: visitor,
      headers: { origin: ctx.config.appOrigin, 'user-agent': BROWSER_UA },
      payload: { worked: false, reason: 'expired' },
    });
    expect(vote.json()).toEqual({ counted: true });
    // A second session of the same user (another browser).
    const { createSession, sessionCookieName } = await import('../../plugins/session.ts');
    const other = `${sessionCookieName(ctx.config)}=${await createSession(ctx.database.db, user.id)}`;
    expect(secondSession.id).not.toBe(user.id);
    // A pending sign-in link for their address, a service request, an admin they added, and a
    // request they reviewed.
    await ctx.database.db
      .insertInto('sign_in_tokens')
      .values({
        token_hash: newId(),
        email: user.email,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 60_000).toISOString(),
      })
      .execute();
    const request = await ctx.request({
      method: 'POST',
      url: '/api/service-requests',
      cookie: user.cookie,
      body: { displayName: 'Gone Brand', domain: 'gonebrand.example.com' },
    });
    expect(request.statusCode).toBe(201);
    const requestId = request.json().request?.id ?? request.json().id;
    await ctx.database.db
      .updateTable('admins')
      .set({ added_by: user.id })
      .where('user_id', '=', keeper.id)
      .execute();
    // Moderation (decision 095): their code hidden by the other admin, their appeal of it, a
    // report of their profile, and an action they took themselves as an admin.
    const moderate = (admin: TestUser, body: unknown) =>
      ctx.request({
        method: 'POST',
        url: '/api/admin/moderation-actions',
        cookie: admin.cookie,
        body,
      });
    const hidden = await moderate(keeper, {
      action: 'hide_code',
      target: { type: 'code', codeId: first },
      reason: 'Spam',
    });
    expect(hidden.statusCode).toBe(200);
    const appeal = await ctx.request({
      method: 'POST',
      url: '/api/me/appeals',
      cookie: user.cookie,
      body: { actionId: hidden.json().entry.id, note: 'Mine' },
    });
    expect(appeal.statusCode).toBe(201);
    const reported = await ctx.app.inject({
      method: 'POST',
      url: '/api/reports',
      remoteAddress: visitor,
      headers: { origin: ctx.config.appOrigin, 'user-agent': BROWSER_UA },
      payload: { target: { type: 'profile', username: user.username }, reason: 'spam' },
    });
    expect(reported.statusCode).toBe(202);
    const bystander = await ctx.createUser();
    const acted = await moderate(user, {
      action: 'disable_account',
      target: { type: 'account', username: bystander.username },
      reason: 'Spam',
    });
    expect(acted.statusCode).toBe(200);
    expect((await ctx.request({ url: `/${user.username}` })).statusCode).toBe(200);

    const response = await deleteMe(ctx, user, user.username!.toUpperCase());
    expect(response.statusCode).toBe(204);

    expect(await tablesMentioning(ctx, user.id)).toEqual([]);
    expect(await tablesMentioning(ctx, user.email)).toEqual([]);
    // Their codes' clicks, votes and daily totals went with the codes.
    expect(await tablesMentioning(ctx, first)).toEqual([]);
    // The profile is gone at once (the page was rendered and cached a moment ago).
    expect((await ctx.request({ url: `/${user.username}` })).statusCode).toBe(404);
    expect((await ctx.request({ url: `/api/profiles/${user.username}` })).statusCode).toBe(404);
    // Every session of the user is dead.
    expect((await ctx.request({ url: '/api/me', cookie: user.cookie })).statusCode).toBe(401);
    expect((await ctx.request({ url: '/api/me', cookie: other })).statusCode).toBe(401);
    // Their service request stays for the admins, with the requester cleared.
    const kept = await ctx.database.db
      .selectFrom('service_requests')
      .select(['requested_by', 'display_name'])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ requested_by: null, display_name: 'Gone Brand' });
    const listed = await ctx.request({ url: '/api/admin/service-requests', cookie: keeper.cookie });
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).toContain('"requestedBy":null');
    // The audit log keeps both entries (their labels are text), without the account's ids.
    const log = await ctx.request({ url: '/api/admin/audit-log', cookie: keeper.cookie });
    const ids = log.json().entries.map((e: { id: string }) => e.id);
    expect(ids).toEqual(expect.arrayContaining([hidden.json().entry.id, acted.json().entry.id]));
  });

  it('holds the username for 90 days: nobody else may take it', async () => {
    const user = await ctx.createUser();
    const name = user.username!;
    expect((await deleteMe(ctx, user, name)).statusCode).toBe(204);
    const hold = await ctx.database.db
      .selectFrom('username_holds')
      .select('held_until')
      .where('username', '=', name)
      .executeTakeFirstOrThrow();
    const days = (Date.parse(hold.held_until) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.99);
    expect(days).toBeLessThanOrEqual(90);
    const available = await ctx.request({ url: `/api/usernames/${name}` });
    expect(available.json()).toEqual({ available: false });
    const someone = await ctx.createUser({ username: null });
    const claim = await ctx.request({
      method: 'PUT',
      url: '/api/me/username',
      cookie: someone.cookie,
      body: { username: name },
    });
    expect(claim.statusCode).toBe(409);
    expect(claim.json().error.message).toBe('Username is already taken. Please try another.');
  });

  it('keeps the names the user renamed away from held too, and their old links answer 404', async () => {
    const user = await ctx.createUser();
    const old = user.username!;
    const renamed = await ctx.request({
      method: 'PUT',
      url: '/api/me/username',
      cookie: user.cookie,
      body: { username: `n${old}`.slice(0, 20) },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await ctx.request({ url: `/${old}` })).statusCode).toBe(301);
    expect((await deleteMe(ctx, user, renamed.json().username)).statusCode).toBe(204);
    expect((await ctx.request({ url: `/${old}` })).statusCode).toBe(404);
    expect((await ctx.request({ url: `/api/usernames/${old}` })).json()).toEqual({
      available: false,
    });
  });

  it('refuses the last admin with a clear message and deletes nothing', async () => {
    // The test app may hold other admins from other tests: make this one the only one.
    await ctx.database.db.deleteFrom('admins').execute();
    const admin = await ctx.createUser({ admin: true });
    await addCode(ctx, admin, 'KEEP');
    const response = await deleteMe(ctx, admin, admin.username!);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'last_admin',
      message: 'You are the only admin. Make someone else an admin before deleting your account.',
    });
    expect(
      (await ctx.request({ url: '/api/codes', cookie: admin.cookie })).json().codes,
    ).toHaveLength(1);
    expect((await ctx.request({ url: '/api/me', cookie: admin.cookie })).statusCode).toBe(200);
  });

  it('needs the username typed to confirm; a wrong or missing one changes nothing', async () => {
    const user = await ctx.createUser();
    const missing = await deleteMe(ctx, user, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ username: 'Type your username to confirm' });
    const wrong = await deleteMe(ctx, user, 'somebody_else');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(
      'That is not your username. Type it exactly to confirm.',
    );
    expect((await ctx.request({ url: '/api/me', cookie: user.cookie })).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const response = await ctx.request({
      method: 'DELETE',
      url: '/api/me',
      body: { username: 'x' },
    });
    expect(response.statusCode).toBe(401);
  });
});
