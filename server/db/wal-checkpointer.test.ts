import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from './database.ts';
import { CHECKPOINT_INTERVAL_MS } from './wal-checkpointer.ts';

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

describe('SQLite WAL checkpoints in a worker thread', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-wal-'));
    file = path.join(dir, 'wal.db');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('copies committed pages into the database file without the app checkpointing', async () => {
    const database = createDatabase({ kind: 'sqlite', path: file });
    try {
      await sql`create table filler (data blob)`.execute(database.db);
      // 2 MB: about 500 WAL pages, below SQLite's own inline threshold of 1,000.
      await sql`insert into filler values (zeroblob(2000000))`.execute(database.db);
      const copied = await waitFor(
        () => fs.statSync(file).size >= 2_000_000,
        20 * CHECKPOINT_INTERVAL_MS + 2000,
      );
      expect(copied).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('closes the worker with the database, leaving a whole file and no WAL', async () => {
    const database = createDatabase({ kind: 'sqlite', path: file });
    await sql`create table filler (data blob)`.execute(database.db);
    for (let i = 0; i < 20; i += 1) {
      await sql`insert into filler values (randomblob(10000))`.execute(database.db);
    }
    await database.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const check = new SqliteDatabase(file, { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(check.prepare('select count(*) as n from filler').get()).toEqual({ n: 20 });
    check.close();
  });

  it('lets a process that closes its database exit on its own, the worker stopped cleanly', async () => {
    const script = `
      import { createDatabase } from ${JSON.stringify(path.join(import.meta.dirname, 'database.ts'))};
      const database = createDatabase({ kind: 'sqlite', path: ${JSON.stringify(file)} });
      await database.close();
      console.log('closed');`;
    const { code, stdout, stderr } = await new Promise<{
      code: number;
      stdout: string;
      stderr: string;
    }>((resolve) => {
      execFile(process.execPath, ['--input-type=module', '-e', script], (error, out, err) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: out, stderr: err }),
      );
    });
    expect(stderr).toBe('');
    expect(stdout.trim()).toBe('closed');
    expect(code).toBe(0);
  });

  it('starts no worker for an in-memory database', async () => {
    const database = createDatabase({ kind: 'sqlite', path: ':memory:' });
    expect(await database.ping()).toBe(true);
    await database.close();
  });
});
