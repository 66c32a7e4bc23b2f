import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { preparedOnPostgres } from '../../db/prepared-statements.ts';
import { rowBatch } from '../../db/row-batch.ts';
import { oncePer } from '../../once-per.ts';

/** A visitor's repeat copy of a code within this long after their counted one is not counted. */
export const CLICK_REPEAT_WINDOW_MS = 30 * 60_000;

export interface ClickRow {
  codeId: string;
  /** ISO 8601, UTC. */
  clickedAt: string;
  visitorHash: string;
}

/** What became of one click: stored, a repeat of a counted one, or for a code that does not exist. */
export type ClickOutcome = 'counted' | 'repeat' | 'not-found';

type ClickTuple = readonly [
  codeId: string,
  clickedAt: string,
  visitorHash: string,
  countedAfter: string,
];

/** The key of one (code, visitor) pair. */
export const clickKey = (codeId: string, visitorHash: string) => `${codeId}\n${visitorHash}`;

/**
 * Click events in ONE statement (one transaction, one commit), returning the key (`clickKey`) of
 * every event stored. A row is left out when its code does not exist (the join with `codes`) or
 * when the same visitor already has a click of that code less than CLICK_REPEAT_WINDOW_MS before
 * this one (the `not exists`, one seek in `clicks_code_id_visitor_hash_clicked_at_idx`): so an
 * unknown code fails alone, and a repeat is simply not counted. The rows must not hold the same
 * (code, visitor) pair twice: one statement does not see its own inserts, so the caller
 * de-duplicates a batch first.
 *
 * Each event's insert trigger (migration 0051) adds 1 to its code's `clicks` inside the same
 * statement, so the counter and the events never disagree. Rows go in code-id order: concurrent
 * batches on PostgreSQL then take the counters' row locks in one order and cannot deadlock. The
 * event's foreign key still refuses a code deleted while the statement runs (the caller falls
 * back to one row at a time).
 */
export async function insertClicks(
  database: Database,
  clicks: readonly ClickRow[],
): Promise<Set<string>> {
  const { query, batch } = compiledInsert(database);
  const tuples = clicks.map(
    (c): ClickTuple => [
      c.codeId,
      c.clickedAt,
      c.visitorHash,
      new Date(Date.parse(c.clickedAt) - CLICK_REPEAT_WINDOW_MS).toISOString(),
    ],
  );
  const result = await database.db.executeQuery<{ code_id: string; visitor_hash: string }>({
    ...query,
    parameters: batch.parameters(tuples),
  });
  return new Set(result.rows.map((row) => clickKey(row.code_id, row.visitor_hash)));
}

/** Which of these code ids name a code (one fixed statement, whatever the number of ids). */
export async function existingCodeIds(
  database: Database,
  codeIds: readonly string[],
): Promise<Set<string>> {
  const { query, batch } = compiledExisting(database);
  const result = await database.db.executeQuery<{ id: string }>({
    ...query,
    parameters: batch.parameters(codeIds.map((id) => [id] as const)),
  });
  return new Set(result.rows.map((row) => row.id));
}

/** One click on its own. A code deleted while it is written counts as not found. */
export async function insertClick(database: Database, click: ClickRow): Promise<ClickOutcome> {
  let stored: Set<string>;
  try {
    stored = await insertClicks(database, [click]);
  } catch (error) {
    if (isForeignKeyViolation(error)) return 'not-found';
    throw error;
  }
  if (stored.size === 1) return 'counted';
  return (await existingCodeIds(database, [click.codeId])).size === 1 ? 'repeat' : 'not-found';
}

// Compiled once per database: the SQL text never depends on the batch, so only the parameters
// change (SQLite reuses the prepared statement; PostgreSQL runs it as a named statement).
const compiledInsert = oncePer((database: Database) => {
  const batch = rowBatch<ClickTuple>(database.dialect, 'batch', {
    code_id: 'text',
    clicked_at: 'timestamp',
    visitor_hash: 'text',
    counted_after: 'timestamp',
  });
  const query = preparedOnPostgres(
    sql<{ code_id: string; visitor_hash: string }>`
      insert into clicks (code_id, clicked_at, visitor_hash)
      select batch.code_id, batch.clicked_at, batch.visitor_hash
      from ${batch.table}
      join codes on codes.id = batch.code_id
      where not exists (
        select 1 from clicks recent
        where recent.code_id = batch.code_id
          and recent.visitor_hash = batch.visitor_hash
          and recent.clicked_at > batch.counted_after
      )
      order by batch.code_id
      returning code_id, visitor_hash`.compile(database.db),
  );
  return { query, batch };
});

const compiledExisting = oncePer((database: Database) => {
  const batch = rowBatch<readonly [codeId: string]>(database.dialect, 'batch', {
    code_id: 'text',
  });
  const query = sql<{ id: string }>`
    select codes.id from ${batch.table} join codes on codes.id = batch.code_id`.compile(
    database.db,
  );
  return { query, batch };
});
