import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../server/test-support/test-app.ts';
import { createFixture, type Fixture, ROUTE_MATRIX } from './route-matrix.ts';
import {
  createActor,
  type SecurityApp,
  snapshot,
  startSecurityApp,
} from './support/security-app.ts';

/**
 * The CSRF check must hold for every spelling of an /api path that the router would send to an
 * /api route: percent-encoded letters, dot segments, doubled slashes, case, trailing slashes and
 * query or fragment tricks. Each answer is 403 csrf_rejected or 404, and no row changes.
 *
 * Real HTTP, not app.inject: inject parses the URL with `new URL`, which would normalise the very
 * spellings under test ('//api/x' would even become host 'api').
 */
const PATH_VARIANTS: Record<string, (path: string) => string> = {
  plain: (p) => p,
  'encoded a': (p) => p.replace(/^\/api\//, '/%61pi/'),
  'encoded p': (p) => p.replace(/^\/api\//, '/a%70i/'),
  'encoded i': (p) => p.replace(/^\/api\//, '/ap%69/'),
  'encoded api': (p) => p.replace(/^\/api\//, '/%61%70%69/'),
  'encoded upper A (must 404)': (p) => p.replace(/^\/api\//, '/%41pi/'),
  'encoded after /api/': (p) =>
    p.replace(
      /^\/api\/(.)/,
      (_m, c: string) => `/api/%${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
    ),
  'encoded a and after /api/': (p) =>
    p.replace(
      /^\/api\/(.)/,
      (_m, c: string) => `/%61pi/%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    ),
  'every character encoded': (p) =>
    p.replace(/[a-z0-9-]/gi, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`),
  '%2F after api': (p) => p.replace(/^\/api\//, '/api%2F'),
  '%2f after api': (p) => p.replace(/^\/api\//, '/api%2f'),
  '%2F before api': (p) => p.replace(/^\//, '%2F'),
  '%2F leading, encoded a': (p) => p.replace(/^\/api\//, '/%2F%61pi/'),
  '%5C after api': (p) => p.replace(/^\/api\//, '/api%5C'),
  'backslash after api': (p) => p.replace(/^\/api\//, '/api\\'),
  'double encoded a': (p) => p.replace(/^\/api\//, '/%2561pi/'),
  'leading double slash': (p) => `/${p}`,
  'leading double slash, encoded a': (p) => `/${p.replace(/^\/api\//, '/%61pi/')}`,
  'double slash after api': (p) => p.replace(/^\/api\//, '/api//'),
  'dot segment before api': (p) => `/.${p}`,
  'encoded dot segment before api': (p) => `/%2e${p}`,
  'dot segment after api': (p) => p.replace(/^\/api\//, '/api/./'),
  'dot-dot segment': (p) => `/x/..${p}`,
  'encoded dot-dot segment': (p) => `/x/%2e%2e${p}`,
  'dot-dot, encoded a': (p) => `/x/..${p.replace(/^\/api\//, '/%61pi/')}`,
  'upper case API': (p) => p.replace(/^\/api\//, '/API/'),
  'mixed case Api': (p) => p.replace(/^\/api\//, '/Api/'),
  'trailing slash': (p) => `${p}/`,
  'trailing slash, encoded a': (p) => `${p.replace(/^\/api\//, '/%61pi/')}/`,
  'empty query': (p) => `${p}?`,
  'query naming /api/': (p) => `${p.replace(/^\/api\//, '/%61pi/')}?/api/`,
  'encoded a, query': (p) => `${p.replace(/^\/api\//, '/%61pi/')}?x=1`,
  'encoded question mark': (p) => p.replace(/^\/api\//, '/api%3F/'),
  fragment: (p) => `${p}#/x`,
  'encoded a, fragment': (p) => `${p.replace(/^\/api\//, '/%61pi/')}#x`,
  'semicolon after api': (p) => p.replace(/^\/api\//, '/api;/'),
  'semicolon at the end': (p) => `${p};x`,
  'encoded a, semicolon at the end': (p) => `${p.replace(/^\/api\//, '/%61pi/')};x`,
  'absolute-form target': (p) => `http://localhost:3000${p}`,
  'absolute-form target, encoded a': (p) =>
    `http://localhost:3000${p.replace(/^\/api\//, '/%61pi/')}`,
  'asterisk prefix': (p) => `*${p}`,
};

/**
 * Variants whose answer is known exactly: the plain path is refused, `/Api` is no route, and a
 * request-target that does not start with '/' is refused by the HTTP layer before any route or
 * hook (Fastify's client-error answer, 400), which is as safe as a 404.
 */
const MUST_BE: Record<string, number> = {
  plain: 403,
  'encoded upper A (must 404)': 404,
  '%2F before api': 400,
};

type Role = 'anon' | 'user' | 'admin';

/** Requests a cross-site page can make: a foreign or absent Origin, or a non-JSON body. */
const ATTACKS: Record<string, { origin?: string; contentType: string; own?: boolean }> = {
  'foreign Origin, JSON body': { origin: 'http://evil.test', contentType: 'application/json' },
  'Origin null, JSON body': { origin: 'null', contentType: 'application/json' },
  'no Origin, JSON body': { contentType: 'application/json' },
  'our Origin, text/plain body': { own: true, contentType: 'text/plain' },
  'our Origin, form body': { own: true, contentType: 'application/x-www-form-urlencoded' },
};

interface RawResponse {
  status: number;
  body: string;
}

function send(
  port: number,
  options: { method: string; path: string; headers: Record<string, string>; body: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        headers: { ...options.headers, 'content-length': String(Buffer.byteLength(options.body)) },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

for (const kind of testDatabaseKinds()) {
  describe(`CSRF check on every spelling of an /api path [${kind}]`, () => {
    let target: SecurityApp;
    let port: number;
    let fixture: Fixture;
    let cookies: Record<Role, string | undefined>;

    beforeAll(async () => {
      // Limits are not the subject: a raised scale lets every request reach the CSRF check.
      target = await startSecurityApp(kind, { RATE_LIMIT_SCALE: '100000' });
      await target.app.listen({ port: 0, host: '127.0.0.1' });
      port = (target.app.server.address() as AddressInfo).port;
      fixture = await createFixture(target);
      const admin = await createActor(target, { admin: true });
      cookies = {
        anon: undefined,
        user: await fixture.owner.cookie(),
        admin: await admin.cookie(),
      };
    });
    afterAll(() => target?.destroy());

    it('covers every state-changing /api route the app registers', () => {
      const unsafe = target.routes.filter((route) => !route.startsWith('GET '));
      expect(unsafe.length).toBeGreaterThan(5);
      // A new route needs a row in the matrix (its URL and body), or this test cannot reach it.
      expect(unsafe.filter((route) => !(route in ROUTE_MATRIX))).toEqual([]);
    });

    it('answers 403 csrf_rejected or 404, and changes no row', async () => {
      const before = await snapshot(target.database);
      const wrong: string[] = [];
      let refused = 0;
      for (const route of target.routes) {
        const method = route.split(' ')[0]!;
        if (method === 'GET') continue;
        const row = ROUTE_MATRIX[route];
        if (!row) continue;
        const path = row.url(fixture);
        const body = JSON.stringify(row.body?.(fixture) ?? {});
        for (const [variantName, variant] of Object.entries(PATH_VARIANTS)) {
          for (const [attackName, attack] of Object.entries(ATTACKS)) {
            for (const role of ['anon', 'user', 'admin'] as const) {
              const headers: Record<string, string> = { 'content-type': attack.contentType };
              const origin = attack.own ? target.config.appOrigin : attack.origin;
              if (origin) headers.origin = origin;
              const cookie = cookies[role];
              if (cookie) headers.cookie = cookie;
              const sentPath = variant(path);
              const response = await send(port, { method, path: sentPath, headers, body });
              const ok =
                response.status === 404 ||
                (response.status === 400 && MUST_BE[variantName] === 400) ||
                (response.status === 403 && response.body.includes('"csrf_rejected"'));
              if (!ok) {
                wrong.push(`${method} ${sentPath} (${attackName}, ${role}) → ${response.status}`);
              }
              if (response.status === 403) refused += 1;
              const mustBe = MUST_BE[variantName];
              if (mustBe !== undefined && response.status !== mustBe) {
                wrong.push(`${method} ${sentPath} (${attackName}, ${role}) → not ${mustBe}`);
              }
            }
          }
        }
      }
      expect(wrong).toEqual([]);
      expect(refused).toBeGreaterThan(0);
      expect(await snapshot(target.database)).toEqual(before);
    }, 120_000);
  });
}
