/**
 * The load generator for every read: wrk (the Debian package), one thread and 32 connections, the
 * method issue 25 measured its ceilings with (decision 118). wrk runs as a child of the bench, so
 * it inherits the bench's pinning to CPU 0. The click workload stays on autocannon
 * (`load-worker.ts`): it must await every answer to count stored clicks exactly, and a timed wrk
 * run abandons the requests in flight when time is up.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CONNECTIONS,
  type LoadResult,
  TAIL_PERCENTILES,
  type Tail,
  type WorkloadSpec,
} from './workloads.ts';

/** True when the `wrk` binary runs here (`apt-get install -y wrk`). */
export const WRK = spawnSync('wrk', ['--version']).error === undefined;

type ReadSpec = Exclude<WorkloadSpec, { kind: 'clicks' }>;

/** A Lua string literal (the bench's names and paths are plain ASCII; JSON's quoting is Lua's). */
const lua = (text: string) => JSON.stringify(text);

/**
 * The script for one workload: the same request every time, or a path per request with a random
 * name from a file of names (read with io.lines: LuaJIT refuses a table constructor of 100,000
 * constants).
 */
function script(spec: ReadSpec, dir: string): string {
  const lines = ['math.randomseed(os.time())', tailScript(path.join(dir, 'tail.txt'))];
  const acceptEncoding =
    spec.kind === 'page' ? 'br, gzip' : spec.kind === 'constant' ? spec.acceptEncoding : undefined;
  if (acceptEncoding) lines.push(`wrk.headers["Accept-Encoding"] = ${lua(acceptEncoding)}`);
  if (spec.kind === 'constant') {
    lines.push(`wrk.path = ${lua(spec.path)}`);
    return lines.join('\n');
  }
  const names = path.join(dir, 'names.txt');
  fs.writeFileSync(names, `${spec.usernames.join('\n')}\n`);
  const prefix = spec.kind === 'profile-json' ? '/api/profiles/' : '/';
  lines.push(
    'local names = {}',
    `for line in io.lines(${lua(names)}) do names[#names + 1] = line end`,
    'local count = #names',
    `request = function() return wrk.format(nil, ${lua(prefix)} .. names[math.random(count)]) end`,
  );
  return lines.join('\n');
}

/**
 * wrk's `done` writes the latency's tail (TAIL_PERCENTILES, in µs) to `file`, a line each: its
 * report prints p50, p75, p90 and p99 only, and runs are pooled from their tails (decision 120).
 */
function tailScript(file: string): string {
  return [
    'done = function(summary, latency, requests)',
    `  local out = io.open(${lua(file)}, "w")`,
    `  for _, p in ipairs({${TAIL_PERCENTILES.join(', ')}}) do`,
    // wrk's percentile(100) asks for a rank past the last answer and reads 0: the maximum is.
    '    local us = p >= 100 and latency.max or latency:percentile(p)',
    '    out:write(string.format("%.2f %d\\n", p, us))',
    '  end',
    '  out:close()',
    'end',
  ].join('\n');
}

/** The tail `tailScript` wrote: [percentile, ms]. */
export function parseTail(text: string): Tail {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [p, us] = line.split(' ').map(Number) as [number, number];
      if (!Number.isFinite(p) || !Number.isFinite(us)) {
        throw new Error(`wrk: cannot read the latency tail "${line}"`);
      }
      return [p, Math.round(us / 100) / 10] as [number, number];
    });
}

/** wrk's latency figures ("1.23ms", "850.00us", "1.02s") in milliseconds. */
function milliseconds(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`wrk: cannot read the time "${text}"`);
  const value = Number(match[1]);
  const scale = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[match[2] as 'us' | 'ms' | 's' | 'm'];
  return Math.round(value * scale * 10) / 10;
}

/** Reads the answers, rate, percentiles, non-2xx answers and socket errors from wrk's report. */
export function parseWrk(report: string): Omit<LoadResult, 'tail'> {
  const number = (pattern: RegExp) => {
    const match = pattern.exec(report);
    return match ? Number(match[1]) : undefined;
  };
  const total = number(/^\s*(\d+) requests in /m);
  const seconds = /requests in ([\d.]+(?:us|ms|s|m)),/.exec(report)?.[1];
  const p50 = /^\s*50%\s+(\S+)/m.exec(report)?.[1];
  const p99 = /^\s*99%\s+(\S+)/m.exec(report)?.[1];
  if (total === undefined || !seconds || !p50 || !p99) {
    throw new Error(`wrk: unexpected report:\n${report}`);
  }
  const failed = number(/Non-2xx or 3xx responses: (\d+)/) ?? 0;
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    report,
  );
  const errors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  const statuses: Record<string, number> = {};
  // wrk tells 2xx/3xx answers from the rest, not one status from another: the workloads it runs
  // expect 200 only, and a 304 or a redirect would show as a wrong body size in the server's log.
  if (total - failed > 0) statuses['200'] = total - failed;
  if (failed > 0) statuses['non-2xx/3xx'] = failed;
  return {
    requestsPerSecond: Math.round(total / (milliseconds(seconds) / 1000)),
    p50: milliseconds(p50),
    p99: milliseconds(p99),
    statuses,
    errors,
    counted: 0,
  };
}

/** One timed wrk run (one thread, 32 connections) against `baseUrl`. */
export async function runWrk(
  baseUrl: string,
  spec: ReadSpec,
  seconds: number,
): Promise<LoadResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-wrk-'));
  try {
    const file = path.join(dir, 'workload.lua');
    fs.writeFileSync(file, script(spec, dir));
    const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '-s', file, baseUrl];
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk;
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new Error(`wrk exited with ${code}: ${err}${out}`);
    return {
      ...parseWrk(out),
      tail: parseTail(fs.readFileSync(path.join(dir, 'tail.txt'), 'utf8')),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
