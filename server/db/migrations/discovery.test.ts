import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../../test-support/test-app.ts';
import { newId, nowIso } from '../ids.ts';
import { migrateToLatest } from '../migrate.ts';
import { discovery } from './2026-11-23-0070-discovery.ts';
import { votesByNetwork } from './2026-11-26-0091-votes-by-network.ts';
import { moderation } from './2026-11-26-0095-moderation.ts';
import { changeNotify } from './2026-11-26-0099-change-notify.ts';
import { profileIdentity } from './2026-11-27-0100-profile-identity.ts';
import { mailQueueAndJobs } from './2026-11-27-0130-mail-queue-and-jobs.ts';
import { linkHealth } from './2026-11-27-0140-link-health.ts';
import { insertBareUser, lyftListingRev } from './migrations.test-helpers.ts';

for (const kind of testDatabaseKinds()) {
  describe(`migration 0070 discovery [${kind}]`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(kind, { ownDatabase: true });
    });
    afterAll(async () => {
      await t.destroy();
    });

    const columns = async (table: string) =>
      (await t.database.db.introspection.getTables())
        .filter((item) => t.schema === undefined || item.schema === t.schema)
        .find((item) => item.name === table)
        ?.columns.map((c) => c.name);

    it('leaves codes written before it unlisted, goes down and up again, and keeps profiles', async () => {
      const migration = discovery(kind);
      const db = t.database.db;
      // 0095, 0099, 0100 and 0140 name 0070's columns in their triggers, and 0130 indexes one: they
      // go first (0140 comes back after).
      await linkHealth(kind).down?.(db);
      await mailQueueAndJobs(kind).down?.(db);
      await profileIdentity(kind).down?.(db);
      await changeNotify(kind).down?.(db);
      await moderation(kind).down?.(db);
      await migration.down?.(db);
      expect(await columns('codes')).not.toContain('listed');
      expect(await columns('votes')).toBeUndefined();
      const userId = await insertBareUser(db, 'u');
      // A code as the app wrote it before 0070 (no listed, expiry or countries columns).
      await sql`insert into codes (id, user_id, service, product_name, code, reward, link, created_at, updated_at) values (${newId()}, ${userId}, 'uber', null, 'OLD', '5', null, ${nowIso()}, ${nowIso()})`.execute(
        db,
      );
      const before = await db
        .selectFrom('users')
        .select('profile_codes')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(before.profile_codes)[0]).not.toHaveProperty('expiresAt');
      await migration.up(db);
      // 0070's `votes` came back as 0070 made it: what later migrations changed in it, again.
      await votesByNetwork.up(db);
      await moderation(kind).up(db);
      await changeNotify(kind).up(db);
      await linkHealth(kind).up(db);
      const row = await db
        .selectFrom('codes')
        .select(['listed', 'expires_on', 'countries'])
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ listed: 0, expires_on: null, countries: null });
      const after = await db
        .selectFrom('users')
        .select('profile_codes')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(after.profile_codes)[0]).toMatchObject({
        code: 'OLD',
        expiresAt: null,
        countries: null,
      });
      // The new visible columns rebuild the profile.
      await db
        .updateTable('codes')
        .set({ countries: '["GB","US"]', expires_on: '2030-01-31' })
        .where('user_id', '=', userId)
        .execute();
      const edited = await db
        .selectFrom('users')
        .select('profile_codes')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(edited.profile_codes)[0]).toMatchObject({
        expiresAt: '2030-01-31',
        countries: ['GB', 'US'],
      });
      expect(await migrateToLatest(t.database)).toEqual([]);
    });

    it('bumps the service listing revision for listed codes, votes and renames, not for unlisted codes or clicks', async () => {
      const db = t.database.db;
      const rev = () => lyftListingRev(db);
      const userId = await insertBareUser(db, 'r');
      const codeId = newId();
      const start = await rev();
      await db
        .insertInto('codes')
        .values({
          id: codeId,
          user_id: userId,
          service: 'lyft',
          product_name: null,
          code: 'U',
          reward: '5',
          link: null,
          created_at: nowIso(),
          updated_at: nowIso(),
        })
        .execute();
      expect(await rev()).toBe(start);
      await db.updateTable('codes').set({ listed: 1 }).where('id', '=', codeId).execute();
      expect(await rev()).toBe(start + 1);
      await db.updateTable('codes').set({ clicks: 3 }).where('id', '=', codeId).execute();
      expect(await rev()).toBe(start + 1);
      await db
        .insertInto('votes')
        .values({
          code_id: codeId,
          network_hash: 'h',
          day: '2030-01-01',
          worked: 1,
          reason: null,
          created_at: nowIso(),
        })
        .execute();
      expect(await rev()).toBe(start + 2);
      await db
        .updateTable('users')
        .set({ username: `s${userId.slice(-8)}` })
        .where('id', '=', userId)
        .execute();
      expect(await rev()).toBe(start + 3);
      await db.updateTable('codes').set({ listed: 0 }).where('id', '=', codeId).execute();
      expect(await rev()).toBe(start + 4);
      await db.deleteFrom('codes').where('id', '=', codeId).execute();
      expect(await rev()).toBe(start + 4);
    });
  });
}
