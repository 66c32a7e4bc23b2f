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
export function isNotModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim() === etag);
}

/**
 * Values made from a text (its bytes, its ETag, its version), kept per name while the text stays
 * the same: a request whose profile has not changed reuses what the last one made instead of
 * hashing and encoding the same ~5 KB again. The text itself is compared, so an entry is never
 * stale on any instance (a changed text is made anew). Least recently used first out.
 */
export class DerivedCache<V> {
  readonly #entries = new Map<string, { text: string; value: V }>();
  readonly #capacity: number;
  readonly #derive: (text: string, name: string) => V;

  constructor(capacity: number, derive: (text: string, name: string) => V) {
    this.#capacity = capacity;
    this.#derive = derive;
  }

  get(name: string, text: string): V {
    const entry = this.#entries.get(name);
    if (entry !== undefined) {
      this.#entries.delete(name);
      if (entry.text === text) {
        this.#entries.set(name, entry);
        return entry.value;
      }
    }
    const value = this.#derive(text, name);
    this.#entries.set(name, { text, value });
    if (this.#entries.size > this.#capacity) {
      this.#entries.delete(this.#entries.keys().next().value as string);
    }
    return value;
  }
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
