import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Public pages and profile JSON: browsers revalidate every time (a 304 costs one lookup); a shared
 * cache or CDN may serve a copy for 30 s, so an edit is everywhere within half a minute
 * (decision 060).
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=30, must-revalidate';

/** A weak ETag naming `content` (any text that changes whenever the answer does). */
export function contentEtag(content: string): string {
  return `W/"${hash('sha1', content, 'base64url')}"`;
}

/** True when the client already holds this version (`If-None-Match`): answer 304. */
export function isNotModified(request: Pick<FastifyRequest, 'headers'>, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim() === etag);
}

/** A short name for a version of some content (a share image's URL carries it). */
export function contentVersion(content: string): string {
  return hash('sha1', content, 'base64url').slice(0, 16);
}

/**
 * 301 to where a renamed profile now lives (decision 012). Browsers keep a 301 for good unless
 * told otherwise, and the name is free again after its hold: so the redirect is revalidated like
 * the pages (a shared cache may keep it 30 s).
 */
export function sendMoved(reply: FastifyReply, location: string) {
  return reply.header('cache-control', PUBLIC_PAGE_CACHE).redirect(location, 301);
}

/** The query string of a URL, with its `?` (empty when there is none). */
export function queryOf(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? '' : url.slice(index);
}
