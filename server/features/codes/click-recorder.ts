import type { Database } from '../../db/database.ts';
import { isDatabaseUnavailable } from '../../db/errors.ts';
import { type ClickRow, insertClick, insertClicks } from './clicks.repository.ts';

/** The most clicks one statement writes; more wait for the next batch. */
export const MAX_CLICK_BATCH = 256;

/**
 * Group commit for click events (decision 023). Clicks that arrive while the event loop is busy
 * are written together in one statement once it turns (`setImmediate`), or when the batch in
 * flight ends: one commit, and on PostgreSQL one round trip and one WAL flush, for many clicks.
 * Every promise settles only after its click is committed (or refused), so a 202 is never sent
 * for a click that is not stored.
 */
export interface ClickRecorder {
  /** Resolves true once the click is committed, false when its code does not exist. */
  record(click: ClickRow): Promise<boolean>;
  /** Resolves once every click recorded so far is written (graceful shutdown). */
  close(): Promise<void>;
}

interface Pending {
  click: ClickRow;
  resolve(stored: boolean): void;
  reject(error: unknown): void;
}

export function createClickRecorder(
  database: Database,
  { maxBatch = MAX_CLICK_BATCH }: { maxBatch?: number } = {},
): ClickRecorder {
  let queue: Pending[] = [];
  let scheduled = false;
  // One batch at a time: clicks arriving meanwhile form the next batch. (Two or three batches in
  // flight on PostgreSQL split the clicks into smaller batches and were no faster; decision 023.)
  let writing: Promise<void> | undefined;

  function schedule(): void {
    if (scheduled || writing) return;
    scheduled = true;
    setImmediate(flush);
  }

  function flush(): void {
    scheduled = false;
    if (writing || queue.length === 0) return;
    const batch = queue.slice(0, maxBatch);
    queue = queue.slice(batch.length);
    writing = writeBatch(database, batch).finally(() => {
      writing = undefined;
      if (queue.length > 0) schedule();
    });
  }

  return {
    record(click) {
      return new Promise<boolean>((resolve, reject) => {
        queue.push({ click, resolve, reject });
        schedule();
      });
    },
    async close() {
      while (writing || queue.length > 0) {
        flush();
        await writing;
      }
    },
  };
}

async function writeBatch(database: Database, batch: Pending[]): Promise<void> {
  let stored: Set<string>;
  try {
    stored = new Set(
      await insertClicks(
        database,
        batch.map((pending) => pending.click),
      ),
    );
  } catch (error) {
    // The database is down: every click in the batch fails alike (503), without retrying each.
    if (isDatabaseUnavailable(error)) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    // Anything else (a code deleted mid-statement, a deadlock, one bad row): one row at a time,
    // so a single click's failure is that click's answer alone.
    for (const pending of batch) {
      try {
        pending.resolve(await insertClick(database, pending.click));
      } catch (rowError) {
        pending.reject(rowError);
      }
    }
    return;
  }
  // The statement stores every row of a known code, duplicates included, or none at all.
  for (const pending of batch) pending.resolve(stored.has(pending.click.codeId));
}
