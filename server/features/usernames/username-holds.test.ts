import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids.ts';
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../../test-support/test-app.ts';
import { insertTestUser } from '../../test-support/test-users.ts';
import {
  currentNameOfHolder,
  deleteExpiredUsernameHolds,
  findUsernameHold,
  holdUsername,
  releaseUsernameHold,
} from './username-holds.ts';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-12-01T00:00:00.000Z');

for (const kind of testDatabaseKinds()) {
  describe(`username holds [${kind}]`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await createTestDatabase(kind);
    });
    afterAll(() => t.destroy());

    const user = (username: string | null) =>
      insertTestUser(t.database.db, { email: `${newId()}@example.com`, username });

    it('keeps a name for its holder for exactly 90 days', async () => {
      const id = await user('now_name');
      await holdUsername(t.database.db, 'old_name', id, NOW);
      expect(await findUsernameHold(t.database.db, 'old_name', NOW + 90 * DAY - 1)).toEqual({
        userId: id,
        heldUntil: '2027-03-01T00:00:00.000Z',
      });
      expect(await findUsernameHold(t.database.db, 'old_name', NOW + 90 * DAY)).toBeUndefined();
      expect(await currentNameOfHolder(t.database.db, 'old_name', NOW + DAY)).toBe('now_name');
      expect(await currentNameOfHolder(t.database.db, 'old_name', NOW + 90 * DAY)).toBeUndefined();
    });

    it('lets a later hold of the same name replace the earlier one', async () => {
      const a = await user('a_now');
      const b = await user('b_now');
      await holdUsername(t.database.db, 'shared_old', a, NOW);
      await holdUsername(t.database.db, 'shared_old', b, NOW + 100 * DAY);
      const hold = await findUsernameHold(t.database.db, 'shared_old', NOW + 101 * DAY);
      expect(hold?.userId).toBe(b);
    });

    it('outlives the account it came from (for account deletion), leading nowhere', async () => {
      const id = await user('leaving');
      await holdUsername(t.database.db, 'leaving', id, NOW);
      await t.database.db.deleteFrom('users').where('id', '=', id).execute();
      expect((await findUsernameHold(t.database.db, 'leaving', NOW + DAY))?.userId).toBe(id);
      expect(await currentNameOfHolder(t.database.db, 'leaving', NOW + DAY)).toBeUndefined();
    });

    it('is released on take-back, and swept once run out', async () => {
      const id = await user('sweeper');
      await holdUsername(t.database.db, 'taken_back', id, NOW);
      await releaseUsernameHold(t.database.db, 'taken_back');
      expect(await findUsernameHold(t.database.db, 'taken_back', NOW)).toBeUndefined();
      await holdUsername(t.database.db, 'run_out', id, NOW);
      await deleteExpiredUsernameHolds(t.database.db, NOW + 90 * DAY);
      const rows = await t.database.db
        .selectFrom('username_holds')
        .select('username')
        .where('username', '=', 'run_out')
        .execute();
      expect(rows).toEqual([]);
    });
  });
}
