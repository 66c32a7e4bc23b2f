import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../../test-support/test-app.ts';
import { newId, nowIso } from '../ids.ts';
import { migrateToLatest } from '../migrate.ts';
import { profileIdentity } from './2026-11-27-0100-profile-identity.ts';
import { insertOwnerWithListedCode, lyftListingRev } from './migrations.test-helpers.ts';

for (const kind of testDatabaseKinds()) {
  describe(`migration 0100 profile identity [${kind}]`, () => {
    let t: TestDatabase;
    let userId: string;
    beforeAll(async () => {
      t = await createTestDatabase(kind, { ownDatabase: true });
      ({ userId } = await insertOwnerWithListedCode(t.database.db, {
        usernamePrefix: 'i',
        code: 'IDENT',
      }));
    });
    afterAll(async () => {
      await t.destroy();
    });

    const rev = () => lyftListingRev(t.database.db);

    it("bumps the owner's listings when what a card shows changes (name, avatar, hide), not for a bio", async () => {
      const db = t.database.db;
      const set = (values: Record<string, string | null>) =>
        db.updateTable('users').set(values).where('id', '=', userId).execute();
      const start = await rev();
      await set({ bio: 'Only the profile shows this' });
      expect(await rev()).toBe(start);
      await set({ display_name: 'Card Name' });
      expect(await rev()).toBe(start + 1);
      await set({ display_name: 'Card Name' });
      expect(await rev()).toBe(start + 1);
      await set({ avatar_hash: 'a'.repeat(32) });
      expect(await rev()).toBe(start + 2);
      await set({ details_hidden_at: nowIso() });
      expect(await rev()).toBe(start + 3);
    });

    it('deletes avatars with their owner', async () => {
      const db = t.database.db;
      const owner = newId();
      await db
        .insertInto('users')
        .values({ id: owner, email: `${owner}@example.com`, username: null, created_at: nowIso() })
        .execute();
      await db
        .insertInto('avatars')
        .values({
          hash: 'b'.repeat(32),
          user_id: owner,
          webp_512: Buffer.from([1, 2, 3]),
          webp_128: Buffer.from([4]),
          created_at: nowIso(),
        })
        .execute();
      const stored = await db
        .selectFrom('avatars')
        .select('webp_512')
        .where('user_id', '=', owner)
        .executeTakeFirstOrThrow();
      expect([...Buffer.from(stored.webp_512)]).toEqual([1, 2, 3]);
      await db.deleteFrom('users').where('id', '=', owner).execute();
      expect(
        await db.selectFrom('avatars').select('hash').where('user_id', '=', owner).execute(),
      ).toEqual([]);
    });

    it('goes down and up again', async () => {
      const db = t.database.db;
      const migration = profileIdentity(kind);
      await migration.down?.(db);
      const tables = (await db.introspection.getTables()).filter(
        (item) => t.schema === undefined || item.schema === t.schema,
      );
      expect(tables.map((item) => item.name)).not.toContain('avatars');
      const users = tables.find((item) => item.name === 'users')?.columns.map((c) => c.name);
      expect(users).not.toContain('display_name');
      // The 0099 trigger is back as it was: a rename still notifies (no error on update).
      await db
        .updateTable('users')
        .set({ username: `j${userId.slice(-8)}` })
        .where('id', '=', userId)
        .execute();
      await migration.up(db);
      expect(await migrateToLatest(t.database)).toEqual([]);
    });
  });
}
