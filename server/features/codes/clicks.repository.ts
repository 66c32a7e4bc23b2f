import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { preparedOnPostgres } from '../../db/prepared-statements.ts';
import { rowBatch } from '../../db/row-batch.ts';
import { oncePer } from '../../once-per.ts';

export interface ClickRow {
  codeId: string;
  /** ISO 8601, UTC. */
  clickedAt: string;
  visitorHash: string;
}

type ClickTuple = readonly [codeId: string, clickedAt: string, visitorHash: string];

/**
 * Click events in ONE statement (one transaction, one commit), returning the code id of every
 * event stored. Rows naming an unknown code are left out by the join with `codes`, so they fail
 * alone and the caller answers 404 for exactly those. Each event's insert trigger (migration
 * 0051) adds 1 to its code's `clicks` inside the same statement, so the counter and the events
 * never disagree. Rows go in code-id order: concurrent batches on PostgreSQL then take the
 * counters' row locks in one order and cannot deadlock. The event's foreign key still refuses a
 * code deleted while the statement runs (the caller falls back to one row at a time).
 */
export async function insertClicks(
  database: Database,
  clicks: readonly ClickRow[],
): Promise<string[]> {
  const { query, batch } = compiledInsert(database);
  const tuples = clicks.map((c): ClickTuple => [c.codeId, c.clickedAt, c.visitorHash]);
  const result = await database.db.executeQuery<{ code_id: string }>({
    ...query,
    parameters: batch.parameters(tuples),
  });
  return result.rows.map((row) => row.code_id);
}

/** One click: false when the code does not exist (or was deleted while it was written). */
export async function insertClick(database: Database, click: ClickRow): Promise<boolean> {
  try {
    return (await insertClicks(database, [click])).length === 1;
  } catch (error) {
    if (isForeignKeyViolation(error)) return false;
    throw error;
  }
}

// Compiled once per database: the SQL text never depends on the batch, so only the parameters
// change (SQLite reuses the prepared statement; PostgreSQL runs it as a named statement).
const compiledInsert = oncePer((database: Database) => {
  const batch = rowBatch<ClickTuple>(database.dialect, 'batch', {
    code_id: 'text',
    clicked_at: 'timestamp',
    visitor_hash: 'text',
  });
  const query = preparedOnPostgres(
    sql<{ code_id: string }>`
      insert into clicks (code_id, clicked_at, visitor_hash)
      select batch.code_id, batch.clicked_at, batch.visitor_hash
      from ${batch.table}
      join codes on codes.id = batch.code_id
      order by batch.code_id
      returning code_id`.compile(database.db),
  );
  return { query, batch };
});
