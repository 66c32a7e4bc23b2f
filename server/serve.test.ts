import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

describe('PORT=0: the server picks its port', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-serve-'));
  let child: ReturnType<typeof spawn>;
  let url = '';

  beforeAll(async () => {
    child = spawn(process.execPath, ['server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: '0',
        HOST: '127.0.0.1',
        APP_URL: '',
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        SQLITE_PATH: path.join(dir, 'serve.db'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    url = await new Promise<string>((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output += chunk;
        const match = /Refstash is running at (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1] as string);
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      child.once('exit', (code) => reject(new Error(`exited (${code}):\n${output}`)));
    });
  });
  afterAll(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names the address it listens on, and that address is its origin', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(Number(new URL(url).port)).toBeGreaterThan(0);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    // The CSRF check accepts writes from that origin only: APP_URL took the real port.
    const write = (origin: string) =>
      fetch(`${url}/api/auth/sign-out`, { method: 'POST', headers: { origin } });
    expect((await write(url)).status).toBe(204);
    expect((await write('http://127.0.0.1:1')).status).toBe(403);
  });
});
