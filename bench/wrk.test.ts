import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAIL_PERCENTILES } from './workloads.ts';
import { parseTail, parseWrk, runWrk, WRK } from './wrk.ts';

/** wrk 4.1's report of a run that met 404s and a timeout, as it prints it. */
const REPORT = `Running 1s test @ http://127.0.0.1:8931/nope
  1 threads and 32 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.85ms    0.97ms  14.26ms   94.58%
    Req/Sec     2.18k   170.82     2.35k    70.00%
  Latency Distribution
     50%  850.00us
     75%    2.02ms
     90%    2.41ms
     99%    1.02s
  2172 requests in 2.00s, 1.08MB read
  Socket errors: connect 0, read 1, write 0, timeout 2
  Non-2xx or 3xx responses: 172
Requests/sec:   1085.59
Transfer/sec:      0.54MB
`;

describe("wrk's report", () => {
  it('reads the answers, the rate over the run, the percentiles in ms, the failures and errors', () => {
    expect(parseWrk(REPORT)).toEqual({
      requestsPerSecond: 1086,
      p50: 0.9,
      p99: 1020,
      statuses: { '200': 2000, 'non-2xx/3xx': 172 },
      errors: 3,
      counted: 0,
    });
  });

  it('reads the latency tail its done() writes, µs into ms', () => {
    expect(parseTail('90.00 850\n99.00 1234\n100.00 5000\n')).toEqual([
      [90, 0.9],
      [99, 1.2],
      [100, 5],
    ]);
    expect(() => parseTail('99.00 nope')).toThrow(/latency tail/);
  });

  it('refuses a report it cannot read rather than measuring nothing', () => {
    expect(() => parseWrk('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(
      /unexpected report/,
    );
  });
});

// The bench's load generator; the Debian package is installed where the bench runs, not in CI.
describe.skipIf(!WRK)('a wrk run against a real server', () => {
  const seen: Array<{ url: string; encoding: string | undefined }> = [];
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      seen.push({ url: request.url ?? '', encoding: request.headers['accept-encoding'] });
      response.statusCode = request.url === '/missing' ? 404 : 200;
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('asks for random names of the list, as a browser asks for a page, and counts every answer', async () => {
    seen.length = 0;
    const result = await runWrk(url, { name: 'p', kind: 'page', usernames: ['ana', 'bo'] }, 1);
    const answered = result.statuses['200'] ?? 0;
    expect(answered).toBeGreaterThan(100);
    // The run's last requests may be in flight when wrk stops: asked, not counted.
    expect(seen.length).toBeGreaterThanOrEqual(answered);
    expect(seen.length).toBeLessThanOrEqual(answered + 32);
    expect(new Set(seen.map((request) => request.url))).toEqual(new Set(['/ana', '/bo']));
    expect(new Set(seen.map((request) => request.encoding))).toEqual(new Set(['br, gzip']));
    // The tail from p90 to p100, rising, and its p99 the report's (both to 0.1 ms).
    expect(result.tail.map(([p]) => p)).toEqual(TAIL_PERCENTILES);
    expect(result.tail[0]![0]).toBe(90);
    expect(result.tail.at(-1)![0]).toBe(100);
    for (const [i, [, ms]] of result.tail.entries()) {
      if (i > 0) expect(ms).toBeGreaterThanOrEqual(result.tail[i - 1]![1]);
    }
    // Each is rounded to 0.1 ms on its own (the report from its printed text, the tail from µs), so
    // they may be one step apart; 1e-9 absorbs the floating-point error of that step.
    const p99 = result.tail.find(([p]) => p === 99)![1];
    expect(Math.abs(p99 - result.p99)).toBeLessThanOrEqual(0.1 + 1e-9);
  });

  it('asks for JSON profiles under /api/profiles/, without an encoding', async () => {
    seen.length = 0;
    await runWrk(url, { name: 'j', kind: 'profile-json', usernames: ['ana'] }, 1);
    expect(new Set(seen.map((request) => request.url))).toEqual(new Set(['/api/profiles/ana']));
    expect(new Set(seen.map((request) => request.encoding))).toEqual(new Set([undefined]));
  });

  it('reports answers that are not 2xx as such', async () => {
    const result = await runWrk(url, { name: 'c', kind: 'constant', path: '/missing' }, 1);
    expect(result.statuses['200']).toBeUndefined();
    expect(result.statuses['non-2xx/3xx']).toBeGreaterThan(100);
  });
});
