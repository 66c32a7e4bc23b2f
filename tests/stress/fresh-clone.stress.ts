import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedServer, spawnServer } from '../../server/test-support/spawn-server.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The README's first command, as a new user runs it: a fresh clone of the committed HEAD (no
 * dist/, no data/), `npm install && npm start`. The first HTML of /demo must be the product's,
 * not the browser-only shell.
 */
describe('a fresh clone: npm install && npm start', () => {
  let dir: string;
  let server: SpawnedServer | undefined;
  let statusBefore: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-clone-'));
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root }).toString().trim();
    execFileSync('git', ['clone', '--quiet', '--no-checkout', root, dir]);
    execFileSync('git', ['checkout', '--quiet', head], { cwd: dir });
    // A new user's shell: none of this run's settings.
    const env = { ...process.env };
    for (const name of Object.keys(env)) {
      if (/^(npm_(?!config_nodedir)|VITEST|TEST_DATABASE_URL$|NODE_ENV$)/.test(name))
        delete env[name];
    }
    // npm's cache is warm (CI installed the same lock just before).
    execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], {
      cwd: dir,
      env,
      stdio: 'pipe',
    });
    statusBefore = execFileSync('git', ['status', '--porcelain'], { cwd: dir }).toString();
    server = await spawnServer(
      { SQLITE_PATH: path.join(dir, 'data/refstash.db') },
      { command: { file: 'npm', args: ['start'], cwd: dir }, startTimeoutMs: 120_000 },
    );
  }, 240_000);

  afterAll(async () => {
    // Already stopped by the last test unless an earlier one failed.
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('npm install leaves git status clean', () => {
    expect(statusBefore).toBe('');
  });

  it('answers /demo with its codes, title and preview tags in the first HTML', async () => {
    const response = await fetch(`${server?.url}/demo`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>@demo's referral codes · Refstash</title>");
    expect(html).toContain(
      `<meta property="og:title" content="@demo's referral codes · Refstash">`,
    );
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/api\/share-images\/profiles\/demo/,
    );
    for (const code of ['RIDEWITHDEMO', 'DEMOSTAYS', 'demo-wise']) expect(html).toContain(code);
  });

  it('answers an unknown profile with 404', async () => {
    const response = await fetch(`${server?.url}/no-such-user-here`);
    expect(response.status).toBe(404);
  });

  it('stops on SIGTERM sent to npm, finishing cleanly', async () => {
    expect(await server?.stop()).toBe(0);
  });
});
