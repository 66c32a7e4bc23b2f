/**
 * A ratio row measured in pairs (decision 120): the ceiling, then the route, PAIRS times, each run
 * PAIR_SECONDS. Each pair's two runs are seconds apart, so whatever the shared host is doing in
 * that minute slows both alike, and the row's CPU ratio is the median of the pairs' ratios.
 *
 * Before, each ceiling was measured at the start and at the end of the run, minutes from the rows,
 * and its cheaper reading counted. On this host the two readings were up to 36 % apart (run 5),
 * so that ratio swung with the minute it was read in, and always towards MISSED. The cheapest
 * reading's ratio is still printed beside the median, for information.
 */
import {
  answersOf,
  DURATION_SECONDS,
  type Measurement,
  measuredRun,
  median,
  type Tail,
  type Target,
  type WorkloadSpec,
  warmUp,
} from './workloads.ts';

export const PAIRS = 3;
/** Three pairs of 5 s: 15 s of the route measured, against 10 s in one run before. */
export const PAIR_SECONDS = Math.max(1, Math.round(DURATION_SECONDS / 2));

export interface Paired {
  /** The route's runs as one measurement (see `combine`). */
  route: Measurement;
  /** The ceiling's runs as one measurement. */
  ceiling: Measurement;
  /** Each pair's ceiling CPU per answer ÷ the route's, in the order measured. */
  pairCpuRatios: number[];
  /** The median of `pairCpuRatios`: the row's CPU ratio. */
  cpuRatio: number;
  /** The median of the pairs' req/s ratios. */
  ratioToCeiling: number;
  /** The cheapest ceiling reading ÷ the route's CPU over all its runs (information). */
  cheapestCeilingCpuRatio: number;
  /** Every ceiling reading's req/s, in the order measured. */
  ceilingRuns: number[];
}

const round = (value: number, places: number) => Number(value.toFixed(places));

/** The share of a run's answers slower than `ms`, at most, read from its tail. */
function shareAbove(tail: Tail, ms: number): number {
  let within = 0;
  for (const [percentile, value] of tail) if (value <= ms) within = percentile;
  // Below the tail's first point nothing is known: every answer is counted as slower.
  return (100 - within) / 100;
}

/**
 * The percentile `p` of every answer of the runs together, from each run's tail: the smallest
 * latency that at most (100 - p) % of all the answers exceed. Each run's share is read at the tail
 * point at or below the latency, so it is never under-counted: the pooled figure is never lower
 * than the exact one by more than the tail's step. A run without a tail counts with its own p99.
 */
export function pooledPercentile(runs: Measurement[], p: number): number {
  const withTails = runs.map((run) => ({
    answers: answersOf(run),
    tail: run.tail?.length ? run.tail : ([[99, run.p99]] as Tail),
  }));
  const total = withTails.reduce((sum, run) => sum + run.answers, 0);
  const allowed = ((100 - p) / 100) * total;
  const candidates = [...new Set(withTails.flatMap((run) => run.tail.map(([, ms]) => ms)))].sort(
    (a, b) => a - b,
  );
  for (const ms of candidates) {
    const above = withTails.reduce((sum, run) => sum + run.answers * shareAbove(run.tail, ms), 0);
    if (above <= allowed + 1e-9) return ms;
  }
  return Math.max(...runs.map((run) => run.p99));
}

/**
 * Several runs of one workload as one measurement: the mean rate, the median p50, the p99 of all
 * their answers together (`pooledPercentile`), every answer and error counted, and the CPU per
 * answer over all of them.
 */
export function combine(runs: Measurement[]): Measurement {
  if (runs.length === 0) throw new Error('combine: no runs');
  const statuses: Record<string, number> = {};
  for (const run of runs) {
    for (const [status, count] of Object.entries(run.statuses)) {
      statuses[status] = (statuses[status] ?? 0) + count;
    }
  }
  const answers = runs.reduce((sum, run) => sum + answersOf(run), 0);
  const cpu = runs.reduce((sum, run) => sum + run.cpuPerAnswerUs * answersOf(run), 0);
  return {
    name: runs[0]!.name,
    requestsPerSecond: Math.round(
      runs.reduce((sum, run) => sum + run.requestsPerSecond, 0) / runs.length,
    ),
    p50: median(runs.map((run) => run.p50)),
    p99: pooledPercentile(runs, 99),
    statuses,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    counted: runs.reduce((sum, run) => sum + run.counted, 0),
    cpuPerAnswerUs: round(cpu / Math.max(answers, 1), 1),
  };
}

/** The row's figures from its pairs (`route[i]` measured right after `ceiling[i]`). */
export function pairedFigures(route: Measurement[], ceiling: Measurement[]): Paired {
  if (route.length === 0 || route.length !== ceiling.length) {
    throw new Error('pairedFigures: one ceiling run for each run of the route');
  }
  const pairCpuRatios = route.map((run, i) =>
    round(ceiling[i]!.cpuPerAnswerUs / Math.max(run.cpuPerAnswerUs, 0.001), 2),
  );
  const rateRatios = route.map(
    (run, i) => run.requestsPerSecond / Math.max(ceiling[i]!.requestsPerSecond, 1),
  );
  const all = combine(route);
  const cheapest = Math.min(...ceiling.map((run) => run.cpuPerAnswerUs));
  return {
    route: all,
    ceiling: combine(ceiling),
    pairCpuRatios,
    cpuRatio: median(pairCpuRatios),
    ratioToCeiling: round(median(rateRatios), 2),
    cheapestCeilingCpuRatio: round(cheapest / Math.max(all.cpuPerAnswerUs, 0.001), 2),
    ceilingRuns: ceiling.map((run) => run.requestsPerSecond),
  };
}

/**
 * Runs `work` with the process `pid` stopped (SIGSTOP, then SIGCONT whatever happens). The server
 * and its ceiling share CPU 1, each measured while the other is idle; an idle app server is not
 * quiet, though: it re-compresses its cached pages in the background when its event loop is idle
 * (decision 113), on the core the ceiling is being measured on. Stopped, it takes no CPU.
 */
export async function whileStopped<T>(pid: number, work: () => Promise<T>): Promise<T> {
  process.kill(pid, 'SIGSTOP');
  try {
    return await work();
  } finally {
    process.kill(pid, 'SIGCONT');
  }
}

/**
 * Warms the route and the ceiling, runs `beforeFirst` (the click row reads the stored clicks
 * there), then measures PAIRS pairs: the ceiling, then the route. Each server warms up and is
 * measured with the other one stopped, so it has CPU 1 to itself.
 */
export async function measurePaired(
  server: Target,
  spec: WorkloadSpec,
  ceiling: Target,
  ceilingSpec: WorkloadSpec,
  beforeFirst?: () => Promise<void>,
): Promise<Paired> {
  const alone = <T>(target: Target, work: () => Promise<T>) =>
    whileStopped(target === server ? ceiling.pid : server.pid, work);
  const routeWarm = await alone(server, () => warmUp(server, spec));
  const ceilingWarm = await alone(ceiling, () => warmUp(ceiling, ceilingSpec));
  await beforeFirst?.();
  const routeRuns: Measurement[] = [];
  const ceilingRuns: Measurement[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    ceilingRuns.push(
      await alone(ceiling, () => measuredRun(ceiling, ceilingSpec, ceilingWarm, PAIR_SECONDS)),
    );
    routeRuns.push(await alone(server, () => measuredRun(server, spec, routeWarm, PAIR_SECONDS)));
  }
  const figures = pairedFigures(routeRuns, ceilingRuns);
  console.log(
    `  ${spec.name}: CPU ratio ${figures.cpuRatio}, the median of pairs ${figures.pairCpuRatios.join(', ')} (against the cheapest ceiling reading ${figures.cheapestCeilingCpuRatio})`,
  );
  return figures;
}
