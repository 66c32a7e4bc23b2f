import { hash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

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
export function isNotModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim() === etag);
}

/** A short name for a version of some content (a share image's URL carries it). */
export function contentVersion(content: string): string {
  return hash('sha1', content, 'base64url').slice(0, 16);
}
