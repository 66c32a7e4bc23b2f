import type { Database } from '../../../server/db/database.ts';
import { newId, nowIso } from '../../../server/db/ids.ts';
import { seedUser } from './seed.ts';

const SERVICES = [
  'uber',
  'airbnb',
  'spotify',
  'netflix',
  'lyft',
  'bolt',
  'wise',
  'paypal',
  'deezer',
];

/**
 * A user with `count` codes whose text fields are long (the probe's worst case: a big profile
 * state), written straight to the server's database. Returns the username.
 */
export async function seedLongProfile(
  database: Database,
  count: number,
  service = (index: number) => SERVICES[index % SERVICES.length] as string,
): Promise<string> {
  const { userId, username } = await seedUser(database, 'p');
  if (count === 0) return username;
  await database.db
    .insertInto('codes')
    .values(
      Array.from({ length: count }, (_, index) => ({
        id: newId(),
        user_id: userId,
        service: service(index),
        product_name: `Product ${index} ${'p'.repeat(80)}`,
        code: `CODE-${index}-${'c'.repeat(60)}`,
        reward: `${index} ${'r'.repeat(40)}`,
        link: `https://example.com/invite/${index}/${'l'.repeat(150)}`,
        created_at: nowIso(),
        updated_at: nowIso(),
      })),
    )
    .execute();
  return username;
}
