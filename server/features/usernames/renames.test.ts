import { afterEach, expect, it, vi } from 'vitest';
import { createSession, sessionCookieName } from '../../plugins/session.ts';
import { describeEachDatabase, type TestUser } from '../../test-support/test-app.ts';
import { addCode, parsePage } from '../pages/pages.test-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Issue 10, finding 7: a renamed user's old name stays theirs for 90 days (nobody else may take
 * it, old links answer 301 to the new name), and renames are limited to one per 30 days.
 * The page redirects need the web build, as the page tests do (`npm run build`).
 */
describeEachDatabase('username renames and holds', (ctx) => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A session made now (the fake clock's now): the one a user would hold after a time jump. */
  const freshCookie = async (user: { id: string }) =>
    `${sessionCookieName(ctx.config)}=${await createSession(ctx.database.db, user.id)}`;

  const claim = async (user: { id: string }, username: string) =>
    ctx.request({
      method: 'PUT',
      url: '/api/me/username',
      cookie: await freshCookie(user),
      body: { username },
    });

  const usernameOf = async (userId: string) =>
    (
      await ctx.database.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).username;

  /** A user named `name` (at sign-up) who then renames to `renamed`; returns the user. */
  const renamed = async (name: string, to: string): Promise<TestUser> => {
    const user = await ctx.createUser({ username: name });
    const response = await claim(user, to);
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe(to);
    return user;
  };

  const startClock = () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    return (days: number) => vi.setSystemTime(start + days * DAY);
  };

  it('keeps the old name from everyone else for 90 days, answered as taken', async () => {
    const at = startClock();
    await renamed(`bob_1${ctx.kind[0]}`, `bob2${ctx.kind[0]}`);
    const other = await ctx.createUser({ username: null });
    at(89);
    const response = await claim(other, `BOB_1${ctx.kind[0]}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      message: 'Username is already taken. Please try another.',
      fields: { username: 'Username is already taken. Please try another.' },
    });
    expect(await usernameOf(other.id)).toBeNull();
    const check = await ctx.request({ url: `/api/usernames/bob_1${ctx.kind[0]}` });
    expect(check.json()).toEqual({ available: false });
  });

  it('frees the old name after 90 days', async () => {
    const at = startClock();
    await renamed(`carl_1${ctx.kind[0]}`, `carl2${ctx.kind[0]}`);
    at(90.01);
    const check = await ctx.request({ url: `/api/usernames/carl_1${ctx.kind[0]}` });
    expect(check.json()).toEqual({ available: true });
    const other = await ctx.createUser({ username: null });
    expect((await claim(other, `carl_1${ctx.kind[0]}`)).statusCode).toBe(200);
    expect(await usernameOf(other.id)).toBe(`carl_1${ctx.kind[0]}`);
  });

  it('lets the owner take the old name back (a rename like any other)', async () => {
    const at = startClock();
    const dana = await renamed(`dana_1${ctx.kind[0]}`, `dana2${ctx.kind[0]}`);
    at(31);
    const response = await claim(dana, `dana_1${ctx.kind[0]}`);
    expect(response.statusCode).toBe(200);
    expect(await usernameOf(dana.id)).toBe(`dana_1${ctx.kind[0]}`);
    // The name it left is now the one held.
    const other = await ctx.createUser({ username: null });
    expect((await claim(other, `dana2${ctx.kind[0]}`)).statusCode).toBe(409);
  });

  it('allows one rename per 30 days: 429 rename_too_soon saying when, and nothing changes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-12-01T10:15:00.000Z');
    vi.setSystemTime(start);
    const erin = await renamed(`erin_1${ctx.kind[0]}`, `erin2${ctx.kind[0]}`);
    vi.setSystemTime(start + 29 * DAY);
    const response = await claim(erin, `erin3${ctx.kind[0]}`);
    expect(response.statusCode).toBe(429);
    expect(response.json().error).toMatchObject({
      code: 'rename_too_soon',
      message:
        'You can change your username once every 30 days. You can change it again on 31 December 2026 at 10:15 UTC.',
      fields: {
        username:
          'You can change your username once every 30 days. You can change it again on 31 December 2026 at 10:15 UTC.',
      },
    });
    expect(Number(response.headers['retry-after'])).toBe(86_400);
    expect(await usernameOf(erin.id)).toBe(`erin2${ctx.kind[0]}`);
    // The refused name was not held for anyone.
    const other = await ctx.createUser({ username: null });
    expect((await claim(other, `erin3${ctx.kind[0]}`)).statusCode).toBe(200);
    vi.setSystemTime(start + 30 * DAY);
    expect((await claim(erin, `erin4${ctx.kind[0]}`)).statusCode).toBe(200);
  });

  it('says up front when the next rename is allowed: renameAllowedAt on the answer and on /api/me', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-12-01T10:15:00.000Z');
    vi.setSystemTime(start);
    const gus = await ctx.createUser({ username: `gus_1${ctx.kind[0]}` });
    const me = async () =>
      (await ctx.request({ url: '/api/me', cookie: await freshCookie(gus) })).json();
    expect((await me()).renameAllowedAt).toBeNull();
    const response = await claim(gus, `gus2${ctx.kind[0]}`);
    expect(response.json().renameAllowedAt).toBe('2026-12-31T10:15:00.000Z');
    vi.setSystemTime(start + 29 * DAY);
    expect((await me()).renameAllowedAt).toBe('2026-12-31T10:15:00.000Z');
    vi.setSystemTime(start + 30 * DAY);
    expect((await me()).renameAllowedAt).toBeNull();
  });

  it('does not count the first choice at sign-up as a rename, nor a no-op', async () => {
    const fay = await ctx.createUser({ username: null });
    expect((await claim(fay, `fay_1${ctx.kind[0]}`)).statusCode).toBe(200);
    // The first choice holds nothing back: a rename right away is allowed, once.
    expect((await claim(fay, `FAY_1${ctx.kind[0]}`)).statusCode).toBe(200);
    expect((await claim(fay, `fay2${ctx.kind[0]}`)).statusCode).toBe(200);
    expect((await claim(fay, `fay3${ctx.kind[0]}`)).statusCode).toBe(429);
  });

  it('keeps the hold when the rename races a claim of the old name', async () => {
    // Several rounds: with the hold read before the claim's write, PostgreSQL let the claim win
    // in most of them.
    for (let round = 0; round < 5; round += 1) {
      const gus = await ctx.createUser({ username: `gus_${round}${ctx.kind[0]}` });
      const other = await ctx.createUser({ username: null });
      const [rename, grab] = await Promise.all([
        claim(gus, `gus${round}x${ctx.kind[0]}`),
        claim(other, `gus_${round}${ctx.kind[0]}`),
      ]);
      expect(rename.statusCode).toBe(200);
      expect(grab.statusCode).toBe(409);
      expect(await usernameOf(other.id)).toBeNull();
    }
  });

  it('lets one of two concurrent renames by one user through', async () => {
    const hal = await ctx.createUser({ username: `hal_1${ctx.kind[0]}` });
    const answers = await Promise.all([
      claim(hal, `hal2${ctx.kind[0]}`),
      claim(hal, `hal3${ctx.kind[0]}`),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429]);
  });

  it('answers the old profile JSON and share image with 301 to the new name for 90 days', async () => {
    const at = startClock();
    const ivy = await ctx.createUser({ username: `ivy_1${ctx.kind[0]}` });
    await addCode(ctx, ivy, { service: 'uber', code: 'IVY-1', reward: '5' });
    expect((await claim(ivy, `ivy2${ctx.kind[0]}`)).statusCode).toBe(200);
    const old = `ivy_1${ctx.kind[0]}`;
    const now = `ivy2${ctx.kind[0]}`;

    const json = await ctx.request({ url: `/api/profiles/${old.toUpperCase()}` });
    expect(json.statusCode).toBe(301);
    expect(json.headers.location).toBe(`/api/profiles/${now}`);
    expect(json.headers['cache-control']).toContain('max-age=0');
    const followed = await ctx.request({ url: `/api/profiles/${now}` });
    expect(followed.json()).toMatchObject({ username: now, codes: [{ code: 'IVY-1' }] });

    const image = await ctx.request({ url: `/api/share-images/profiles/${old}?v=abc` });
    expect(image.statusCode).toBe(301);
    expect(image.headers.location).toBe(`/api/share-images/profiles/${now}?v=abc`);

    at(90.01);
    const gone = await ctx.request({ url: `/api/profiles/${old}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('USER_NOT_FOUND');
    expect((await ctx.request({ url: `/api/share-images/profiles/${old}` })).statusCode).toBe(404);
  });

  it('answers the old pages with 301 to the new ones; the new name shows at once', async () => {
    const at = startClock();
    const old = `jo_1${ctx.kind[0]}`;
    const now = `jo2${ctx.kind[0]}`;
    const jo = await ctx.createUser({ username: old });
    const code = await addCode(ctx, jo, { service: 'uber', code: 'JO-1', reward: '5' });
    // Rendered (and cached) under the old name first.
    expect((await ctx.request({ url: `/${old}` })).statusCode).toBe(200);
    expect((await ctx.request({ url: `/${old}/${code.id}` })).statusCode).toBe(200);
    expect((await claim(jo, now)).statusCode).toBe(200);

    const page = await ctx.request({ url: `/${old}` });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe(`/${now}`);
    expect(page.headers['cache-control']).toContain('max-age=0');
    const codePage = await ctx.request({ url: `/${old}/${code.id}` });
    expect(codePage.statusCode).toBe(301);
    expect(codePage.headers.location).toBe(`/${now}/${code.id}`);
    // Any spelling of the old name ends at the new page.
    const capitals = await ctx.request({ url: `/${old.toUpperCase()}` });
    expect(capitals.statusCode).toBe(301);

    const fresh = parsePage(await ctx.request({ url: `/${now}` }));
    expect(fresh.querySelector('h1')?.textContent).toBe(`@${now}'s referral codes`);
    expect(fresh.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `http://localhost:3000/${now}`,
    );
    const codeFresh = await ctx.request({ url: `/${now}/${code.id}` });
    expect(codeFresh.statusCode).toBe(200);
    expect(codeFresh.body).toContain(`@${now}`);
    expect(codeFresh.body).not.toContain(`@${old}`);

    at(90.01);
    const gone = await ctx.request({ url: `/${old}` });
    expect(gone.statusCode).toBe(404);
    expect(parsePage(gone).body.textContent).toContain('Profile not found');
    expect((await ctx.request({ url: `/${old}/${code.id}` })).statusCode).toBe(404);
  });

  it('redirects to the holder’s current name after a second rename, and not for a disabled one', async () => {
    const at = startClock();
    const kim = await renamed(`kim_1${ctx.kind[0]}`, `kim2${ctx.kind[0]}`);
    at(31);
    expect((await claim(kim, `kim3${ctx.kind[0]}`)).statusCode).toBe(200);
    const first = await ctx.request({ url: `/api/profiles/kim_1${ctx.kind[0]}` });
    expect(first.headers.location).toBe(`/api/profiles/kim3${ctx.kind[0]}`);
    await ctx.database.db
      .updateTable('users')
      .set({ disabled_at: new Date().toISOString() })
      .where('id', '=', kim.id)
      .execute();
    expect((await ctx.request({ url: `/api/profiles/kim_1${ctx.kind[0]}` })).statusCode).toBe(404);
  });
});
