import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { cpuMicroseconds } from './pinning.ts';
import { runWrk, WRK } from './wrk.ts';

/** BENCH_WARMUP_SECONDS and BENCH_SECONDS shorten a smoke run (decision 097). */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS || 2);
export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS || 10);
export const CONNECTIONS = 32;

/**
 * What a load run sends, as plain data: the load generator runs in a worker thread
 * (`bench/load-worker.ts`), and functions cannot cross to it. The worker picks a random user or
 * code for every request.
 */
export type WorkloadSpec = { name: string } & (
  | { kind: 'profile-json'; usernames: string[] }
  /** The profile page as a browser asks for it (`Accept-Encoding: br, gzip`). */
  | { kind: 'page'; usernames: string[] }
  /** Copies of random codes, each by a new visitor (its own user agent), from `origin`. */
  | { kind: 'clicks'; codeIds: string[]; origin: string }
  | { kind: 'constant'; path: string; acceptEncoding?: string }
);

export interface LoadRequest {
  baseUrl: string;
  spec: WorkloadSpec;
  length: { duration: number } | { amount: number };
  /** Tells this run's visitors from every other run's (a repeat copy is not counted). */
  runId: string;
}

/**
 * A run's latency from p90 up, as [percentile, ms] (nearest rank): runs measured apart can then be
 * pooled into the percentile of all their answers (bench/paired.ts, decision 120).
 */
export type Tail = Array<[percentile: number, ms: number]>;

/** p90 to p99 by tenths, then p99 to p100 by hundredths. */
export const TAIL_PERCENTILES: readonly number[] = [
  ...Array.from({ length: 90 }, (_, i) => Math.round((90 + i / 10) * 100) / 100),
  ...Array.from({ length: 101 }, (_, i) => Math.round((99 + i / 100) * 100) / 100),
];

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  tail: Tail;
  statuses: Record<string, number>;
  errors: number;
  /** Answers that said `counted: true` (the click workload). */
  counted: number;
}

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers of the measured run by HTTP status (every response is awaited). */
  statuses: Record<string, number>;
  errors: number;
  /** Click answers of the measured run that said `counted: true`. */
  counted: number;
  /** The latency's tail (decision 120); a pooled measurement has none. */
  tail?: Tail;
  /** The server's CPU time (user plus system) over the measured run, per answer, in µs. */
  cpuPerAnswerUs: number;
}

/** A server being measured: where it answers and which process it is. */
export interface Target {
  url: string;
  pid: number;
}

/** One autocannon run in its own worker thread, apart from the bench's main thread. */
function once(request: LoadRequest): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.ts', import.meta.url), {
      workerData: request,
    });
    let result: LoadResult | undefined;
    worker.once('message', (message: LoadResult) => {
      result = message;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`load worker exited (${code}) without a result`));
    });
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

/**
 * 2 s of warm-up, then 10 s measured (BENCH_WARMUP_SECONDS, BENCH_SECONDS), at 32 connections;
 * the server's CPU time is read just before and just after the measured run (/proc/<pid>/stat).
 * Reads run on wrk, one thread (decision 118). Clicks, and every workload where wrk is missing,
 * run on autocannon in a worker thread: a timed autocannon run abandons the requests in flight
 * when time is up, which would blur the click count, so its measured run sends a fixed number of
 * requests (10 s at the warm-up's rate) and awaits every answer. `afterWarmup` runs once the
 * warm-up's stragglers have settled.
 */
export async function measure(
  target: Target,
  spec: WorkloadSpec,
  afterWarmup?: () => Promise<void>,
): Promise<Measurement> {
  const warm = await warmUp(target, spec);
  await afterWarmup?.();
  return measuredRun(target, spec, warm, DURATION_SECONDS);
}

/** A warm-up run, then half a second for its stragglers; what it tells the measured runs. */
export interface WarmUp {
  /** The warm-up's rate: a click run sends `seconds` of it (autocannon, a fixed amount). */
  requestsPerSecond: number;
}

export async function warmUp(target: Target, spec: WorkloadSpec): Promise<WarmUp> {
  const result = usesWrk(spec)
    ? await runWrk(target.url, spec, WARMUP_SECONDS)
    : await once({
        baseUrl: target.url,
        spec,
        length: { duration: WARMUP_SECONDS },
        runId: randomUUID(),
      });
  await settle();
  return { requestsPerSecond: result.requestsPerSecond };
}

/** One measured run of `seconds`, with the server's CPU time read just before and after it. */
export async function measuredRun(
  target: Target,
  spec: WorkloadSpec,
  warm: WarmUp,
  seconds: number,
): Promise<Measurement> {
  if (usesWrk(spec)) {
    const cpuBefore = cpuMicroseconds(target.pid);
    const result = await runWrk(target.url, spec, seconds);
    return report(spec, result, cpuMicroseconds(target.pid) - cpuBefore);
  }
  const amount = Math.max(1000, Math.round(warm.requestsPerSecond * seconds));
  const cpuBefore = cpuMicroseconds(target.pid);
  const result = await once({ baseUrl: target.url, spec, length: { amount }, runId: randomUUID() });
  return report(spec, result, cpuMicroseconds(target.pid) - cpuBefore);
}

const usesWrk = (spec: WorkloadSpec): spec is Exclude<WorkloadSpec, { kind: 'clicks' }> =>
  spec.kind !== 'clicks' && WRK;

/** Every answer of a run, whatever its status. */
export const answersOf = (run: Pick<LoadResult, 'statuses'>): number =>
  Object.values(run.statuses).reduce((a, b) => a + b, 0);

/** The middle value (the upper one of an even count). */
export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A measured run's figures, with the server's CPU time over it divided by its answers. */
function report(spec: WorkloadSpec, result: LoadResult, cpu: number): Measurement {
  const answers = answersOf(result);
  const cpuPerAnswerUs = Math.round((cpu / Math.max(answers, 1)) * 10) / 10;
  console.log(
    `  ${spec.name}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, CPU ${cpuPerAnswerUs} µs an answer`,
  );
  return { name: spec.name, ...result, cpuPerAnswerUs };
}

export function randomFrom<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}
