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

  it('disables and restores an account with a reason, kept in the audit log as the CLI', async () => {
    const id = newId();
    await database.db
      .insertInto('users')
      .values({
        id,
        email: 'target@example.com',
        username: 'target',
        created_at: nowIso(),
        last_login_at: nowIso(),
        disabled_at: null,
      })
      .execute();
    await database.db
      .insertInto('sessions')
      .values({ id_hash: newId(), user_id: id, created_at: nowIso(), expires_at: nowIso() })
      .execute();
    expect((await admin('disable', 'target')).stderr).toContain('Usage: npm run admin --');
    const disabled = await admin('disable', 'Target', '--reason', 'Sells <b>fake</b> codes');
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(disabled.stdout).toContain('Disabled @target; the owner is told by e-mail.');
    const user = await database.db
      .selectFrom('users')
      .select('disabled_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(user.disabled_at).not.toBeNull();
    expect(
      await database.db
        .selectFrom('sessions')
        .select('id_hash')
        .where('user_id', '=', id)
        .execute(),
    ).toEqual([]);
    expect((await admin('disable', 'target', '--reason', 'again')).stderr).toContain(
      'This account is already disabled',
    );

    const restored = await admin('restore', 'target');
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('Restored @target; the owner is told by e-mail.');
    const entries = await database.db
      .selectFrom('moderation_actions')
      .select(['action', 'actor_user_id', 'actor_username', 'reason', 'target_label'])
      .orderBy('created_at')
      .execute();
    expect(entries).toEqual([
      {
        action: 'disable_account',
        actor_user_id: null,
        actor_username: null,
        reason: 'Sells <b>fake</b> codes',
        target_label: '@target',
      },
      {
        action: 'restore',
        actor_user_id: null,
        actor_username: null,
        reason: 'Your account was reviewed and restored.',
        target_label: '@target',
      },
    ]);
  }, 120_000);

  it('lists the open reports', async () => {
    expect((await admin('reports')).stdout).toContain('No open reports.');
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'first')
      .executeTakeFirstOrThrow();
    const caseId = newId();
    await database.db
      .insertInto('moderation_cases')
      .values({
        id: caseId,
        target_key: `profile:${user.id}`,
        target_type: 'profile',
        code_id: null,
        user_id: user.id,
        snapshot: JSON.stringify({ type: 'profile', username: 'first' }),
        status: 'open',
        first_reported_at: '2026-11-26T10:00:00.000Z',
        last_reported_at: '2026-11-26T10:00:00.000Z',
        activity_at: '2026-11-26T10:00:00.000Z',
        created_at: '2026-11-26T10:00:00.000Z',
        closed_at: null,
      })
      .execute();
    await database.db
      .insertInto('moderation_reports')
      .values({
        case_id: caseId,
        target_key: `profile:${user.id}`,
        network_hash: 'n1',
        day: '2026-11-26',
        reason: 'spam',
        note: null,
        created_at: '2026-11-26T10:00:00.000Z',
      })
      .execute();
    expect((await admin('reports')).stdout).toContain(
      '2026-11-26T10:00:00.000Z  profile @first  1 reports from 1 networks (spam 1)',
    );
  }, 60_000);
});
