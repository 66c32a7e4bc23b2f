import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../../test-support/test-app.ts';
import { nowIso } from '../ids.ts';
import { migrateToLatest } from '../migrate.ts';
import { lockUserForWrite } from '../row-locks.ts';
import { moderation } from './2026-11-26-0095-moderation.ts';
import { insertOwnerWithListedCode, lyftListingRev } from './migrations.test-helpers.ts';

for (const kind of testDatabaseKinds()) {
  describe(`migration 0095 moderation [${kind}]`, () => {
    let t: TestDatabase;
    let userId: string;
    let codeId: string;
    beforeAll(async () => {
      t = await createTestDatabase(kind, { ownDatabase: true });
      ({ userId, codeId } = await insertOwnerWithListedCode(t.database.db, {
        usernamePrefix: 'm',
        code: 'MOD',
      }));
    });
    afterAll(async () => {
      await t.destroy();
    });

    const profile = async () =>
      JSON.parse(
        (
          await t.database.db
            .selectFrom('users')
            .select('profile_codes')
            .where('id', '=', userId)
            .executeTakeFirstOrThrow()
        ).profile_codes,
      ).map((c: { code: string }) => c.code);
    const rev = () => lyftListingRev(t.database.db);

    it('leaves a hidden code out of the profile and bumps its service page, only on a real change', async () => {
      const db = t.database.db;
      const start = await rev();
      await db.updateTable('codes').set({ hidden_at: nowIso() }).where('id', '=', codeId).execute();
      expect(await profile()).toEqual([]);
      expect(await rev()).toBe(start + 1);
      await sql`update codes set hidden_at = hidden_at where id = ${codeId}`.execute(db);
      expect(await rev()).toBe(start + 1);
      await db.updateTable('codes').set({ hidden_at: null }).where('id', '=', codeId).execute();
      expect(await profile()).toEqual(['MOD']);
      expect(await rev()).toBe(start + 2);

      await db
        .updateTable('users')
        .set({ disabled_at: nowIso() })
        .where('id', '=', userId)
        .execute();
      expect(await rev()).toBe(start + 3);
      // The user write lock rewrites `disabled_at` unchanged on SQLite: no page changes.
      await db.transaction().execute((trx) => lockUserForWrite(trx, kind, userId));
      expect(await rev()).toBe(start + 3);
      await db.updateTable('users').set({ disabled_at: null }).where('id', '=', userId).execute();
      expect(await rev()).toBe(start + 4);
    });

    it('goes down and up again, keeping the profiles', async () => {
      const db = t.database.db;
      const migration = moderation(kind);
      await migration.down?.(db);
      const tables = (await db.introspection.getTables())
        .filter((item) => t.schema === undefined || item.schema === t.schema)
        .map((item) => item.name);
      expect(tables).not.toContain('moderation_actions');
      expect(await profile()).toEqual(['MOD']);
      await migration.up(db);
      expect(await profile()).toEqual(['MOD']);
      expect(await migrateToLatest(t.database)).toEqual([]);
    });
  });
}
