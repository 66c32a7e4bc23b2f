import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** The line the server prints once it listens; it names the port the server chose. */
const LISTENING = /Refstash is running at (http:\/\/\S+)/;

export interface SpawnedServer {
  readonly url: string;
  readonly process: ChildProcess;
  /** Everything the server printed (stdout and stderr), for assertions on log lines. */
  output(): string;
  /** Stops the server (SIGTERM unless told) and resolves with its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Starts the real server, `node server/main.ts`, in development with no outside services: it
 * binds a port of its own choosing (PORT=0) and says which in its first line; this resolves
 * once that line is out. `env` adds to and overrides those settings (SQLITE_PATH at least).
 */
export async function spawnServer(
  env: Record<string, string>,
  options: {
    startTimeoutMs?: number;
    /** Another way in than `node server/main.ts`, e.g. `npm start` in another clone. */
    command?: { file: string; args: string[]; cwd: string };
  } = {},
): Promise<SpawnedServer> {
  const startTimeoutMs = options.startTimeoutMs ?? 20_000;
  const command = options.command ?? {
    file: process.execPath,
    args: ['server/main.ts'],
    cwd: root,
  };
  let output = '';
  const child = spawn(command.file, command.args, {
    cwd: command.cwd,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      APP_URL: '',
      DATABASE_URL: '',
      REDIS_URL: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  const url = await new Promise<string>((resolve, reject) => {
    const fail = (message: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${message}:\n${output}`));
    };
    const timer = setTimeout(
      () => fail(`the server did not start within ${startTimeoutMs / 1000} s`),
      startTimeoutMs,
    );
    const collect = (chunk: Buffer) => {
      output += chunk;
      const match = LISTENING.exec(output);
      if (match) {
        clearTimeout(timer);
        child.off('exit', exitedEarly);
        resolve(match[1] as string);
      }
    };
    const exitedEarly = (code: number | null) => fail(`the server exited early (${code})`);
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.once('exit', exitedEarly);
  });

  return {
    url,
    process: child,
    output: () => output,
    stop(signal = 'SIGTERM') {
      return new Promise((resolve) => {
        // A process killed by a signal keeps exitCode null and sets signalCode.
        if (child.exitCode !== null || child.signalCode !== null) {
          resolve(child.exitCode);
          return;
        }
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      });
    },
  };
}
