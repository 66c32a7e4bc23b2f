import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../server/test-support/test-app.ts';
import { hostileBody } from './hostile-bodies.ts';
import {
  type Actor,
  call,
  createActor,
  createCode,
  createServiceRequest,
  type SecurityApp,
  snapshot,
  startSecurityApp,
} from './support/security-app.ts';

/** 1,000 in `npm run test:stress` (the figure); the default suite runs a quick 100. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

for (const kind of testDatabaseKinds()) {
  describe(`fuzzing every JSON endpoint [${kind}]`, () => {
    let target: SecurityApp;
    let user: Actor;
    let admin: Actor;
    let codeId: string;
    let requestId: string;

    beforeAll(async () => {
      // Limits would answer 429 before validation runs; raise them so every body is parsed.
      target = await startSecurityApp(kind, { RATE_LIMIT_SCALE: '100000' });
      user = await createActor(target);
      admin = await createActor(target, { admin: true });
      codeId = await createCode(target, user.id);
      requestId = await createServiceRequest(target, user.id);
    });
    afterAll(() => target?.destroy());

    it('has JSON endpoints to fuzz', () => {
      expect(target.routes.filter((route) => BODY_METHODS.has(route.split(' ')[0]!))).not.toEqual(
        [],
      );
    });

    // Found by this fuzz: PostgreSQL cannot store NUL in text, and the driver error was a 500.
    // (SQLite stores it; the shared schemas should refuse it so both databases agree.)
    it('answers a NUL byte in a text field without a 5xx; a refusal stores nothing', async () => {
      const before = await snapshot(target.database);
      const response = await call(target, {
        method: 'PATCH',
        url: `/api/codes/${codeId}`,
        body: { link: 'a\u0000b', code: 'X\u0000', reward: '\u0000' },
        cookie: await user.cookie(),
      });
      expect(response.statusCode).toBeLessThan(500);
      if (response.statusCode >= 400) {
        const after = await snapshot(target.database);
        expect({ ...after, sessions: '' }).toEqual({ ...before, sessions: '' });
      }
    });

    it(`answers ${RUNS} hostile bodies per endpoint without a 5xx, and a refusal changes no row`, async () => {
      const endpoints = target.routes.filter((route) => BODY_METHODS.has(route.split(' ')[0]!));
      for (const route of endpoints) {
        const [method, pattern] = route.split(' ') as [string, string];
        const url = pattern.replace(
          ':id',
          pattern.includes('service-requests') ? requestId : codeId,
        );
        const actor = pattern.startsWith('/api/admin') ? admin : user;
        // Sign-out ends the session it is given, so it gets a new one every run.
        const fresh = pattern === '/api/auth/sign-out';
        let cookie = await actor.cookie();
        const started = Date.now();
        await fc.assert(
          fc.asyncProperty(hostileBody, async (body) => {
            if (fresh) cookie = await actor.cookie();
            const before = await snapshot(target.database);
            const response = await call(target, { method, url, body, cookie });
            expect(response.statusCode, `${route} ${body.slice(0, 200)}`).toBeLessThan(500);
            if (response.statusCode >= 400) {
              expect(await snapshot(target.database), `${route} ${body.slice(0, 200)}`).toEqual(
                before,
              );
            }
          }),
          { numRuns: RUNS },
        );
        console.log(`${route}: ${RUNS} bodies in ${Date.now() - started} ms`);
      }
      const probe: Record<string, unknown> = {};
      expect(probe.isAdmin).toBeUndefined();
      expect(probe.polluted).toBeUndefined();
    }, 600_000);
  });
}
