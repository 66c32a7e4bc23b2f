/**
 * The machine's ceiling, run as its own process (`bench/ceiling.ts` starts it): a bare Fastify
 * server answering constant bodies of the measured answers' sizes. No logger, no database, no
 * plugins. It has an event loop and a core to itself, as the server under test does, so the
 * load generator (a worker thread of the bench) never competes with it for one loop.
 *
 * argv: the directory holding `profile.json` (a real profile's JSON) and `page.br` (a real
 * 20-code profile page as the server sends it to a browser, brotli), `service.json` and
 * `service-page.br` (a service's first page of codes, and its page, likewise), then the port.
 *
 * `/ceiling/json-work/:microseconds` is the JSON ceiling spending that much CPU on each request
 * first: it tells, in every run, what ratio any server reaches whose route costs that much more
 * than a bare Fastify (a calibration printed for information, not a target).
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';

const [dir = '', port = '0'] = process.argv.slice(2);
const json = fs.readFileSync(path.join(dir, 'profile.json'));
const page = fs.readFileSync(path.join(dir, 'page.br'));
const serviceJson = fs.readFileSync(path.join(dir, 'service.json'));
const servicePage = fs.readFileSync(path.join(dir, 'service-page.br'));

/** Keeps the CPU busy for `microseconds`, as a route's own work would. */
function work(microseconds: number): void {
  const until = performance.now() + microseconds / 1000;
  while (performance.now() < until);
}

const app = Fastify({ logger: false });
app.get('/healthz', (_request, reply) => {
  reply.send('ok');
});
app.get('/ceiling/json', (_request, reply) => {
  reply.type('application/json; charset=utf-8').send(json);
});
app.get<{ Params: { microseconds: string } }>(
  '/ceiling/json-work/:microseconds',
  (request, reply) => {
    work(Number(request.params.microseconds));
    reply.type('application/json; charset=utf-8').send(json);
  },
);
app.get('/ceiling/page', (_request, reply) => {
  reply.type('text/html; charset=utf-8').header('content-encoding', 'br').send(page);
});
app.get('/ceiling/service-json', (_request, reply) => {
  reply.type('application/json; charset=utf-8').send(serviceJson);
});
app.get('/ceiling/service-page', (_request, reply) => {
  reply.type('text/html; charset=utf-8').header('content-encoding', 'br').send(servicePage);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
