import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/database.ts';
import { newId, nowIso } from '../../db/ids.ts';
import { migrateToLatest } from '../../db/migrate.ts';

const run = promisify(execFile);
const cli = path.resolve(import.meta.dirname, 'admin-cli.ts');

describe('npm run admin (CLI) [sqlite]', () => {
  let dir: string;
  let sqlitePath: string;
  let database: Database;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-cli-'));
    sqlitePath = path.join(dir, 'cli.db');
    database = createDatabase({ kind: 'sqlite', path: sqlitePath });
    await migrateToLatest(database);
    await database.db
      .insertInto('users')
      .values({
        id: newId(),
        email: 'first@example.com',
        username: 'first',
        created_at: nowIso(),
        last_login_at: nowIso(),
        disabled_at: null,
      })
      .execute();
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function admin(...args: string[]) {
    try {
      const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
        env: { ...process.env, NODE_ENV: 'test', SQLITE_PATH: sqlitePath, DATABASE_URL: '' },
      });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failure = error as { code: number; stdout: string; stderr: string };
      return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
    }
  }

  it('makes the first admin, lists and removes them', async () => {
    expect((await admin('list')).stdout).toContain('No admins yet');

    const added = await admin('add', 'First@Example.com');
    expect(added).toMatchObject({ code: 0 });
    expect(added.stdout).toContain('Added admin first@example.com (@first)');
    const row = await database.db.selectFrom('admins').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'first@example.com', username: 'first', added_by: null });

    expect((await admin('list')).stdout).toContain('first@example.com  @first');
    expect((await admin('add', 'first@example.com')).stderr).toContain(
      'This user is already an admin',
    );

    expect((await admin('remove', 'first@example.com')).stdout).toContain(
      'Removed admin first@example.com',
    );
    expect(await database.db.selectFrom('admins').selectAll().execute()).toEqual([]);
    // Six runs of the CLI, each a new Node process: on a loaded 2-core machine that exceeds 30 s.
  }, 120_000);

  it('needs a user who has signed in once', async () => {
    const result = await admin('add', 'stranger@example.com');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No user with this email has signed in yet');
  });

  it('prints the usage for a bad command or address', async () => {
    for (const args of [[], ['promote', 'a@example.com'], ['add'], ['add', 'nope']]) {
      const result = await admin(...args);
      expect(result.code, args.join(' ')).toBe(1);
      expect(result.stderr).toContain(
        'Usage: npm run admin -- add <email> | remove <email> | list',
      );
    }
  });
});
