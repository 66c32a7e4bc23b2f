import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../../test-support/test-app.ts';
import { nowIso } from '../ids.ts';
import { allMigrations } from './index.ts';

const NAME = '2026-11-23-0062-logo-cache-bounds';

for (const kind of testDatabaseKinds()) {
  describe(`migration ${NAME} [${kind}]`, () => {
    let t: TestDatabase;
    let migrator: Migrator;
    let before: string;
    beforeAll(async () => {
      t = await createTestDatabase(kind, { ownDatabase: true });
      const names = Object.keys(allMigrations(t.database.dialect)).sort();
      before = names[names.indexOf(NAME) - 1] ?? '';
      migrator = new Migrator({
        db: t.database.db,
        provider: { getMigrations: async () => allMigrations(t.database.dialect) },
        ...(t.database.schema ? { migrationTableSchema: t.database.schema } : {}),
      });
    });
    afterAll(async () => {
      await t.destroy();
    });

    const keys = async () =>
      (
        await t.database.db.selectFrom('logos').select('cache_key').orderBy('cache_key').execute()
      ).map((row) => row.cache_key);
    const insert = (cacheKeys: string[]) =>
      t.database.db
        .insertInto('logos')
        .values(
          cacheKeys.map((cache_key) => ({
            cache_key,
            service_id: cache_key.split(':')[1] ?? '',
            logo_data: 'iVBORw0KGgo=',
            logo_type: 'image/png',
            logo_url: null,
            error: null,
            fetched_at: nowIso(),
            expires_at: null,
          })),
        )
        .execute();
    const indexNames = async () => {
      const { rows } =
        kind === 'sqlite'
          ? await sql<{
              name: string;
            }>`select name from sqlite_master where type = 'index' and tbl_name = 'logos'`.execute(
              t.database.db,
            )
          : await sql<{
              name: string;
            }>`select indexname as name from pg_indexes where tablename = 'logos' and schemaname = current_schema()`.execute(
              t.database.db,
            );
      return rows.map((row) => row.name);
    };

    it('keys cached logos by size, keeps the square ones at 64, 160 and 400, drops the rest, and indexes expiry and age', async () => {
      const down = await migrator.migrateTo(before);
      expect(down.error).toBeUndefined();
      await t.database.db.deleteFrom('logos').execute();
      await insert([
        'service:acme:64x64',
        'service:acme:160x160',
        'service:acme:400x400',
        'service:acme:17x17',
        'service:acme:64x48',
        'service:acme:1024x1024',
        'service:b:c:160x160',
        'lookup:other',
      ]);
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      expect(await keys()).toEqual([
        'lookup:other',
        'service:acme:160',
        'service:acme:400',
        'service:acme:64',
        'service:b:c:160',
      ]);
      expect(await indexNames()).toEqual(
        expect.arrayContaining(['logos_expires_at_idx', 'logos_fetched_at_idx']),
      );
    });

    it('goes back down: keys as they were, indexes gone', async () => {
      const down = await migrator.migrateTo(before);
      expect(down.error).toBeUndefined();
      expect(await keys()).toEqual([
        'lookup:other',
        'service:acme:160x160',
        'service:acme:400x400',
        'service:acme:64x64',
        'service:b:c:160x160',
      ]);
      const names = await indexNames();
      expect(names).not.toContain('logos_expires_at_idx');
      expect(names).not.toContain('logos_fetched_at_idx');
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
    });
  });
}
