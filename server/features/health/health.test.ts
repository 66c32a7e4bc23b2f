import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import {
  createTestDatabase,
  describeEachDatabase,
  testConfig,
  testDatabaseKinds,
} from '../../test-support/test-app.ts';

describeEachDatabase('GET /healthz', (ctx) => {
  it('answers 200 when the database responds', async () => {
    const response = await ctx.request({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /healthz when the database is gone', () => {
  for (const kind of testDatabaseKinds()) {
    it(`answers 503 [${kind}]`, async () => {
      const t = await createTestDatabase(kind);
      const app = await buildApp(testConfig(), { database: t.database });
      await t.destroy();
      const response = await app.inject({ url: '/healthz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable' });
      await app.close();
    });
  }
});
