import type { Database } from '../../db/database.ts';
import { isDatabaseUnavailable } from '../../db/errors.ts';
import {
  type ClickOutcome,
  type ClickRow,
  clickKey,
  existingCodeIds,
  insertClick,
  insertClicks,
} from './clicks.repository.ts';

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
  /**
   * Resolves 'counted' once the click is committed, 'repeat' when the same visitor already has a
   * counted click of the code within the repeat window (nothing stored), 'not-found' when the code
   * does not exist.
   */
  record(click: ClickRow): Promise<ClickOutcome>;
  /** Resolves once every click recorded so far is written (graceful shutdown). */
  close(): Promise<void>;
}

interface Pending {
  click: ClickRow;
  resolve(outcome: ClickOutcome): void;
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
      return new Promise<ClickOutcome>((resolve, reject) => {
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

/**
 * Splits a batch into the first click of each (code, visitor) pair, which is written, and its
 * later copies, which share its fate: one statement cannot see its own rows, so two copies in one
 * batch would otherwise both pass the repeat check.
 */
function byVisitor(batch: Pending[]): Map<string, Pending[]> {
  const groups = new Map<string, Pending[]>();
  for (const pending of batch) {
    const key = clickKey(pending.click.codeId, pending.click.visitorHash);
    const group = groups.get(key);
    if (group) group.push(pending);
    else groups.set(key, [pending]);
  }
  return groups;
}

/** Settles a group: the first click gets `outcome`; its copies are repeats of a counted click. */
function settle(group: Pending[], outcome: ClickOutcome): void {
  for (const [index, pending] of group.entries()) {
    pending.resolve(index > 0 && outcome === 'counted' ? 'repeat' : outcome);
  }
}

async function writeBatch(database: Database, batch: Pending[]): Promise<void> {
  const groups = [...byVisitor(batch).values()];
  let stored: Set<string>;
  try {
    stored = await insertClicks(
      database,
      groups.map((group) => group[0]!.click),
    );
  } catch (error) {
    // The database is down: every click in the batch fails alike (503), without retrying each.
    if (isDatabaseUnavailable(error)) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    // Anything else (a code deleted mid-statement, a deadlock, one bad row): one row at a time,
    // so a single click's failure is that click's answer alone.
    for (const group of groups) {
      try {
        settle(group, await insertClick(database, group[0]!.click));
      } catch (rowError) {
        for (const pending of group) pending.reject(rowError);
      }
    }
    return;
  }
  const unstored: Pending[][] = [];
  for (const group of groups) {
    const { codeId, visitorHash } = group[0]!.click;
    if (stored.has(clickKey(codeId, visitorHash))) settle(group, 'counted');
    else unstored.push(group);
  }
  if (unstored.length === 0) return;
  // A row left out is a repeat or names no code; only these few ask which.
  try {
    const known = await existingCodeIds(
      database,
      unstored.map((group) => group[0]!.click.codeId),
    );
    for (const group of unstored) {
      settle(group, known.has(group[0]!.click.codeId) ? 'repeat' : 'not-found');
    }
  } catch (error) {
    for (const group of unstored) for (const pending of group) pending.reject(error);
  }
}
