import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_CATALOGUE } from '../../shared/service-catalogue.ts';
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../test-support/test-app.ts';
import { isForeignKeyViolation, isUniqueViolation } from './errors.ts';
import { newId, nowIso } from './ids.ts';
import { migrateToLatest } from './migrate.ts';
import { usernameHolds } from './migrations/2026-11-23-0061-username-holds.ts';
import { serviceRequestsByRequester } from './migrations/2026-11-23-0063-service-requests-by-requester.ts';
import { listingDefault } from './migrations/2026-11-23-0081-listing-default.ts';
import { seedDemoProfile, seedServices } from './seed.ts';

const EXPECTED_TABLES = [
  'users',
  'sessions',
  'sign_in_tokens',
  'admins',
  'services',
  'service_requests',
  'codes',
  'clicks',
  'logos',
  'username_holds',
];

const EXPECTED_INDEXES: Array<[table: string, columns: string[]]> = [
  ['codes', ['user_id', 'created_at']],
  ['users', ['username']],
  ['service_requests', ['service_id']],
  ['service_requests', ['status', 'requested_at']],
  ['service_requests', ['requested_by', 'requested_at', 'id']],
  ['clicks', ['code_id', 'visitor_hash', 'clicked_at']],
  ['username_holds', ['username']],
  ['username_holds', ['held_until']],
  ['logos', ['expires_at']],
  ['logos', ['fetched_at']],
];

/** A CHECK constraint on `column` refused the row: SQLite names the expression, PostgreSQL the constraint. */
const isCheckViolationOn = (column: string) => (error: unknown) => {
  const { code, message, constraint } = error as {
    code?: string;
    message?: string;
    constraint?: string;
  };
  if (code === 'SQLITE_CONSTRAINT_CHECK')
    return (message ?? '').includes(`${column} = lower(${column})`);
  return code === '23514' && (constraint ?? '').includes(column);
};

for (const kind of testDatabaseKinds()) {
  describe(`migrations [${kind}]`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(kind);
    });
    afterAll(async () => {
      await t.destroy();
    });

    async function indexedColumns(table: string): Promise<string[][]> {
      if (kind === 'sqlite') {
        const list = await sql<{
          name: string;
        }>`select name from pragma_index_list(${table})`.execute(t.database.db);
        const result: string[][] = [];
        for (const { name } of list.rows) {
          const cols = await sql<{
            name: string;
          }>`select name from pragma_index_info(${name}) order by seqno`.execute(t.database.db);
          result.push(cols.rows.map((c) => c.name));
        }
        return result;
      }
      const rows = await sql<{ cols: string[] | string }>`
        select array_agg(a.attname order by k.ord) as cols
        from pg_index i
        join pg_class c on c.oid = i.indrelid
        join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
        cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
        join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
        where c.relname = ${table}
        group by i.indexrelid`.execute(t.database.db);
      return rows.rows.map((r) =>
        Array.isArray(r.cols) ? r.cols : r.cols.replace(/[{}]/g, '').split(','),
      );
    }

    it('creates every table', async () => {
      const tables = await t.database.db.introspection.getTables();
      const names = tables.map((table) => table.name);
      for (const table of EXPECTED_TABLES) expect(names).toContain(table);
    });

    it('is idempotent: a second run applies nothing', async () => {
      expect(await migrateToLatest(t.database)).toEqual([]);
    });

    it.each(EXPECTED_INDEXES)('indexes %s by %j', async (table, columns) => {
      const indexes = await indexedColumns(table);
      expect(indexes.some((cols) => columns.every((col, i) => cols[i] === col))).toBe(true);
    });

    it('takes the username holds (0061) down and up again', async () => {
      const migration = usernameHolds(kind);
      // PostgreSQL lists every schema's tables (other test files' too): keep this file's.
      const tables = async () =>
        (await t.database.db.introspection.getTables()).filter(
          (table) => t.schema === undefined || table.schema === t.schema,
        );
      const names = async () => (await tables()).map((table) => table.name);
      const userColumns = async () =>
        (await tables()).find((table) => table.name === 'users')?.columns.map((c) => c.name);
      await migration.down?.(t.database.db);
      expect(await names()).not.toContain('username_holds');
      expect(await userColumns()).not.toContain('username_changed_at');
      await migration.up(t.database.db);
      expect(await names()).toContain('username_holds');
      expect(await userColumns()).toContain('username_changed_at');
    });

    it('takes the requester index (0063) down and up again', async () => {
      const byRequester = (indexes: string[][]) =>
        indexes.some((cols) => cols.join() === 'requested_by,requested_at,id');
      await serviceRequestsByRequester.down?.(t.database.db);
      expect(byRequester(await indexedColumns('service_requests'))).toBe(false);
      await serviceRequestsByRequester.up(t.database.db);
      expect(byRequester(await indexedColumns('service_requests'))).toBe(true);
    });

    it('seeds the catalogue, and seeding again is harmless', async () => {
      const count = async () =>
        Number(
          (
            await t.database.db
              .selectFrom('services')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count()).toBe(SERVICE_CATALOGUE.length);
      expect(await seedServices(t.database)).toBe(0);
      expect(await count()).toBe(SERVICE_CATALOGUE.length);
      const uber = await t.database.db
        .selectFrom('services')
        .selectAll()
        .where('id', '=', 'uber')
        .executeTakeFirstOrThrow();
      expect(uber).toMatchObject({ name: 'Uber', domain: 'uber.com', created_by: 'system' });
    });

    const user = (overrides: Partial<{ id: string; email: string; username: string }> = {}) => ({
      id: newId(),
      email: `${newId()}@example.com`,
      username: null as string | null,
      created_at: nowIso(),
      last_login_at: null,
      disabled_at: null,
      ...overrides,
    });

    it('adds the listing default (0081), on for accounts that existed before; takes it down again', async () => {
      const existing = user();
      await listingDefault.down?.(t.database.db);
      await expect(sql`select list_new_codes from users`.execute(t.database.db)).rejects.toThrow(
        /list_new_codes/,
      );
      await sql`insert into users (id, email, username, created_at, last_login_at, disabled_at)
        values (${existing.id}, ${existing.email}, null, ${existing.created_at}, null, null)`.execute(
        t.database.db,
      );
      await listingDefault.up(t.database.db);
      const row = await t.database.db
        .selectFrom('users')
        .select('list_new_codes')
        .where('id', '=', existing.id)
        .executeTakeFirstOrThrow();
      expect(row.list_new_codes).toBe(1);
      const fresh = user();
      await t.database.db.insertInto('users').values(fresh).execute();
      const freshRow = await t.database.db
        .selectFrom('users')
        .select('list_new_codes')
        .where('id', '=', fresh.id)
        .executeTakeFirstOrThrow();
      expect(freshRow.list_new_codes).toBe(1);
    });

    it('keeps usernames unique and lowercase', async () => {
      await t.database.db
        .insertInto('users')
        .values(user({ username: 'alex' }))
        .execute();
      const duplicate = t.database.db
        .insertInto('users')
        .values(user({ username: 'alex' }))
        .execute();
      await expect(duplicate).rejects.toSatisfy(isUniqueViolation);
      const upper = t.database.db
        .insertInto('users')
        .values(user({ username: 'Alex2' }))
        .execute();
      // The lowercase CHECK refuses it (not, say, a missing column or a closed connection).
      await expect(upper).rejects.toSatisfy(isCheckViolationOn('username'));
    });

    it('keeps service ids unique', async () => {
      const insert = t.database.db
        .insertInto('services')
        .values({
          id: 'uber',
          name: 'Uber',
          domain: 'uber.com',
          created_at: nowIso(),
          created_by: 'x',
        })
        .execute();
      await expect(insert).rejects.toSatisfy(isUniqueViolation);
    });

    it('cascades user → codes → clicks on delete, and refuses orphans', async () => {
      const u = user();
      await t.database.db.insertInto('users').values(u).execute();
      const codeId = newId();
      await t.database.db
        .insertInto('codes')
        .values({
          id: codeId,
          user_id: u.id,
          service: 'uber',
          product_name: null,
          code: 'X',
          reward: '5',
          link: null,
          created_at: nowIso(),
          updated_at: nowIso(),
        })
        .execute();
      await t.database.db
        .insertInto('clicks')
        .values({ code_id: codeId, clicked_at: nowIso(), visitor_hash: 'h' })
        .execute();
      const orphan = t.database.db
        .insertInto('clicks')
        .values({ code_id: 'missing', clicked_at: nowIso(), visitor_hash: 'h' })
        .execute();
      await expect(orphan).rejects.toSatisfy(isForeignKeyViolation);

      await t.database.db.deleteFrom('users').where('id', '=', u.id).execute();
      const codes = await t.database.db
        .selectFrom('codes')
        .select('id')
        .where('id', '=', codeId)
        .execute();
      const clicks = await t.database.db
        .selectFrom('clicks')
        .select('id')
        .where('code_id', '=', codeId)
        .execute();
      expect(codes).toHaveLength(0);
      expect(clicks).toHaveLength(0);
    });

    it('returns timestamps as ISO strings on both dialects', async () => {
      const row = await t.database.db
        .selectFrom('services')
        .select('created_at')
        .executeTakeFirstOrThrow();
      expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });

    it('seeds the demo profile once', async () => {
      expect(await seedDemoProfile(t.database, 'demo')).toBe(true);
      expect(await seedDemoProfile(t.database, 'demo')).toBe(false);
      const codes = await t.database.db
        .selectFrom('codes')
        .innerJoin('users', 'users.id', 'codes.user_id')
        .select('codes.id')
        .where('users.username', '=', 'demo')
        .execute();
      expect(codes.length).toBeGreaterThanOrEqual(6);
    });
  });
}
