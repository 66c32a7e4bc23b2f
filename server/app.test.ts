import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { AppError } from './errors.ts';
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
  testConfig,
} from './test-support/test-app.ts';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-dist-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html lang="en"><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
fs.writeFileSync(path.join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

describeEachDatabase(
  'web app serving',
  (ctx) => {
    it.each(['/', '/dashboard', '/alex', '/finishSignUp?token=abc', '/a/b/c'])(
      'serves index.html with no-cache for GET %s',
      async (url) => {
        const response = await ctx.request({ url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toContain('<div id="root">');
      },
    );

    it('tells the page which environment the server runs in', async () => {
      const response = await ctx.request({ url: '/' });
      expect(response.body).toContain('<html lang="en" data-env="test">');
    });

    it('sends hashed assets as immutable for a year', async () => {
      const response = await ctx.request({ url: '/assets/index-Ab12Cd34.js' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('answers a missing asset with 404, not the SPA', async () => {
      const response = await ctx.request({ url: '/assets/missing-123.js' });
      expect(response.statusCode).toBe(404);
    });

    it.each(['/api/nope', '/api/codes/x/y/z', '/api'])(
      'answers unknown %s with a JSON 404',
      async (url) => {
        const response = await ctx.request({ url });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
      },
    );

    it('answers an unknown non-GET with a JSON 404', async () => {
      const response = await ctx.request({ method: 'POST', url: '/somewhere', body: {} });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    });

    it('sets the security headers of decisions.md', async () => {
      const response = await ctx.request({ url: '/' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('names the request id on refusals too, as in the log line', async () => {
      const refused = [
        await ctx.request({
          method: 'POST',
          url: '/api/auth/sign-out',
          body: {},
          headers: { origin: 'https://evil.example' },
        }),
        await ctx.request({ url: '/api/no-such-route' }),
        await ctx.request({ url: '/api/profiles/nobody_at_all' }),
      ];
      expect(refused.map((r) => r.statusCode)).toEqual([403, 404, 404]);
      for (const response of refused) {
        expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      }
    });

    it('refuses a cross-origin POST to the API with 403', async () => {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/auth/sign-out',
        body: {},
        headers: { origin: 'https://evil.example' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('csrf_rejected');
    });

    it('refuses a POST without an Origin header', async () => {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out' });
      expect(response.statusCode).toBe(403);
    });

    it('refuses a same-origin POST whose body is not JSON', async () => {
      const response = await ctx.request({
        method: 'POST',
        url: '/api/auth/sign-out',
        body: 'a=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode).toBe(403);
    });
  },
  // A client build without the server build: every page is the shell (pages.test.ts renders).
  { env: { WEB_DIST_DIR: dist, SSR_DIST_DIR: dist } },
);

describe('HSTS with an https APP_URL', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await t.destroy();
  });
  it('sends Strict-Transport-Security', async () => {
    const app = await buildApp(testConfig({ APP_URL: 'https://refstash.example' }), {
      database: t.database,
    });
    const response = await app.inject({ url: '/healthz' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    await app.close();
  });
});

describe('error handler', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await t.destroy();
  });

  it('hides internals of a 5xx and keeps the shape of a 4xx', async () => {
    const app = await buildApp(testConfig(), { database: t.database });
    app.get('/api/test/boom', async () => {
      throw new Error('secret internal detail: password=hunter2');
    });
    app.get('/api/test/teapot', async () => {
      throw new AppError(418, 'teapot', 'I am a teapot', { fields: { tea: 'Earl Grey' } });
    });
    const boom = await app.inject({ url: '/api/test/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({
      error: { code: 'internal', message: 'Something went wrong. Please try again.' },
    });
    expect(boom.body).not.toContain('hunter2');

    const teapot = await app.inject({ url: '/api/test/teapot' });
    expect(teapot.statusCode).toBe(418);
    expect(teapot.json()).toEqual({
      error: { code: 'teapot', message: 'I am a teapot', fields: { tea: 'Earl Grey' } },
    });
    await app.close();
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const app = await buildApp(testConfig(), { database: t.database });
    app.post('/api/test/echo', async (request) => request.body);
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('bad_request');
    await app.close();
  });

  it('answers a body over 64 KB with 413', async () => {
    const app = await buildApp(testConfig(), { database: t.database });
    app.post('/api/test/echo', async () => ({ ok: true }));
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      payload: JSON.stringify({ a: 'x'.repeat(70_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
    await app.close();
  });
});
