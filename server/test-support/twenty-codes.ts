import { newId } from '../db/ids.ts';
import type { NewCode } from '../db/schema.ts';

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

/**
 * A full profile of 20 codes over ten services, a minute apart and oldest first (the newest is
 * ROBINHOOD-REF-1019), with links, product names and both kinds of reward: the page-size test,
 * the public-page e2e tests and `npm run lighthouse` weigh and check the same page.
 */
export function twentyCodeRows(userId: string, start = Date.now() - 20 * 60_000): NewCode[] {
  return Array.from({ length: 20 }, (_, i) => {
    const service = SERVICES[i % SERVICES.length] as string;
    const at = new Date(start + i * 60_000).toISOString();
    return {
      id: newId(),
      user_id: userId,
      service,
      product_name: i % 3 ? 'Premium membership' : null,
      code: `${service.toUpperCase()}-REF-${1000 + i}`,
      reward: i % 2 ? `${10 + i}` : `${i + 1} months free on the premium plan`,
      link: `https://${service}.com/invite/twenty-codes-${i}`,
      created_at: at,
      updated_at: at,
    };
  });
}
