import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseConfig } from '../../../server/config.ts';
import { createDatabase, type Database } from '../../../server/db/database.ts';
import { newId, nowIso } from '../../../server/db/ids.ts';

export function openDatabase(config: DatabaseConfig): Database {
  return createDatabase(config, { poolSize: 2 });
}

/** A user with a random name starting with `prefix`, written straight to the database. */
export async function seedUser(
  database: Database,
  prefix: string,
): Promise<{ userId: string; username: string }> {
  const userId = newId();
  const username = `${prefix}${randomBytes(5).toString('hex')}`;
  await database.db
    .insertInto('users')
    .values({
      id: userId,
      email: `${username}@example.com`,
      username,
      created_at: nowIso(),
      last_login_at: nowIso(),
      disabled_at: null,
    })
    .execute();
  return { userId, username };
}

/** A user with `count` codes, written straight to the database the server uses. */
export async function seedCodes(database: Database, count: number): Promise<string[]> {
  const { userId } = await seedUser(database, 's');
  const ids = Array.from({ length: count }, () => newId());
  await database.db
    .insertInto('codes')
    .values(
      ids.map((id, index) => ({
        id,
        user_id: userId,
        service: 'uber',
        product_name: null,
        code: `STRESS${index}`,
        reward: '10',
        link: null,
        created_at: nowIso(),
        updated_at: nowIso(),
      })),
    )
    .execute();
  return ids;
}

export interface ClickTotals {
  /** Sum of codes.clicks over the given codes. */
  counter: number;
  /** Rows in `clicks` for the given codes. */
  events: number;
  perCode: Map<string, number>;
}

export async function clickTotals(database: Database, codeIds: string[]): Promise<ClickTotals> {
  const rows = await database.db
    .selectFrom('codes')
    .select(['id', 'clicks'])
    .where('id', 'in', codeIds)
    .execute();
  const events = await database.db
    .selectFrom('clicks')
    .select(sql<number>`count(*)`.as('n'))
    .where('code_id', 'in', codeIds)
    .executeTakeFirstOrThrow();
  return {
    counter: rows.reduce((sum, row) => sum + Number(row.clicks), 0),
    events: Number(events.n),
    perCode: new Map(rows.map((row) => [row.id, Number(row.clicks)])),
  };
}
