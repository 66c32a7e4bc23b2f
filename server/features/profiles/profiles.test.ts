import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { LANDING_PREVIEW_COUNT } from '../../../shared/limits.ts';
import { seedDemoProfile } from '../../db/seed.ts';
import {
  describeEachDatabase,
  type TestContext,
  type TestUser,
} from '../../test-support/test-app.ts';
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
      clicks: 0,
      createdAt: third.createdAt,
    });
    expect(body.codes.map((c: { id: string }) => c.id)).toEqual([third.id, second.id, first.id]);
  });

  it('finds the profile whatever the case of the username in the URL', async () => {
    await ctx.createUser({ username: 'casey' });
    const response = await ctx.request({ url: '/api/profiles/CaSey' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ username: 'casey', codes: [] });
  });

  it('answers an empty list for a user with no codes', async () => {
    await ctx.createUser({ username: 'empty_one' });
    const response = await ctx.request({ url: '/api/profiles/empty_one' });
    expect(response.json()).toEqual({ username: 'empty_one', codes: [] });
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

  it('shows the click count that copies add up', async () => {
    const user = await ctx.createUser({ username: 'counted' });
    const code = await addCode(ctx, user, 'COUNT');
    await ctx.app.inject({
      method: 'POST',
      url: `/api/codes/${code.id}/clicks`,
      headers: { origin: ctx.config.appOrigin, 'user-agent': 'Mozilla/5.0 Chrome/131.0' },
      remoteAddress: '198.51.100.9',
    });
    const response = await ctx.request({ url: '/api/profiles/counted' });
    expect(response.json().codes[0].clicks).toBe(1);
  });
});

describeEachDatabase('profile query plan', (ctx) => {
  // PostgreSQL's planner may rightly seq-scan tiny tables, so only SQLite's plan is stable.
  it.runIf(ctx.kind === 'sqlite')(
    'reads users, codes and services through indexes only',
    async () => {
      const compiled = profileQuery(ctx.database.db, 'alex').compile();
      const plan = await sql
        .raw<{ detail: string }>(`explain query plan ${compiled.sql.replace('?', "'alex'")}`)
        .execute(ctx.database.db);
      const details = plan.rows.map((row) => row.detail);
      expect(details.filter((d) => d.startsWith('SEARCH'))).toHaveLength(3);
      expect(details.some((d) => d.startsWith('SCAN'))).toBe(false);
      expect(details.join('\n')).toContain('codes_user_id_created_at_id_idx');
      expect(details.join('\n')).not.toContain('TEMP B-TREE');
    },
  );
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
    expect(preview.codes).toHaveLength(LANDING_PREVIEW_COUNT);
    expect(preview.codes).toEqual(profile.codes.slice(0, LANDING_PREVIEW_COUNT));
  });
});
