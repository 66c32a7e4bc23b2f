import Fastify from 'fastify';
import type { RunningServer } from './server-process.ts';

/**
 * The machine's ceiling: a bare Fastify server with one route answering a constant JSON body
 * of the profile's size. No logger, no database, no plugins.
 */
export async function startCeiling(body: string): Promise<RunningServer> {
  const app = Fastify({ logger: false });
  app.get('/ceiling', (_request, reply) => {
    reply.type('application/json; charset=utf-8').send(body);
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, stop: () => app.close() };
}
