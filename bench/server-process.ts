import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { onCpu1 } from './pinning.ts';

const root = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  /** The process answering (its CPU time is read from /proc/<pid>/stat). */
  pid: number;
  /** Where bench/bench-server.ts writes `process.memoryUsage()` on SIGUSR2. */
  memoryFile?: string;
  stop(): Promise<void>;
}

/** Every process the bench has started and not yet stopped. */
const running = new Set<ChildProcess>();

/** Kills every process the bench started (an interrupted bench leaves no server behind). */
export function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts `node <script> ...args <port>` in its own process on CPU 1 (PORT is in its env too; a
 * free port unless given) and waits until it answers `/healthz`.
 */
export async function startProcess(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  port?: number,
): Promise<RunningServer> {
  port ??= await freePort();
  return startCommand(process.execPath, [script, ...args, String(port)], port, {
    ...env,
    PORT: String(port),
  });
}

/** Starts `file args` on CPU 1, listening on `port`, and waits until it answers `/healthz`. */
export async function startCommand(
  file: string,
  args: string[],
  port: number,
  env: NodeJS.ProcessEnv = {},
): Promise<RunningServer> {
  const script = `${path.basename(file)} ${args[0] ?? ''}`;
  const url = `http://127.0.0.1:${port}`;
  const [command, commandArgs] = onCpu1(file, args);
  const child: ChildProcess = spawn(command, commandArgs, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += chunk;
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited (${child.exitCode}): ${errors}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not start: ${errors}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The render cache the bench gives the server: the 1,000 hot profiles must fit (decision 041). */
export const PAGE_CACHE_MB = '128';

/**
 * The profile cache the bench gives the server: the profile workload asks for all 10,000
 * profiles at random, and they must fit (~14 KB an entry counted, 137 MiB), as the pages' hot set
 * does in PAGE_CACHE_MB (decision 117). With the default 32 MiB about 2,350 fit, and three
 * answers in four measured a database read, not the cached read the target is about.
 */
export const PROFILE_CACHE_MB = '160';

/**
 * The real server in production mode, through `bench/bench-server.ts`: production's `serve()`
 * with an unlimited rate limiter, in its own process. The bench supplies the settings production
 * requires (mail is never sent).
 */
export async function startProductionServer(
  database: Record<string, string>,
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const memoryFile = path.join(os.tmpdir(), `refstash-bench-memory-${process.pid}-${port}.json`);
  const server = await startProcess(
    'bench/bench-server.ts',
    [],
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      APP_URL: url,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'Refstash bench <bench@localhost>',
      // Blank whatever the shell has: production refuses any scale but 1 (bench-server.ts lifts
      // the limits in code).
      RATE_LIMIT_SCALE: '',
      LOGO_FETCH_ALLOW_LOOPBACK: '',
      REDIS_URL: '',
      // No scheduled jobs (decision 109): their runs would count as the answers' CPU, and the
      // link checker would probe the seeded links' real sites (bench/link-health.ts times it).
      SCHEDULED_JOBS: 'off',
      DATABASE_URL: '',
      WEB_DIST_DIR: path.join(root, 'dist/web'),
      // The 1,000 hot profiles, ~95 KB each with their compressed copies, must fit (decision 041).
      PAGE_CACHE_MB,
      PROFILE_CACHE_MB,
      BENCH_MEMORY_FILE: memoryFile,
      ...database,
    },
    port,
  );
  return { ...server, memoryFile };
}
