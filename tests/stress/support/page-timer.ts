/**
 * Times one page in a process of its own (decision 115), so that nothing the test process does
 * is counted as the page's time: its garbage collection (a major GC of the Vitest worker took
 * 225 ms after the memory test), or the answers of a burst it is sending. Started by
 * `startPageTimer`; a run is asked for by message and answered with the times.
 *
 * The page is asked with `node:http` on one kept-alive connection, read to its last byte and not
 * decoded. `fetch` (undici) spent 1.4 ms of CPU a page here against 0.2 ms, and brought a major
 * GC every 25-50 pages (10-45 ms each). A pause of `gapMs` follows each page: a reader's pace.
 * Back to back, this client asked ~2,000 pages a second, which took the core the drawing worker
 * needs.
 */
import { type ChildProcess, fork } from 'node:child_process';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export interface PageRun {
  /** Milliseconds from each request to its last byte. */
  times: number[];
  /** Each distinct `status content-type` answered. */
  answers: string[];
}

type Request = { count: number } | 'stop';

export interface PageTimer {
  /** Times `count` pages one after another. */
  run(count: number): Promise<PageRun>;
  /** Times pages one after another until `done` settles. */
  runUntil(done: Promise<unknown>): Promise<PageRun>;
  close(): void;
}

/** A timer of `url` in a child process, once it is ready; `close()` it when done. */
export async function startPageTimer(url: string, gapMs: number): Promise<PageTimer> {
  const child: ChildProcess = fork(import.meta.filename, [url, String(gapMs)], {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the page timer exited (${code})`)));
    child.once('message', () => resolve());
  });
  child.removeAllListeners();
  // A message to a timer that has exited is lost; the run then fails on its 'exit'.
  child.on('error', () => {});
  const run = (request: { count: number }) =>
    new Promise<PageRun>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`the page timer exited (${code})`));
      child.once('exit', exited);
      child.once('message', (answer) => {
        child.off('exit', exited);
        resolve(answer as PageRun);
      });
      child.send(request satisfies Request);
    });
  return {
    run: (count) => run({ count }),
    runUntil(done) {
      const answer = run({ count: Number.MAX_SAFE_INTEGER });
      const stop = () => child.send('stop' satisfies Request);
      done.then(stop, stop);
      return answer;
    },
    close: () => child.kill(),
  };
}

function get(url: string, agent: http.Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'accept-encoding': 'br' } }, (response) => {
        response.resume();
        response.on('error', reject);
        response.on('end', () =>
          resolve(`${response.statusCode} ${response.headers['content-type']}`),
        );
      })
      .on('error', reject);
  });
}

/** The child: answers each run request with its times. */
async function serve(url: string, gapMs: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  let stopped = false;
  process.on('message', async (request: Request) => {
    if (request === 'stop') {
      stopped = true;
      return;
    }
    stopped = false;
    const times: number[] = [];
    const answers = new Set<string>();
    while (!stopped && times.length < request.count) {
      const start = performance.now();
      answers.add(await get(url, agent));
      times.push(performance.now() - start);
      await sleep(gapMs);
    }
    process.send?.({ times, answers: [...answers] } satisfies PageRun);
  });
  process.on('disconnect', () => process.exit(0));
  process.send?.('ready');
}

if (process.send && process.argv[1] === import.meta.filename) {
  await serve(process.argv[2] as string, Number(process.argv[3]));
}
