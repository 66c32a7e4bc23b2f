import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * One click: the event row and `clicks + 1` in one transaction, so the two never disagree and
 * concurrent copies never lose an update (the UPDATE takes the row lock). False when the code
 * does not exist.
 */
export function insertClick(
  db: Kysely<DB>,
  codeId: string,
  clickedAt: string,
  visitorHash: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('codes')
      .set((eb) => ({ clicks: eb('clicks', '+', 1) }))
      .where('id', '=', codeId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await trx
      .insertInto('clicks')
      .values({ code_id: codeId, clicked_at: clickedAt, visitor_hash: visitorHash })
      .execute();
    return true;
  });
}
