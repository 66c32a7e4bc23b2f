import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import { addCode } from './pages.test-helpers.ts';

const SERVICES = [
  'uber',
  'airbnb',
  'spotify',
  'netflix',
  'lyft',
  'revolut',
  'wise',
  'coinbase',
  'doordash',
  'robinhood',
];

describeEachDatabase('the first response of a profile', (ctx) => {
  it('fits a 20-code profile into one TCP initial window (14 KB) when compressed', async () => {
    const user = await ctx.createUser({ username: 'twenty_codes' });
    for (let i = 0; i < 20; i += 1) {
      const service = SERVICES[i % SERVICES.length]!;
      await addCode(ctx, user, {
        service,
        code: `${service.toUpperCase()}-REF-${1000 + i}`,
        reward: i % 2 ? `${10 + i}` : `${i + 1} months free on the premium plan`,
        productName: i % 3 ? 'Premium membership' : '',
        link: `https://${service}.com/invite/twenty-codes-${i}`,
      });
    }
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
