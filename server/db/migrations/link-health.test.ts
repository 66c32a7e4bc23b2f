import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../../test-support/test-app.ts';
import { insertTestUser } from '../../test-support/test-users.ts';
import { newId } from '../ids.ts';
import { migrateToLatest } from '../migrate.ts';
import { linkHealth } from './2026-11-27-0140-link-health.ts';

for (const kind of testDatabaseKinds()) {
  describe(`migration 0140 link health [${kind}]`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(kind, { ownDatabase: true });
    });
    afterAll(async () => {
      await t.destroy();
    });

    it('goes down and up again; the codes listed before are due, the others not tracked', async () => {
      const db = t.database.db;
      const userId = await insertTestUser(db, { email: `${newId()}@example.com`, username: null });
      const at = '2026-11-20T10:00:00.000Z';
      const code = (listed: 0 | 1, link: string | null) => ({
        id: newId(),
        user_id: userId,
        service: 'uber',
        product_name: null,
        code: 'MIG',
        reward: '5',
        link,
        created_at: at,
        updated_at: at,
        listed,
      });
      const listedLink = code(1, 'https://uber.com/invite/mig');
      const others = [code(0, 'https://uber.com/invite/off'), code(1, null), code(1, 'a note')];
      await linkHealth(kind).down?.(db);
      await db
        .insertInto('codes')
        .values([listedLink, ...others])
        .execute();
      await linkHealth(kind).up(db);
      const rows = await db
        .selectFrom('code_links')
        .select(['code_id', 'state', 'next_check_at'])
        .execute();
      expect(
        rows.map((r) => ({ ...r, next_check_at: new Date(r.next_check_at!).toISOString() })),
      ).toEqual([{ code_id: listedLink.id, state: 'unknown', next_check_at: at }]);
      expect(await migrateToLatest(t.database)).toEqual([]);
    });
  });
}
