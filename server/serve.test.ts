import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SpawnedServer, spawnServer } from './test-support/spawn-server.ts';

describe('PORT=0: the server picks its port', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-serve-'));
  let server: SpawnedServer | undefined;
  let url = '';

  beforeAll(async () => {
    server = await spawnServer({
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      SQLITE_PATH: path.join(dir, 'serve.db'),
    });
    url = server.url;
  });
  afterAll(async () => {
    try {
      await server?.stop();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
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
