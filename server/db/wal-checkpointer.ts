import { Worker } from 'node:worker_threads';
import type SqliteDatabase from 'better-sqlite3';

/**
 * The app's connection still checkpoints inline past this many pages (4 MB at 4 KB; SQLite's own
 * default, set explicitly): a backstop that bounds the WAL if the worker falls behind or dies.
 * Under steady writes the worker never catches up exactly, so this is also what lets the WAL
 * restart. It was 10,000 pages (40 MB), with SQLite's 1,000 restored only if the worker died;
 * since the daily stats triggers a click writes about 23 KB of WAL, the worker falls behind under
 * click load, and each 40 MB backstop stalled the event loop: click p99 67–83 ms against 19–26 ms
 * at 1,000 pages, at the same rate (alternating runs; decision 023).
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
 * worker dies, the app's connection's backstop does it all, inline.
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
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('error', (error: Error) => {
    process.emitWarning(`SQLite checkpoint worker failed, checkpointing inline: ${error.message}`);
  });
  return {
    async stop() {
      // Referenced again, or a process with nothing else to do would exit before the worker does.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
