import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../shared/error-codes.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA: hashed assets as immutable, index.html with no-cache for every
 * other GET, and a JSON 404 for unknown /api paths.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  env: string,
): Promise<void> {
  const indexPath = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  let indexHtml: Buffer | undefined;
  const readIndex = () => {
    // The page learns the server's environment (the route error screen shows stacks outside
    // production) without a second request.
    indexHtml ??= Buffer.from(
      fs
        .readFileSync(indexPath, 'utf8')
        .replace('<html lang="en">', `<html lang="en" data-env="${env}">`),
    );
    return indexHtml;
  };

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const relative = path.relative(distDir, filePath);
        reply.header(
          'Cache-Control',
          relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'public, max-age=3600',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      !pathname.startsWith('/assets/');
    if (!isPage || !hasBuild) {
      return reply
        .status(404)
        .send({ error: { code: ERROR_CODES.notFound, message: 'Not found' } });
    }
    return reply
      .status(200)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(readIndex());
  });
}
