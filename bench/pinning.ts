import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/**
 * Cores of their own (decision 097): the bench (the load generator's threads) on CPU 0, each
 * server under test, ceiling and nginx on CPU 1, with `taskset`. Without taskset or a second
 * CPU nothing is pinned, and the bench says so.
 */
export const PINNED = os.availableParallelism() >= 2 && spawnSync('taskset', ['-V']).status === 0;

/** Pins every thread of this process (and the worker threads it starts later) to CPU 0. */
export function pinBenchToCpu0(): void {
  if (!PINNED) return;
  const result = spawnSync('taskset', ['-a', '-p', '-c', '0', String(process.pid)]);
  if (result.status !== 0) throw new Error(`taskset: ${result.stderr.toString()}`);
}

/** `file args` as a command run on CPU 1 (`taskset -c 1` execs it: the pid is the server's). */
export function onCpu1(file: string, args: string[]): [string, string[]] {
  return PINNED ? ['taskset', ['-c', '1', file, ...args]] : [file, args];
}

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** The CPU time (user plus system) a process has used so far, in microseconds. */
export function cpuMicroseconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks / TICKS_PER_SECOND) * 1e6;
}

/**
 * A process's memory now, in bytes: `anonymous` is what it allocated (heap, buffers, caches);
 * `resident` adds the file pages mapped into it, which on SQLite include the database's memory
 * map (decision 082): the kernel's page cache, shared and reclaimable, not the server's.
 */
export function memoryBytes(pid: number): { anonymous: number; resident: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  return { anonymous: kib('RssAnon') * 1024, resident: kib('VmRSS') * 1024 };
}
