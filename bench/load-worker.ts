/**
 * The load generator: one autocannon run in a worker thread of the bench (`measure()` in
 * `bench/workloads.ts` starts it), so neither server under test shares its event loop with the
 * client. Receives a LoadRequest as workerData and posts back a LoadResult.
 */
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import {
  CONNECTIONS,
  type LoadRequest,
  type LoadResult,
  randomFrom,
  TAIL_PERCENTILES,
} from './workloads.ts';

const { baseUrl, spec, length, runId } = workerData as LoadRequest;

/**
 * autocannon appends every chunk of every answer's body to a string (`body += chunk`, a UTF-8
 * decode), whether or not anyone reads it. For a brotli page that decode is the slow path (the
 * bytes are not valid UTF-8): measured on this machine (2026-11-25), 11 KB answers ran at 5,326
 * req/s with random bytes and 49,401 with the same size of plain text, the load generator being
 * what was measured. Only the click workload reads answers (`counted`); every other run keeps no
 * body. This worker thread has its own copy of the module, so no other run is touched.
 */
if (spec.kind !== 'clicks') {
  const queue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as {
    prototype: { addBody(data: Buffer): void };
  };
  // A later autocannon without this method would go back to measuring the client: say so.
  if (typeof queue.prototype.addBody !== 'function') {
    throw new Error('autocannon has no PipelinedRequestsQueue#addBody: see bench/load-worker.ts');
  }
  queue.prototype.addBody = () => {};
}

/** The fields of autocannon's raw (worker-thread) result the bench reads. */
interface RawResult {
  totalCompletedRequests: number;
  /** Seconds, from the first request to the last answer. */
  duration: number;
}

let counted = 0;
let visitor = 0;

function requestFor(): autocannon.Request {
  switch (spec.kind) {
    case 'profile-json':
      return {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path: `/api/profiles/${randomFrom(spec.usernames)}`,
        }),
      };
    case 'page':
      return {
        method: 'GET',
        headers: { 'accept-encoding': 'br, gzip' },
        setupRequest: (request) => ({ ...request, path: `/${randomFrom(spec.usernames)}` }),
      };
    case 'clicks':
      // One visitor's repeat copy of a code within 30 minutes is not counted (decision 024), and
      // random codes repeat over a run: every request is a new visitor (its own user agent).
      return {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          path: `/api/codes/${randomFrom(spec.codeIds)}/clicks`,
          headers: {
            origin: spec.origin,
            'user-agent': `Mozilla/5.0 (Refstash bench; visitor ${runId}-${visitor++})`,
          },
        }),
        onResponse: (status, body) => {
          if (status === 202 && (JSON.parse(body) as { counted: boolean }).counted) counted++;
        },
      };
    case 'constant':
      return {
        method: 'GET',
        path: spec.path,
        ...(spec.acceptEncoding ? { headers: { 'accept-encoding': spec.acceptEncoding } } : {}),
      };
  }
}

/**
 * Every 2xx answer's time in milliseconds, as measured (autocannon's histogram keeps whole
 * milliseconds: a p99 of 6 ms there is anything from 6.0 to 6.99, which moved the growth ratio by
 * 0.15 a step). Percentiles are read from these instead.
 */
const times: number[] = [];

/** The nearest-rank percentile `p` (0–100) of the recorded times, to 0.1 ms. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return Math.round(sorted[rank - 1]! * 10) / 10;
}

const options = { url: baseUrl, connections: CONNECTIONS, ...length };
const run = autocannon({ ...options, requests: [requestFor()] });
run.on('response', (_client, status, _bytes, ms) => {
  if (status >= 200 && status < 300) times.push(ms);
});
const raw = (await run) as unknown as RawResult;
const sorted = Float64Array.from(times).sort();
// Off the main thread autocannon returns its histograms encoded: aggregateResult decodes the
// latencies. The rate is every completed answer over the run's whole time.
const result = autocannon.aggregateResult([raw], options);
const statuses: Record<string, number> = {};
for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) {
  statuses[status] = (statuses[status] ?? 0) + stat.count;
}
const answer: LoadResult = {
  requestsPerSecond: Math.round(raw.totalCompletedRequests / raw.duration),
  p50: percentile(sorted, 50),
  p99: percentile(sorted, 99),
  tail: TAIL_PERCENTILES.map((p) => [p, percentile(sorted, p)]),
  statuses,
  errors: result.errors + result.timeouts,
  counted,
};
parentPort?.postMessage(answer);
