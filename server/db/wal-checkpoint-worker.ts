/**
 * Runs in a worker thread (wal-checkpointer.ts): its own connection to the SQLite file copies
 * committed WAL frames into the database, so that work and its fsyncs leave the request thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';

const { file, intervalMs } = workerData as { file: string; intervalMs: number };
const handle = new SqliteDatabase(file, { fileMustExist: true });
handle.pragma('busy_timeout = 5000');

const timer = setInterval(() => {
  // PASSIVE never waits for or blocks the app's readers and writer; what it cannot copy now
  // waits for the next turn.
  handle.pragma('wal_checkpoint(PASSIVE)');
}, intervalMs);

parentPort?.once('message', () => {
  clearInterval(timer);
  handle.close();
  parentPort?.close();
});
