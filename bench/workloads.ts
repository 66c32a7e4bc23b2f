import autocannon from 'autocannon';

export const WARMUP_SECONDS = 2;
export const DURATION_SECONDS = 10;
export const CONNECTIONS = 32;

export interface Workload {
  name: string;
  method: 'GET' | 'POST';
  /** A new path for every request (random user or code). */
  path: () => string;
  /** The same headers on every request, or new ones for each (the clicks' distinct visitors). */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** Sees every answer (the click workload counts the clicks the server says it counted). */
  onResponse?: (status: number, body: string) => void;
}

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answers of the measured run by HTTP status (every response is awaited). */
  statuses: Record<string, number>;
  errors: number;
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

export const randomFrom = pick;

function once(
  baseUrl: string,
  workload: Workload,
  length: { duration: number } | { amount: number },
) {
  const { headers, onResponse } = workload;
  return autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    ...length,
    requests: [
      {
        method: workload.method,
        ...(typeof headers === 'object' ? { headers } : {}),
        setupRequest: (request) => ({
          ...request,
          path: workload.path(),
          ...(typeof headers === 'function' ? { headers: headers() } : {}),
        }),
        ...(onResponse ? { onResponse } : {}),
      },
    ],
  });
}

function addStatuses(into: Record<string, number>, result: autocannon.Result): void {
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) {
    into[status] = (into[status] ?? 0) + (stat as { count: number }).count;
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

/**
 * 2 s of warm-up, then about 10 s measured, at 32 connections. A timed autocannon run abandons
 * the requests in flight when time is up, which would blur the click count; so the measured run
 * sends a fixed number of requests (10 s at the warm-up's rate) and awaits every answer.
 * `afterWarmup` runs once the warm-up's stragglers have settled.
 */
export async function measure(
  baseUrl: string,
  workload: Workload,
  afterWarmup?: () => Promise<void>,
): Promise<Measurement> {
  const warmup = await once(baseUrl, workload, { duration: WARMUP_SECONDS });
  await settle();
  await afterWarmup?.();
  const amount = Math.max(1000, Math.round(warmup.requests.average * DURATION_SECONDS));
  const result = await once(baseUrl, workload, { amount });
  const statuses: Record<string, number> = {};
  addStatuses(statuses, result);
  return {
    name: workload.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses,
    errors: result.errors + result.timeouts,
  };
}
