import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';

/** SQLite's own default: checkpoint inline once the WAL holds this many pages. */
const INLINE_CHECKPOINT_PAGES = 1000;
/**
 * With the worker running, the app's connection also checkpoints inline past this many pages
 * (4 MB at 4 KB): a backstop that bounds the WAL even if the worker falls behind. Under steady
 * writes the worker never catches up exactly, so this is also what lets the WAL restart. It was
 * 10,000 pages (40 MB); since the daily stats triggers a click writes about 23 KB of WAL, the
 * worker falls behind under click load, and each 40 MB backstop stalled the event loop: click p99
 * 67–83 ms against 19–26 ms at 1,000 pages, at the same rate (alternating runs; decision 023).
 */
export const BACKSTOP_CHECKPOINT_PAGES = 1_000;
export const CHECKPOINT_INTERVAL_MS = 100;

export interface WalCheckpointer {
  /** Stops the worker and closes its connection. */
  stop(): Promise<void>;
}

/**
 * Moves SQLite's WAL checkpoints off the request thread (decision 023). A checkpoint copies the
 * committed WAL pages into the database file and fsyncs both; run inline, after whichever commit
 * crosses the threshold, it stalled every request behind it. A worker thread with its own
 * connection checkpoints every `intervalMs` instead (PASSIVE: it never blocks the app). If the
 * worker dies, the app's connection goes back to checkpointing inline.
 */
export function startWalCheckpointer(
  handle: SqliteDatabase.Database,
  file: string,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): WalCheckpointer {
  const worker = new Worker(new URL('./wal-checkpoint-worker.ts', import.meta.url), {
    workerData: { file, intervalMs },
    // The worker needs none of the app's Node flags, and some (--input-type) would stop it.
    execArgv: [],
  });
  // A process that never closes its database must still be able to exit.
  worker.unref();
  handle.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  let stopping = false;
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      if (!stopping && handle.open) {
        handle.pragma(`wal_autocheckpoint = ${INLINE_CHECKPOINT_PAGES}`);
      }
      resolve();
    });
  });
  worker.on('error', (error: Error) => {
    process.emitWarning(`SQLite checkpoint worker failed, checkpointing inline: ${error.message}`);
  });
  return {
    async stop() {
      stopping = true;
      // Referenced again, or a process with nothing else to do would exit before the worker does.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
