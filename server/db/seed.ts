import { SERVICE_CATALOGUE } from '../../shared/service-catalogue.ts';
import type { Database } from './database.ts';
import { newId } from './ids.ts';

/** Inserts the built-in catalogue into `services`. Running it again changes nothing. */
export async function seedServices(database: Database): Promise<number> {
  const createdAt = new Date().toISOString();
  const rows = SERVICE_CATALOGUE.map((entry) => ({
    id: entry.id,
    name: entry.name,
    domain: entry.domain,
    created_at: createdAt,
    created_by: 'system',
  }));
  const result = await database.db
    .insertInto('services')
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

const DEMO_CODES = [
  {
    service: 'uber',
    product_name: 'First ride',
    code: 'RIDEWITHDEMO',
    reward: '15',
    link: 'https://www.uber.com/invite/ridewithdemo',
  },
  {
    service: 'airbnb',
    product_name: 'First stay',
    code: 'DEMOSTAYS',
    reward: '40',
    link: 'https://www.airbnb.com/c/demostays',
  },
  {
    service: 'revolut',
    product_name: 'Standard account',
    code: 'demo4x2',
    reward: 'Free card delivery and £10',
    link: 'https://revolut.com/referral/demo4x2',
  },
  {
    service: 'coinbase',
    product_name: null,
    code: 'DEMO-CB-1',
    reward: '10',
    link: 'https://coinbase.com/join/demo',
  },
  {
    service: 'doordash',
    product_name: 'DashPass',
    code: 'DEMODASH',
    reward: '30 days free',
    link: 'Enter the code at checkout',
  },
  {
    service: 'spotify',
    product_name: 'Premium Family',
    code: 'DEMOFAMILY',
    reward: '1 month free',
    link: null,
  },
  {
    service: 'robinhood',
    product_name: null,
    code: 'DEMOSTOCK',
    reward: 'Free stock',
    link: 'https://join.robinhood.com/demo',
  },
  {
    service: 'wise',
    product_name: 'Multi-currency account',
    code: 'demo-wise',
    reward: 'Fee-free transfer up to £500',
    link: 'https://wise.com/invite/demo',
  },
] as const;

const DEMO_ACCOUNT_AGE_MS = 30 * 24 * 60 * 60_000;

/**
 * Creates the landing page's demo profile with sample codes when it is missing.
 * Only used outside production.
 */
export async function seedDemoProfile(database: Database, username: string): Promise<boolean> {
  const existing = await database.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirst();
  if (existing) return false;
  await database.db.transaction().execute(async (trx) => {
    const userId = newId();
    const start = Date.now() - DEMO_CODES.length * 60_000;
    await trx
      .insertInto('users')
      .values({
        id: userId,
        email: `${username}@demo.refstash.invalid`,
        username,
        // A month old: past any listing probation, so a fresh install's /s is not empty.
        created_at: new Date(start - DEMO_ACCOUNT_AGE_MS).toISOString(),
        last_login_at: null,
        disabled_at: null,
      })
      .execute();
    // Oldest first, so that the list (newest first) reads in the order above.
    const rows = [...DEMO_CODES].reverse().map((code, index) => {
      const at = new Date(start + index * 60_000);
      return {
        id: newId(at.getTime()),
        user_id: userId,
        ...code,
        // Listed on their services' pages, so `/s` shows a fresh install what it is for.
        listed: 1,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      };
    });
    await trx.insertInto('codes').values(rows).execute();
  });
  return true;
}
