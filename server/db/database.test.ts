import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './database.ts';

describe('the SQLite connection', () => {
  let dir: string;
  let database: Database;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-db-'));
    database = createDatabase({ kind: 'sqlite', path: path.join(dir, 'app.db') });
  });
  afterEach(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function pragma(name: string): Promise<unknown> {
    const { rows } = await sql<Record<string, unknown>>`${sql.raw(`pragma ${name}`)}`.execute(
      database.db,
    );
    return Object.values(rows[0] ?? {})[0];
  }

  it('writes ahead (WAL, synchronous NORMAL), checks foreign keys and waits 5 s for a lock', async () => {
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(1);
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
  });

  it('reads the first 2 GiB less 64 KiB of the file through a memory map (decision 082)', async () => {
    expect(await pragma('mmap_size')).toBe(2_147_418_112);
  });
});
