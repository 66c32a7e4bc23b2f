import { expect, it } from 'vitest';
import { ROUTE_LIKE_USERNAMES } from '../../../tests/spec/probe-cases.ts';
import { describeEachDatabase } from '../../test-support/test-app.ts';

describeEachDatabase('usernames', (ctx) => {
  const claim = (cookie: string, username: unknown) =>
    ctx.request({ method: 'PUT', url: '/api/me/username', cookie, body: { username } });

  const stored = async (userId: string) =>
    (
      await ctx.database.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).username;

  it.each([
    [undefined, 'Username is required'],
    ['', 'Username is required'],
    ['ab', 'Username must be at least 3 characters'],
    ['a'.repeat(21), 'Username must be less than 20 characters'],
    ['bad name', 'Username can only contain letters, numbers, and underscores'],
    ['dash-ed', 'Username can only contain letters, numbers, and underscores'],
  ])('refuses %j with %s and leaves the user without a name', async (username, message) => {
    const user = await ctx.createUser({ username: null });
    const response = await claim(user.cookie, username);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ message, fields: { username: message } });
    expect(await stored(user.id)).toBeNull();
  });

  it('accepts 20 characters and refuses 21', async () => {
    const user = await ctx.createUser({ username: null });
    const twenty = `t${ctx.kind}`.padEnd(20, '_');
    expect((await claim(user.cookie, `${twenty}x`)).statusCode).toBe(400);
    const response = await claim(user.cookie, twenty);
    expect(response.statusCode).toBe(200);
    expect(await stored(user.id)).toBe(twenty);
  });

  it('stores an uppercase name lowercase and answers the updated user', async () => {
    const user = await ctx.createUser({ username: null });
    const response = await claim(user.cookie, 'MixedCase_1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, username: 'mixedcase_1', isAdmin: false });
    expect(await stored(user.id)).toBe('mixedcase_1');
  });

  it('refuses a taken name in any case with 409', async () => {
    const owner = await ctx.createUser({ username: 'taken_name' });
    const user = await ctx.createUser({ username: null });
    const response = await claim(user.cookie, 'Taken_Name');
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      message: 'Username is already taken. Please try another.',
      fields: { username: 'Username is already taken. Please try another.' },
    });
    expect(await stored(user.id)).toBeNull();
    expect(await stored(owner.id)).toBe('taken_name');
  });

  it.each(['admin', 'Dashboard', 'login', 'signup', 'finishSignUp', 'api', 'healthz'])(
    'refuses the reserved name %s as taken',
    async (name) => {
      const user = await ctx.createUser({ username: null });
      const response = await claim(user.cookie, name);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe('Username is already taken. Please try another.');
    },
  );

  // Issue 10, finding 8: names a future page could need (/stats, /search, /s/… service pages).
  it.each([...ROUTE_LIKE_USERNAMES, 'Stats', 'SEARCH'])(
    'refuses the route-like name %s as taken, and reports it unavailable',
    async (name) => {
      const user = await ctx.createUser({ username: null });
      const response = await claim(user.cookie, name);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe('Username is already taken. Please try another.');
      expect(await stored(user.id)).toBeNull();
      const holders = await ctx.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', name.toLowerCase())
        .execute();
      expect(holders).toEqual([]);
      const check = await ctx.request({ url: `/api/usernames/${name}` });
      expect(check.json()).toEqual({ available: false });
    },
  );

  it('lets exactly one of two concurrent claims win; the other gets 409', async () => {
    const a = await ctx.createUser({ username: null });
    const b = await ctx.createUser({ username: null });
    const name = `race_${ctx.kind}`;
    const answers = await Promise.all([claim(a.cookie, name), claim(b.cookie, name)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const holders = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', name)
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('keeps the copy on the admin record in step', async () => {
    const admin = await ctx.createUser({ username: null, admin: true });
    expect((await claim(admin.cookie, 'Boss_Name')).statusCode).toBe(200);
    const row = await ctx.database.db
      .selectFrom('admins')
      .select('username')
      .where('user_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row.username).toBe('boss_name');
  });

  it('answers 401 to a signed-out claim', async () => {
    const response = await ctx.request({
      method: 'PUT',
      url: '/api/me/username',
      body: { username: 'nobody' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('GET /api/usernames/:name tells whether a name is free, in any case', async () => {
    await ctx.createUser({ username: 'occupied' });
    const available = async (name: string) =>
      (await ctx.request({ url: `/api/usernames/${encodeURIComponent(name)}` })).json().available;
    expect(await available('occupied')).toBe(false);
    expect(await available('OCCUPIED')).toBe(false);
    expect(await available('admin')).toBe(false);
    expect(await available('free_name')).toBe(true);
  });

  // Issue 22: the answer carries the e-mail address, so no cache keeps it.
  it('PUT /api/me/username answers no-store', async () => {
    const user = await ctx.createUser({ username: null });
    const response = await claim(user.cookie, `store_${ctx.kind}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(user.email);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  // Issue 22: a held name is free for its holder and taken for everyone else, so the answer
  // depends on the session and no cache may hand one person's answer to another.
  it('GET /api/usernames/:name answers its holder and others differently, never from a cache', async () => {
    const holder = await ctx.createUser({ username: `held_${ctx.kind}` });
    expect((await claim(holder.cookie, `moved_${ctx.kind}`)).statusCode).toBe(200);
    const other = await ctx.createUser();
    const url = `/api/usernames/held_${ctx.kind}`;
    const answers = [
      await ctx.request({ url, cookie: holder.cookie }),
      await ctx.request({ url, cookie: other.cookie }),
      await ctx.request({ url }),
    ];
    expect(answers.map((response) => response.json().available)).toEqual([true, false, false]);
    for (const response of answers) {
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers.vary).toBe('Cookie');
    }
  });

  it('GET /api/usernames/:name refuses an invalid name with its message', async () => {
    const response = await ctx.request({ url: '/api/usernames/ab' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Username must be at least 3 characters');
  });
});
