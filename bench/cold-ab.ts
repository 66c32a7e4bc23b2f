/**
 * `node bench/cold-ab.ts <before-checkout>`: cold page renders of two builds of the server, on
 * one seeded SQLite database (30,000 profiles), alternating three times, each on CPU 1 with the
 * load generator on CPU 0 (decision 097); prints each run and the median CPU time per answer.
 * `<before-checkout>` is another checkout of the app, built (`npm run build`), with a
 * `node_modules` (a symlink to this one's will do), e.g. from `git archive <commit> | tar -x`.
 * Each round visits a third of the profiles it has not seen: every page is a render (decision 113).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pinBenchToCpu0 } from './pinning.ts';
import { seedBench } from './seed.ts';
import { freePort, killAll, startProcess } from './server-process.ts';
import { measure } from './workloads.ts';

pinBenchToCpu0();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'refstash-cold-ab-'));
const db = path.join(dir, 'ab.db');
const seeded = await seedBench(
  { kind: 'sqlite', path: db },
  { users: 30_000, codesPerUser: 20, clickEvents: 0 },
);
console.log(
  `seeded ${seeded.usernames.length} in ${seeded.seconds.toFixed(0)} s; load ${os.loadavg()[0]!.toFixed(2)}`,
);
const start = async (root: string) => {
  const port = await freePort();
  return startProcess(
    path.join(root, 'bench/bench-server.ts'),
    [],
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      SMTP_URL: 'smtp://127.0.0.1:2525',
      MAIL_FROM: 'b <b@localhost>',
      RATE_LIMIT_SCALE: '',
      LOGO_FETCH_ALLOW_LOOPBACK: '',
      REDIS_URL: '',
      SCHEDULED_JOBS: 'off',
      DATABASE_URL: '',
      WEB_DIST_DIR: path.join(root, 'dist/web'),
      SSR_DIST_DIR: path.join(root, 'dist/ssr'),
      PAGE_CACHE_MB: '128',
      SQLITE_PATH: db,
    },
    port,
  );
};
const beforeRoot = process.argv[2];
if (!beforeRoot || !fs.existsSync(path.join(beforeRoot, 'dist/ssr/entry-server.js'))) {
  console.error('usage: node bench/cold-ab.ts <a built checkout to compare with>');
  process.exit(2);
}
const roots = { before: path.resolve(beforeRoot), now: path.resolve(import.meta.dirname, '..') };
const results: Record<string, number[]> = { before: [], now: [] };
try {
  for (let round = 0; round < 3; round++) {
    for (const [name, root] of Object.entries(roots)) {
      const server = await start(root);
      try {
        const third = seeded.usernames.length / 3;
        const usernames = seeded.usernames.slice(round * third, (round + 1) * third);
        const m = await measure(server, { name: `${name} cold`, kind: 'page', usernames });
        results[name]!.push(m.cpuPerAnswerUs);
        console.log(
          `${name}: ${m.requestsPerSecond} req/s, p99 ${m.p99} ms, ${m.cpuPerAnswerUs.toFixed(0)} µs CPU an answer, statuses ${JSON.stringify(m.statuses)}; load ${os.loadavg()[0]!.toFixed(2)}`,
        );
      } finally {
        await server.stop();
      }
    }
  }
  const best = (v: number[]) => v.toSorted((a, b) => a - b)[v.length >> 1]!;
  console.log(
    `CPU per cold answer (median of the rounds): before ${best(results.before!).toFixed(0)} µs, now ${best(results.now!).toFixed(0)} µs, ratio ${(best(results.now!) / best(results.before!)).toFixed(3)}`,
  );
} finally {
  killAll();
  fs.rmSync(dir, { recursive: true, force: true });
}
