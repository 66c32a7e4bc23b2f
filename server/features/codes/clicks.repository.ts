import type { Kysely } from 'kysely';
import { isForeignKeyViolation } from '../../db/errors.ts';
import type { DB } from '../../db/schema.ts';

/**
 * One click: the event row, whose insert trigger adds 1 to the code's `clicks` in the same
 * statement (migration 0051), so the two never disagree and concurrent copies never lose an
 * update (the trigger's UPDATE takes the row lock). The event's foreign key refuses an unknown
 * code: false when the code does not exist.
 */
export async function insertClick(
  db: Kysely<DB>,
  codeId: string,
  clickedAt: string,
  visitorHash: string,
): Promise<boolean> {
  try {
    await db
      .insertInto('clicks')
      .values({ code_id: codeId, clicked_at: clickedAt, visitor_hash: visitorHash })
      .execute();
    return true;
  } catch (error) {
    if (isForeignKeyViolation(error)) return false;
    throw error;
  }
}
