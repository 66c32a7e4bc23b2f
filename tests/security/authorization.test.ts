import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../server/test-support/test-app.ts';
import {
  createFixture,
  ROUTE_MATRIX,
  type Role,
  TOKEN_REFUSED,
  TOKEN_ROLES,
} from './route-matrix.ts';
import {
  type Actor,
  call,
  createActor,
  createApiToken,
  type SecurityApp,
  startSecurityApp,
} from './support/security-app.ts';

const ROLES: Role[] = ['anon', 'user', 'other', 'admin'];

for (const kind of testDatabaseKinds()) {
  describe(`authorization matrix [${kind}]`, () => {
    let target: SecurityApp;
    let actors: Record<'other' | 'admin', Actor>;

    beforeAll(async () => {
      // Limits are not the subject here; a raised scale keeps every case below them.
      target = await startSecurityApp(kind, { RATE_LIMIT_SCALE: '1000' });
      actors = {
        other: await createActor(target),
        admin: await createActor(target, { admin: true }),
      };
    });
    afterAll(() => target?.destroy());

    it('lists every /api route the app registers, and nothing it does not', () => {
      expect(target.routes).toEqual(Object.keys(ROUTE_MATRIX).sort());
    });

    for (const [route, row] of Object.entries(ROUTE_MATRIX)) {
      const method = route.split(' ')[0]!;
      it(`${route}`, async () => {
        const seen: Record<string, number> = {};
        for (const role of ROLES) {
          const fixture = await createFixture(target);
          const actor =
            role === 'anon' ? undefined : role === 'user' ? fixture.owner : actors[role];
          const cookie = await actor?.cookie();
          const response = await call(target, {
            method,
            url: row.url(fixture),
            body: row.body?.(fixture),
            cookie,
            ...(row.headers ? { headers: row.headers } : {}),
          });
          seen[role] = response.statusCode;
        }
        // A token of each scope, its owner's, with no cookie and no Origin (decision 107).
        for (const scope of TOKEN_ROLES) {
          const fixture = await createFixture(target);
          const { secret } = await createApiToken(target, fixture.owner.id, [scope]);
          const response = await call(target, {
            method,
            url: row.url(fixture),
            body: row.body?.(fixture),
            headers: { authorization: `Bearer ${secret}`, origin: '' },
          });
          seen[scope] = response.statusCode;
        }
        const tokens = Object.fromEntries(
          TOKEN_ROLES.map((scope) => [scope, row.tokens?.[scope] ?? TOKEN_REFUSED]),
        );
        expect(seen).toEqual({ ...row.expect, ...tokens });
      });
    }
  });
}
