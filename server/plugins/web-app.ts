import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../shared/error-codes.ts';
import type { AppDeps } from '../app-deps.ts';
import { loadPageRenderer } from '../features/pages/page-renderer.ts';
import { pagesRoutes } from '../features/pages/pages.routes.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets as immutable and precompressed (brotli or gzip, made at
 * build time), the public pages rendered on the server, and the shell for the screens rendered in
 * the browser. Without a build (API tests) every page path answers a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { webDistDir, ssrDistDir, env, cacheBytes } = deps.config;
  const hasBuild = fs.existsSync(path.join(webDistDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      index: false,
      wildcard: false,
      cacheControl: false,
      preCompressed: true,
      // The shell is sent by the page routes (with the right caching), never as a file.
      allowedPath: (pathname) => pathname !== '/index.html',
      setHeaders(reply, filePath) {
        const relative = path.relative(webDistDir, filePath);
        reply.header(
          'Cache-Control',
          relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : 'public, max-age=3600',
        );
      },
    });
  }
  const renderer = hasBuild
    ? await loadPageRenderer(webDistDir, ssrDistDir, env, cacheBytes.pages, {
        foregroundBusy: () => deps.foregroundWork.busy,
      })
    : undefined;
  if (renderer) {
    app.addHook('onClose', async () => renderer.close());
    await pagesRoutes(app, deps, renderer);
    return;
  }
  // A client build without the server build (or none at all): every page is the shell, rendered
  // in the browser, as in the tests of the API alone.
  const shell = hasBuild ? readShell(webDistDir, env) : undefined;
  app.setNotFoundHandler((request, reply) => {
    if (!shell || !isPageRequest(request)) return sendNotFound(reply);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(shell);
  });
}

/**
 * What the shell shows without JavaScript: the signed-in screens are drawn in the browser, so
 * without it they would be blank (issue 24). Public pages are rendered on the server instead.
 */
export const NO_SCRIPT_LINE =
  '<noscript><p class="mx-auto max-w-md px-4 py-20 text-center">Refstash needs JavaScript to sign in and manage your codes. Turn it on and reload this page. Public profiles work without it.</p></noscript>';

/** The built index.html, naming the server's environment (the route error screen reads it). */
export function readShell(webDistDir: string, env: string): Buffer {
  return Buffer.from(
    fs
      .readFileSync(path.join(webDistDir, 'index.html'), 'utf8')
      .replace('<html lang="en">', `<html lang="en" data-env="${env}">`)
      .replace('<div id="root"></div>', `<div id="root"></div>${NO_SCRIPT_LINE}`),
  );
}

/** A page a browser navigates to: a GET outside the API and the built assets. */
export function isPageRequest(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !pathname.startsWith('/api/') &&
    pathname !== '/api' &&
    !pathname.startsWith('/assets/') &&
    pathname !== '/assets'
  );
}

/**
 * The JSON 404 of everything that is not a page: an unknown API path, a missing asset. Not kept
 * by any cache: a deploy may add the file a moment later (decision 091).
 */
export function sendNotFound(reply: FastifyReply) {
  return reply
    .status(404)
    .header('cache-control', 'no-store')
    .send({ error: { code: ERROR_CODES.notFound, message: 'Not found' } });
}
