import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import {
  createTestDatabase,
  type TestDatabase,
  testConfig,
} from '../../server/test-support/test-app.ts';

/**
 * A client that sends slowly must not hold a connection for ever: the request, headers and
 * keep-alive timeouts cut it off. Each case configures one short timeout (the others long), so
 * a cut proves that timeout. Real listening servers and raw sockets; the waits poll for the
 * socket's close, with a generous failure deadline (the timeouts themselves are ~1 s).
 *
 * No data is touched (every request is cut before a handler runs), so SQLite alone serves.
 */
const FAILURE_DEADLINE_MS = 15_000;

interface Watched {
  socket: net.Socket;
  received: () => string;
  closed: () => boolean;
  stop(): void;
}

/** Connects, writes `head` at once, then `drip` (one byte) every 200 ms until the socket closes. */
function slowClient(port: number, head: string, drip: string): Watched {
  const socket = net.connect(port, '127.0.0.1');
  let data = '';
  let closed = false;
  socket.on('data', (chunk) => {
    data += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    closed = true;
    clearInterval(timer);
  });
  socket.write(head);
  const timer = drip
    ? setInterval(() => {
        if (!socket.destroyed && socket.writable) socket.write(drip);
      }, 200)
    : undefined;
  return {
    socket,
    received: () => data,
    closed: () => closed,
    stop() {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

async function listening(
  database: TestDatabase,
  env: Record<string, string>,
): Promise<{ app: FastifyInstance; port: number }> {
  const app = await buildApp(testConfig(env), { database: database.database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as net.AddressInfo).port };
}

describe('slow clients are cut off', () => {
  let database: TestDatabase;
  const apps: FastifyInstance[] = [];
  const clients: Watched[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    for (const client of clients) client.stop();
    for (const app of apps) await app.close();
    await database?.destroy();
  });

  it('answers 408 or closes a body that drips in slower than REQUEST_TIMEOUT_MS', async () => {
    const { app, port } = await listening(database, {
      REQUEST_TIMEOUT_MS: '1000',
      HEADERS_TIMEOUT_MS: '1000',
      KEEP_ALIVE_TIMEOUT_MS: '500',
    });
    apps.push(app);
    const head = [
      'POST /api/codes HTTP/1.1',
      'Host: 127.0.0.1',
      'Origin: http://localhost:3000',
      'Content-Type: application/json',
      'Content-Length: 60000',
      '',
      '{',
    ].join('\r\n');
    const client = slowClient(port, head, ' ');
    clients.push(client);
    await expect.poll(client.closed, { timeout: FAILURE_DEADLINE_MS, interval: 50 }).toBe(true);
    const answer = client.received();
    if (answer !== '') expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a header block that never ends, after HEADERS_TIMEOUT_MS', async () => {
    const { app, port } = await listening(database, {
      REQUEST_TIMEOUT_MS: '60000',
      HEADERS_TIMEOUT_MS: '1000',
      KEEP_ALIVE_TIMEOUT_MS: '500',
    });
    apps.push(app);
    const client = slowClient(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 'a');
    clients.push(client);
    await expect.poll(client.closed, { timeout: FAILURE_DEADLINE_MS, interval: 50 }).toBe(true);
    const answer = client.received();
    if (answer !== '') expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes an idle keep-alive connection after KEEP_ALIVE_TIMEOUT_MS', async () => {
    const { app, port } = await listening(database, {
      REQUEST_TIMEOUT_MS: '60000',
      HEADERS_TIMEOUT_MS: '60000',
      KEEP_ALIVE_TIMEOUT_MS: '500',
    });
    apps.push(app);
    // One complete request, then silence: the server answers it, then closes the idle socket.
    const client = slowClient(port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', '');
    clients.push(client);
    await expect.poll(client.closed, { timeout: FAILURE_DEADLINE_MS, interval: 50 }).toBe(true);
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('keeps serving a client that sends its request promptly', async () => {
    const { app, port } = await listening(database, {
      REQUEST_TIMEOUT_MS: '1000',
      HEADERS_TIMEOUT_MS: '1000',
      KEEP_ALIVE_TIMEOUT_MS: '500',
    });
    apps.push(app);
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
  });
});
