import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import {
  createTestDatabase,
  type TestDatabase,
  testConfig,
} from '../../server/test-support/test-app.ts';

/**
 * Every /api route is declared whole (CONTRIBUTING.md "How to add a route"): its path parameters,
 * its body, and the answers it may give, with the shared zod schemas; and the OpenAPI document at
 * /api/openapi.json, generated from those declarations, lists it. A route added without them
 * fails here.
 */
describe('route declarations and the OpenAPI document', () => {
  let testDatabase: TestDatabase;
  const routes: RouteOptions[] = [];
  let openapi: {
    openapi: string;
    paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
  };

  beforeAll(async () => {
    testDatabase = await createTestDatabase('sqlite');
    const app = await buildApp(testConfig(), {
      database: testDatabase.database,
      onRoute: (route) => {
        if (route.url.startsWith('/api/')) routes.push(route);
      },
    });
    await app.ready();
    const response = await app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    openapi = response.json();
    await app.close();
  });
  afterAll(() => testDatabase.destroy());

  const methodsOf = (route: RouteOptions) =>
    (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');

  it('finds the API routes', () => {
    expect(routes.length).toBeGreaterThanOrEqual(20);
  });

  it('gives every /api route a response schema with its success and error answers', () => {
    const missing = routes
      .filter((route) => {
        const response = route.schema?.response as Record<string, unknown> | undefined;
        if (!response) return true;
        const success = Object.keys(response).some((status) => /^2\d\d$/.test(status));
        return !success || !('4xx' in response) || !('5xx' in response);
      })
      .map((route) => `${methodsOf(route).join(',')} ${route.url}`);
    expect(missing).toEqual([]);
  });

  it('gives every path parameter a schema, and every route that reads a body its body schema', () => {
    const missing: string[] = [];
    for (const route of routes) {
      const name = `${methodsOf(route).join(',')} ${route.url}`;
      if (route.url.includes(':') && !route.schema?.params) missing.push(`${name}: params`);
    }
    expect(missing).toEqual([]);
    // Routes that change data from a body (not the click, sign-out and review routes that need none).
    for (const key of [
      'POST /api/auth/email-link',
      'POST /api/auth/email-link/verify',
      'PUT /api/me/username',
      'DELETE /api/me',
      'POST /api/me/import/preview',
      'POST /api/me/import',
      'POST /api/codes',
      'PATCH /api/codes/:id',
      'POST /api/service-requests',
      'PATCH /api/admin/service-requests/:id',
      'POST /api/admin/admins',
    ]) {
      const [method, url] = key.split(' ');
      const route = routes.find((r) => r.url === url && methodsOf(r).includes(method!));
      expect(route?.schema?.body, key).toBeDefined();
    }
  });

  it('serves an OpenAPI 3.1 document that lists every /api route with its answers', () => {
    expect(openapi.openapi).toBe('3.1.0');
    const listed = new Set<string>();
    for (const [path, operations] of Object.entries(openapi.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.responses) listed.add(`${method.toUpperCase()} ${path}`);
      }
    }
    const expected = routes.flatMap((route) =>
      methodsOf(route).map((method) => `${method} ${route.url.replace(/:([A-Za-z]+)/g, '{$1}')}`),
    );
    expect(expected.filter((key) => !listed.has(key))).toEqual([]);
    // Pages, robots.txt and /healthz are not part of the API.
    expect(Object.keys(openapi.paths).every((path) => path.startsWith('/api/'))).toBe(true);
  });

  it("documents the spec's shapes: a code's fields, and the one error shape", () => {
    const post = openapi.paths['/api/codes']?.post as {
      requestBody?: {
        content: Record<
          string,
          { schema: { properties: Record<string, unknown>; required?: string[] } }
        >;
      };
      responses: Record<string, { content: Record<string, { schema: unknown }> }>;
    };
    const body = post.requestBody?.content['application/json']?.schema;
    expect(Object.keys(body?.properties ?? {}).sort()).toEqual(
      [
        'code',
        'countries',
        'expiresAt',
        'link',
        'listed',
        'productName',
        'reward',
        'service',
      ].sort(),
    );
    expect(body?.required?.sort()).toEqual(['code', 'reward', 'service']);
    const created = JSON.stringify(post.responses['201']);
    for (const field of [
      'id',
      'serviceName',
      'clicks',
      'createdAt',
      'updatedAt',
      'listed',
      'feedback',
    ]) {
      expect(created).toContain(`"${field}"`);
    }
    const error = JSON.stringify(post.responses['4XX'] ?? post.responses['4xx']);
    expect(error).toContain('"code"');
    expect(error).toContain('"message"');
    expect(error).toContain('"fields"');
  });
});
