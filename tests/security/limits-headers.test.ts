import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../server/test-support/test-app.ts';
import { call, type SecurityApp, startSecurityApp } from './support/security-app.ts';

/** Headers every answer carries, whatever the path. */
function expectBaseHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['x-frame-options']).toBe('DENY');
}

for (const kind of testDatabaseKinds()) {
  describe(`request limits [${kind}]`, () => {
    let target: SecurityApp;
    beforeAll(async () => {
      target = await startSecurityApp(kind);
    });
    afterAll(() => target?.destroy());

    it('answers 413 to a JSON body over 64 KB, before any handler runs', async () => {
      const body = JSON.stringify({ email: `${'a'.repeat(64 * 1024)}@example.com` });
      for (const url of ['/api/auth/email-link', '/api/codes', '/api/service-requests']) {
        const response = await call(target, { method: 'POST', url, body });
        expect(response.statusCode, url).toBe(413);
        expect(response.json().error.code).toBe('payload_too_large');
      }
    });

    it('answers 403 to a cross-origin POST, and to a POST with no Origin', async () => {
      for (const origin of ['https://evil.example', 'http://localhost:3001', 'null']) {
        const response = await call(target, {
          method: 'POST',
          url: '/api/auth/email-link',
          body: { email: 'someone@example.com' },
          headers: { origin },
        });
        expect(response.statusCode, origin).toBe(403);
        expect(response.json().error.code).toBe('csrf_rejected');
      }
      const noOrigin = await target.app.inject({
        method: 'POST',
        url: '/api/auth/email-link',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'someone@example.com' }),
      });
      expect(noOrigin.statusCode).toBe(403);
    });

    it('answers 403 to a same-origin form post (a body that is not JSON)', async () => {
      const response = await call(target, {
        method: 'POST',
        url: '/api/auth/email-link',
        body: 'email=someone%40example.com',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe(`security headers [${kind}]`, () => {
    let http: SecurityApp;
    let https: SecurityApp;
    beforeAll(async () => {
      http = await startSecurityApp(kind);
      https = await startSecurityApp(kind, { APP_URL: 'https://refstash.example' });
    });
    afterAll(async () => {
      await http?.destroy();
      await https?.destroy();
    });

    it('sends CSP, nosniff, frame-ancestors none and no-referrer on API and error answers', async () => {
      for (const url of ['/api/services', '/api/nope', '/healthz']) {
        const response = await call(http, { method: 'GET', url });
        expectBaseHeaders(response.headers);
      }
    });

    it('sends no HSTS over http, and HSTS (a year, subdomains) with an https APP_URL', async () => {
      const plain = await call(http, { method: 'GET', url: '/api/services' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const secure = await call(https, { method: 'GET', url: '/api/services' });
      expectBaseHeaders(secure.headers);
      expect(secure.headers['strict-transport-security']).toMatch(
        /max-age=31536000; includeSubDomains/,
      );
      expect(String(secure.headers['content-security-policy'])).toContain(
        'upgrade-insecure-requests',
      );
    });
  });
}
