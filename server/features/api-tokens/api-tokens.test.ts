import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createDatabase } from '../../db/database.ts';
import { describeEachDatabase, type TestContext } from '../../test-support/test-app.ts';
import { createToken, withToken } from './api-tokens.test-helpers.ts';

const DAY = 24 * 60 * 60 * 1000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function tokenRow(ctx: TestContext, id: string) {
  return ctx.database.db
    .selectFrom('api_tokens')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describeEachDatabase('personal API tokens', (ctx) => {
  it('shows the secret once; only its SHA-256 is stored', async () => {
    const user = await ctx.createUser();
    const response = await ctx.request({
      method: 'POST',
      url: '/api/me/tokens',
      cookie: user.cookie,
      body: { name: '  Home script ', scopes: ['stats:read', 'codes:read'], expiresInDays: '90' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { token, secret } = response.json();
    expect(secret).toMatch(/^rs_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({
      name: 'Home script',
      scopes: ['codes:read', 'stats:read'],
      lastUsedAt: null,
    });
    expect(Date.parse(token.expiresAt) - Date.parse(token.createdAt)).toBe(90 * DAY);

    const row = await tokenRow(ctx, token.id);
    expect(row.token_hash).toBe(sha256(secret));
    expect(row.user_id).toBe(user.id);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret.slice(3));

    const list = await ctx.request({ url: '/api/me/tokens', cookie: user.cookie });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret.slice(3));
    expect(list.body).not.toContain(row.token_hash);
    expect(list.json().tokens).toEqual([token]);
  });

  it('offers 30 days, 90 days, a year, or no expiry', async () => {
    const user = await ctx.createUser();
    for (const [choice, days] of [
      ['30', 30],
      ['90', 90],
      ['365', 365],
    ] as const) {
      const { id } = await createToken(ctx, user, ['codes:read'], { expiresInDays: choice });
      const row = await tokenRow(ctx, id);
      expect(Date.parse(row.expires_at ?? '') - Date.parse(row.created_at)).toBe(days * DAY);
    }
    const { id } = await createToken(ctx, user, ['codes:read'], { expiresInDays: 'none' });
    expect((await tokenRow(ctx, id)).expires_at).toBeNull();
  });

  it.each([
    [
      { name: '', scopes: ['codes:read'], expiresInDays: '30' },
      'Please enter a name for the token',
    ],
    [
      { name: '   ', scopes: ['codes:read'], expiresInDays: '30' },
      'Please enter a name for the token',
    ],
    [
      { name: 'x'.repeat(61), scopes: ['codes:read'], expiresInDays: '30' },
      'The name must be at most 60 characters',
    ],
    [{ name: 'a', scopes: [], expiresInDays: '30' }, 'Please choose at least one scope'],
    [
      { name: 'a', scopes: ['admin'], expiresInDays: '30' },
      'Scopes must be codes:read, codes:write or stats:read',
    ],
    [{ name: 'a', expiresInDays: '30' }, 'Please choose at least one scope'],
    [
      { name: 'a', scopes: ['codes:read'], expiresInDays: '7' },
      'Please choose when the token expires',
    ],
    [{ name: 'a', scopes: ['codes:read'] }, 'Please choose when the token expires'],
  ])('refuses %j with a 400 and the message', async (body, message) => {
    const user = await ctx.createUser();
    const response = await ctx.request({
      method: 'POST',
      url: '/api/me/tokens',
      cookie: user.cookie,
      body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(message);
    const rows = await ctx.database.db
      .selectFrom('api_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('holds at most 20 tokens per user', async () => {
    const user = await ctx.createUser();
    for (let i = 0; i < 20; i += 1) await createToken(ctx, user, ['codes:read']);
    const response = await ctx.request({
      method: 'POST',
      url: '/api/me/tokens',
      cookie: user.cookie,
      body: { name: 'one more', scopes: ['codes:read'], expiresInDays: '30' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'You can hold at most 20 tokens. Revoke one you no longer use first.',
    );
  });

  it('lists your codes with a bearer token, and records the use at most once a minute', async () => {
    const user = await ctx.createUser();
    const created = await ctx.request({
      method: 'POST',
      url: '/api/codes',
      cookie: user.cookie,
      body: { service: 'uber', code: 'TOKENREAD', reward: '10' },
    });
    expect(created.statusCode).toBe(201);
    const { id, secret } = await createToken(ctx, user, ['codes:read']);
    const response = await withToken(ctx, secret, { url: '/api/codes' });
    expect(response.statusCode).toBe(200);
    expect(response.json().codes.map((c: { code: string }) => c.code)).toEqual(['TOKENREAD']);
    const first = (await tokenRow(ctx, id)).last_used_at;
    expect(first).not.toBeNull();
    // Within the minute: no write.
    await withToken(ctx, secret, { url: '/api/codes' });
    expect((await tokenRow(ctx, id)).last_used_at).toBe(first);
    // Past it: written again.
    const old = new Date(Date.now() - 2 * 60_000).toISOString();
    await ctx.database.db
      .updateTable('api_tokens')
      .set({ last_used_at: old })
      .where('id', '=', id)
      .execute();
    await withToken(ctx, secret, { url: '/api/codes' });
    const later = (await tokenRow(ctx, id)).last_used_at;
    expect(Date.parse(later ?? '')).toBeGreaterThan(Date.parse(old));
  });

  it('needs no Origin and no CSRF check for a bearer write', async () => {
    const user = await ctx.createUser();
    const { secret } = await createToken(ctx, user, ['codes:write']);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/codes',
      headers: {
        authorization: `Bearer ${secret}`,
        'content-type': 'application/json',
        origin: 'https://elsewhere.example',
      },
      payload: JSON.stringify({ service: 'uber', code: 'FROMSCRIPT', reward: '5' }),
    });
    expect(response.statusCode).toBe(201);
    const noOrigin = await withToken(ctx, secret, {
      method: 'POST',
      url: '/api/codes',
      body: { service: 'uber', code: 'NOORIGIN', reward: '5' },
    });
    expect(noOrigin.statusCode).toBe(201);
  });

  it('refuses a session cookie and a bearer token together (400)', async () => {
    const user = await ctx.createUser();
    const { secret } = await createToken(ctx, user, ['codes:read']);
    const response = await ctx.request({
      url: '/api/codes',
      cookie: user.cookie,
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'Send either a session cookie or an API token, not both.',
    );
  });

  it('refuses unknown, malformed, expired and revoked tokens with 401', async () => {
    const user = await ctx.createUser();
    const { id, secret } = await createToken(ctx, user, ['codes:read']);
    const message = 'This API token is invalid, expired or revoked.';
    for (const bad of ['rs_unknown', 'not-a-token', '', `${secret}x`]) {
      const response = await withToken(ctx, bad, { url: '/api/codes' });
      expect(response.statusCode, bad).toBe(401);
      expect(response.json().error.message).toBe(message);
      expect(response.headers['www-authenticate']).toContain('error="invalid_token"');
    }
    await ctx.database.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const expired = await withToken(ctx, secret, { url: '/api/codes' });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toBe(message);

    const live = await createToken(ctx, user, ['codes:read']);
    expect((await withToken(ctx, live.secret, { url: '/api/codes' })).statusCode).toBe(200);
    const revoke = await ctx.request({
      method: 'DELETE',
      url: `/api/me/tokens/${live.id}`,
      cookie: user.cookie,
    });
    expect(revoke.statusCode).toBe(204);
    const revoked = await withToken(ctx, live.secret, { url: '/api/codes' });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.message).toBe(message);
    expect(
      await ctx.database.db
        .selectFrom('api_tokens')
        .select('id')
        .where('id', '=', live.id)
        .execute(),
    ).toEqual([]);
  });

  it("revokes only the owner's token", async () => {
    const user = await ctx.createUser();
    const stranger = await ctx.createUser();
    const { id, secret } = await createToken(ctx, user, ['codes:read']);
    const response = await ctx.request({
      method: 'DELETE',
      url: `/api/me/tokens/${id}`,
      cookie: stranger.cookie,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Token not found');
    expect((await withToken(ctx, secret, { url: '/api/codes' })).statusCode).toBe(200);
  });

  it("refuses a disabled owner's token", async () => {
    const user = await ctx.createUser();
    const { secret } = await createToken(ctx, user, ['codes:read']);
    await ctx.database.db
      .updateTable('users')
      .set({ disabled_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute();
    expect((await withToken(ctx, secret, { url: '/api/codes' })).statusCode).toBe(401);
  });

  it('are in the export (names, scopes and dates only) with the sessions', async () => {
    const user = await ctx.createUser();
    const { secret } = await createToken(ctx, user, ['codes:read', 'stats:read'], {
      name: 'Exported',
      expiresInDays: 'none',
    });
    const response = await ctx.request({ url: '/api/me/export', cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.apiTokens).toEqual([
      {
        name: 'Exported',
        scopes: ['codes:read', 'stats:read'],
        createdAt: expect.any(String),
        lastUsedAt: null,
        expiresAt: null,
      },
    ]);
    expect(body.sessions).toEqual([
      { device: 'Unknown device', createdAt: expect.any(String), lastSeenAt: expect.any(String) },
    ]);
    expect(response.body).not.toContain(secret.slice(3));
    expect(response.body).not.toContain(sha256(secret));
    expect(response.body).not.toContain(user.cookie.split('=')[1]);
  });

  it('go with the account: deleting it removes every token, which then gets 401', async () => {
    const user = await ctx.createUser();
    const { secret } = await createToken(ctx, user, ['codes:read']);
    const response = await ctx.request({
      method: 'DELETE',
      url: '/api/me',
      cookie: user.cookie,
      body: { username: user.username },
    });
    expect(response.statusCode).toBe(204);
    const rows = await ctx.database.db
      .selectFrom('api_tokens')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
    expect((await withToken(ctx, secret, { url: '/api/codes' })).statusCode).toBe(401);
  });

  it("OpenAPI declares the bearer scheme and each operation's scope", async () => {
    const doc = (await ctx.request({ url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const security = (path: string, method: string) => doc.paths[path][method].security;
    expect(security('/api/codes', 'get')).toEqual([{ session: [] }, { bearer: ['codes:read'] }]);
    expect(security('/api/codes', 'post')).toEqual([{ session: [] }, { bearer: ['codes:write'] }]);
    expect(security('/api/me/stats', 'get')).toEqual([{ session: [] }, { bearer: ['stats:read'] }]);
    expect(security('/api/me', 'delete')).toEqual([{ session: [] }]);
    expect(security('/api/me/tokens', 'post')).toEqual([{ session: [] }]);
    expect(security('/api/admin/admins', 'get')).toEqual([{ session: [] }]);
  });

  it('a revoked token is refused by a second instance at its next request', async () => {
    // Tokens, like sessions, are read from the database on every request: no instance keeps one.
    const database = createDatabase(ctx.testDatabase.config, { schema: ctx.testDatabase.schema });
    const second = await buildApp(ctx.config, { database });
    try {
      const user = await ctx.createUser();
      const { id, secret } = await createToken(ctx, user, ['codes:read']);
      const onSecond = () =>
        second.inject({ url: '/api/codes', headers: { authorization: `Bearer ${secret}` } });
      expect((await onSecond()).statusCode).toBe(200);
      const revoke = await ctx.request({
        method: 'DELETE',
        url: `/api/me/tokens/${id}`,
        cookie: user.cookie,
      });
      expect(revoke.statusCode).toBe(204);
      expect((await onSecond()).statusCode).toBe(401);
    } finally {
      await second.close();
      await database.close();
    }
  });
});
