import { sql } from 'kysely';
import { expect, it } from 'vitest';
import {
  profileCodesSql,
  refreshAllProfiles,
} from '../../db/migrations/2026-11-22-0052-profile-read-model.ts';
import { seedDemoProfile } from '../../db/seed.ts';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';
import { click as clickAs } from '../codes/clicks.test-helpers.ts';
import { profileQuery } from './profiles.repository.ts';

async function addCode(ctx: TestContext, user: TestUser, code: string, service = 'uber') {
  const response = await ctx.request({
    method: 'POST',
    url: '/api/codes',
    cookie: user.cookie,
    body: { service, code, reward: '10', link: 'https://example.com/r' },
  });
  expect(response.statusCode).toBe(201);
  return response.json().code;
}

describeEachDatabase('GET /api/profiles/:username', (ctx) => {
  it("lists a user's codes newest first with service names, to anyone", async () => {
    const user = await ctx.createUser({ username: 'alex' });
    const first = await addCode(ctx, user, 'FIRST');
    const second = await addCode(ctx, user, 'SECOND', 'spotify');
    const third = await addCode(ctx, user, 'THIRD', 'airbnb');
    const other = await ctx.createUser();
    await addCode(ctx, other, 'NOT-ALEX');

    const response = await ctx.request({ url: '/api/profiles/alex' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.username).toBe('alex');
    expect(body.codes.map((c: { code: string }) => c.code)).toEqual(['THIRD', 'SECOND', 'FIRST']);
    expect(body.codes[0]).toEqual({
      id: third.id,
      service: 'airbnb',
      serviceName: 'Airbnb',
      productName: null,
      code: 'THIRD',
      reward: '10',
      link: 'https://example.com/r',
      createdAt: third.createdAt,
      expiresAt: null,
      countries: null,
    });
    expect(body.codes.map((c: { id: string }) => c.id)).toEqual([third.id, second.id, first.id]);
  });

  it('finds the profile whatever the case of the username in the URL', async () => {
    await ctx.createUser({ username: 'casey' });
    const response = await ctx.request({ url: '/api/profiles/CaSey' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      username: 'casey',
      identity: { displayName: null, bio: null, avatar: null, links: [], accent: 'indigo' },
      codes: [],
    });
  });

  it('answers an empty list for a user with no codes', async () => {
    await ctx.createUser({ username: 'empty_one' });
    const response = await ctx.request({ url: '/api/profiles/empty_one' });
    expect(response.json()).toEqual({
      username: 'empty_one',
      identity: { displayName: null, bio: null, avatar: null, links: [], accent: 'indigo' },
      codes: [],
    });
  });

  it.each(['nobody_here', 'x'.repeat(21), 'x'.repeat(60), '%3Cscript%3E', 'a.b', 'ünï'])(
    'answers 404 USER_NOT_FOUND for the unknown user %j',
    async (username) => {
      const response = await ctx.request({ url: `/api/profiles/${username}` });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('USER_NOT_FOUND');
    },
  );

  it('hides a disabled account', async () => {
    const user = await ctx.createUser({ username: 'gone_user' });
    await ctx.database.db
      .updateTable('users')
      .set({ disabled_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute();
    const response = await ctx.request({ url: '/api/profiles/gone_user' });
    expect(response.statusCode).toBe(404);
  });

  it('returns stored XSS payloads as JSON data', async () => {
    const user = await ctx.createUser({ username: 'xss_user' });
    await ctx.request({
      method: 'POST',
      url: '/api/codes',
      cookie: user.cookie,
      body: {
        service: 'uber',
        code: '<script>x</script>',
        reward: '<b>1</b>',
        link: 'javascript:alert(1)',
      },
    });
    const response = await ctx.request({ url: '/api/profiles/xss_user' });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json().codes[0]).toMatchObject({
      code: '<script>x</script>',
      reward: '<b>1</b>',
      link: 'javascript:alert(1)',
    });
  });

  it('publishes no click counts, and a copy leaves the answer unchanged', async () => {
    const user = await ctx.createUser({ username: 'counted' });
    const code = await addCode(ctx, user, 'COUNT');
    const before = (await ctx.request({ url: '/api/profiles/counted' })).body;
    const click = await clickAs(ctx, code.id);
    expect(click.statusCode).toBe(202);
    const after = await ctx.request({ url: '/api/profiles/counted' });
    expect(after.body).toBe(before);
    expect(after.json().codes[0]).not.toHaveProperty('clicks');
    expect(after.json().codes[0]).not.toHaveProperty('updatedAt');
    // The owner still sees the count on the dashboard.
    const own = await ctx.request({ url: '/api/codes', cookie: user.cookie });
    expect(own.json().codes[0].clicks).toBe(1);
  });
});

type PublicCode = Record<string, unknown>;

/** What a visitor should see, derived from the owner's own list (the source of truth). */
async function expectedProfile(ctx: TestContext, user: TestUser): Promise<PublicCode[]> {
  const own = await ctx.request({ url: '/api/codes', cookie: user.cookie });
  expect(own.statusCode).toBe(200);
  // The switch, the answers (decision 070), whether the service page shows it (decision 094) and
  // an admin's hiding (decision 095) and the link's health (decision 111) are the owner's; expiry
  // and countries are public.
  return own
    .json()
    .codes.map(
      ({
        clicks: _c,
        updatedAt: _u,
        listed: _l,
        listing: _g,
        feedback: _f,
        moderation: _m,
        linkHealth: _h,
        ...rest
      }: PublicCode) => rest,
    );
}

async function publicCodes(ctx: TestContext, username: string): Promise<PublicCode[]> {
  const response = await ctx.request({ url: `/api/profiles/${username}` });
  expect(response.statusCode).toBe(200);
  return response.json().codes;
}

describeEachDatabase('the profile read model (migration 0052)', (ctx) => {
  it('follows every create, edit and delete of the owner', async () => {
    const user = await ctx.createUser({ username: 'editor' });
    const kept = await addCode(ctx, user, 'KEEP');
    const edited = await addCode(ctx, user, 'EDIT-ME', 'spotify');
    const removed = await addCode(ctx, user, 'REMOVE-ME', 'airbnb');
    expect(await publicCodes(ctx, 'editor')).toEqual(await expectedProfile(ctx, user));

    const patch = await ctx.request({
      method: 'PATCH',
      url: `/api/codes/${edited.id}`,
      cookie: user.cookie,
      body: {
        code: 'EDITED',
        reward: 'Two months',
        productName: 'Family',
        link: null,
        service: 'netflix',
      },
    });
    expect(patch.statusCode).toBe(200);
    const del = await ctx.request({
      method: 'DELETE',
      url: `/api/codes/${removed.id}`,
      cookie: user.cookie,
    });
    expect(del.statusCode).toBe(204);

    const codes = await publicCodes(ctx, 'editor');
    expect(codes).toEqual(await expectedProfile(ctx, user));
    expect(codes.map((c) => c.id)).toEqual([edited.id, kept.id]);
    expect(codes[0]).toMatchObject({
      code: 'EDITED',
      reward: 'Two months',
      productName: 'Family',
      link: null,
      service: 'netflix',
      serviceName: 'Netflix',
    });
  });

  it("touches only the owner's profile", async () => {
    const owner = await ctx.createUser({ username: 'owner_a' });
    const bystander = await ctx.createUser({ username: 'bystander' });
    await addCode(ctx, bystander, 'THEIRS');
    const before = (await ctx.request({ url: '/api/profiles/bystander' })).body;
    const code = await addCode(ctx, owner, 'MINE');
    await ctx.request({ method: 'DELETE', url: `/api/codes/${code.id}`, cookie: owner.cookie });
    expect((await ctx.request({ url: '/api/profiles/bystander' })).body).toBe(before);
    expect(await publicCodes(ctx, 'owner_a')).toEqual([]);
  });

  it('shows a renamed service under its new name', async () => {
    const user = await ctx.createUser({ username: 'renamer' });
    await ctx.database.db
      .insertInto('services')
      .values({
        id: 'renamable',
        name: 'Old Name',
        domain: 'renamable.example',
        created_at: new Date().toISOString(),
        created_by: 'system',
      })
      .execute();
    await addCode(ctx, user, 'R1', 'renamable');
    expect((await publicCodes(ctx, 'renamer'))[0]?.serviceName).toBe('Old Name');
    await ctx.database.db
      .updateTable('services')
      .set({ name: 'New Name' })
      .where('id', '=', 'renamable')
      .execute();
    expect((await publicCodes(ctx, 'renamer'))[0]?.serviceName).toBe('New Name');
  });

  it('keeps every code when one owner adds many at once', async () => {
    const user = await ctx.createUser({ username: 'busy_owner' });
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        ctx.request({
          method: 'POST',
          url: '/api/codes',
          cookie: user.cookie,
          body: { service: 'uber', code: `PARALLEL${i}`, reward: '5' },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const codes = await publicCodes(ctx, 'busy_owner');
    expect(codes).toHaveLength(12);
    expect(codes).toEqual(await expectedProfile(ctx, user));
  });

  it('is rebuilt whole by the backfill statement', async () => {
    const user = await ctx.createUser({ username: 'backfilled' });
    await addCode(ctx, user, 'B1');
    await addCode(ctx, user, 'B2', 'spotify');
    const expected = await publicCodes(ctx, 'backfilled');
    await ctx.database.db.updateTable('users').set({ profile_codes: '[]' }).execute();
    expect(await publicCodes(ctx, 'backfilled')).toEqual([]);
    await refreshAllProfiles(ctx.database.dialect).execute(ctx.database.db);
    expect(await publicCodes(ctx, 'backfilled')).toEqual(expected);
  });

  it('survives deleting the user (the cascade rebuilds nothing)', async () => {
    const user = await ctx.createUser({ username: 'leaving' });
    await addCode(ctx, user, 'BYE');
    await ctx.database.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await ctx.request({ url: '/api/profiles/leaving' })).statusCode).toBe(404);
  });
});

describeEachDatabase('profile query plan', (ctx) => {
  // PostgreSQL's planner may rightly seq-scan tiny tables, so only SQLite's plan is stable.
  it.runIf(ctx.kind === 'sqlite')('reads one row through the username index', async () => {
    const compiled = profileQuery(ctx.database.db, 'alex').compile();
    const plan = await sql
      .raw<{ detail: string }>(`explain query plan ${compiled.sql.replace('?', "'alex'")}`)
      .execute(ctx.database.db);
    const details = plan.rows.map((row) => row.detail);
    expect(details).toHaveLength(1);
    expect(details[0]).toMatch(/^SEARCH users USING INDEX .*\(username=\?\)/);
  });

  it.runIf(ctx.kind === 'sqlite')('rebuilds a profile through indexes only', async () => {
    const plan = await sql
      .raw<{ detail: string }>(
        `explain query plan select ${profileCodesSql('sqlite', "'some-user-id'")}`,
      )
      .execute(ctx.database.db);
    const details = plan.rows.map((row) => row.detail).join('\n');
    expect(details).toContain('codes_user_id_created_at_id_idx');
    expect(details).not.toMatch(/SCAN (c|codes|s|services)\b/);
  });
});

describeEachDatabase('GET /api/landing/preview', (ctx) => {
  it('is empty while the demo profile is missing', async () => {
    const response = await ctx.request({ url: '/api/landing/preview' });
    expect(response.statusCode).toBe(200);
    expect(response.json().codes).toEqual([]);
  });

  it('shows the first 6 codes of the demo profile, newest first', async () => {
    await seedDemoProfile(ctx.database, ctx.config.demoUsername);
    const profile = (await ctx.request({ url: `/api/profiles/${ctx.config.demoUsername}` })).json();
    expect(profile.codes).toHaveLength(8);
    const response = await ctx.request({ url: '/api/landing/preview' });
    const preview = response.json();
    expect(preview.codes).toHaveLength(6);
    expect(preview.codes).toEqual(profile.codes.slice(0, 6));
  });

  it("lists the demo's codes on their services' pages, so a fresh install's /s is not empty", async () => {
    await seedDemoProfile(ctx.database, ctx.config.demoUsername);
    const directory = (await ctx.request({ url: '/api/services/directory' })).json();
    const ids = directory.services.map((service: { id: string }) => service.id);
    expect(ids).toEqual(expect.arrayContaining(['uber', 'airbnb', 'revolut', 'coinbase', 'wise']));
    const uber = (await ctx.request({ url: '/api/services/uber/codes' })).json();
    expect(uber.codes.map((code: { code: string }) => code.code)).toEqual(['RIDEWITHDEMO']);
  });
});
