/**
 * The load generator: one autocannon run in a worker thread of the bench (`measure()` in
 * `bench/workloads.ts` starts it), so neither server under test shares its event loop with the
 * client. Receives a LoadRequest as workerData and posts back a LoadResult.
 */
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { CONNECTIONS, type LoadRequest, type LoadResult, randomFrom } from './workloads.ts';

const { baseUrl, spec, length, runId } = workerData as LoadRequest;

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

const options = { url: baseUrl, connections: CONNECTIONS, ...length };
const raw = (await autocannon({ ...options, requests: [requestFor()] })) as unknown as RawResult;
// Off the main thread autocannon returns its histograms encoded: aggregateResult decodes the
// latencies. The rate is every completed answer over the run's whole time.
const result = autocannon.aggregateResult([raw], options);
const statuses: Record<string, number> = {};
for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) {
  statuses[status] = (statuses[status] ?? 0) + stat.count;
}
const answer: LoadResult = {
  requestsPerSecond: Math.round(raw.totalCompletedRequests / raw.duration),
  p50: result.latency.p50,
  p99: result.latency.p99,
  statuses,
  errors: result.errors + result.timeouts,
  counted,
};
parentPort?.postMessage(answer);
