import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import { twentyCodeRows } from '../../test-support/twenty-codes.ts';

describeEachDatabase('the first response of a profile', (ctx) => {
  it('fits a 20-code profile into one TCP initial window (14 KB) when compressed', async () => {
    const user = await ctx.createUser({ username: 'twenty_codes' });
    await ctx.database.db.insertInto('codes').values(twentyCodeRows(user.id)).execute();
    for (const encoding of ['br', 'gzip']) {
      const response = await ctx.request({
        url: '/twenty_codes',
        headers: { 'accept-encoding': encoding },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.rawPayload.length, encoding).toBeLessThanOrEqual(14_000);
    }
  });
});
