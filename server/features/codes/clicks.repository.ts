import type { Kysely } from 'kysely';
import { isForeignKeyViolation } from '../../db/errors.ts';
import type { DB } from '../../db/schema.ts';

/**
 * One click: the event row and `clicks + 1` in one transaction, so the two never disagree and
 * concurrent copies never lose an update (the UPDATE takes the row lock). The event is inserted
 * first: its foreign key refuses an unknown code, and the hot row lock is then held only from
 * the UPDATE to the COMMIT, which keeps 500 concurrent copies of one code quick.
 * False when the code does not exist.
 */
export async function insertClick(
  db: Kysely<DB>,
  codeId: string,
  clickedAt: string,
  visitorHash: string,
): Promise<boolean> {
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('clicks')
        .values({ code_id: codeId, clicked_at: clickedAt, visitor_hash: visitorHash })
        .execute();
      await trx
        .updateTable('codes')
        .set((eb) => ({ clicks: eb('clicks', '+', 1) }))
        .where('id', '=', codeId)
        .execute();
    });
    return true;
  } catch (error) {
    if (isForeignKeyViolation(error)) return false;
    throw error;
  }
}
