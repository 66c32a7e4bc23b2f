import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  brotliDecompress,
  brotliDecompressSync,
  constants,
  gunzip,
  gunzipSync,
  gzip,
  gzipSync,
} from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import { contentEtag } from '../../http-cache.ts';

/** A rendered page, ready to send in any encoding the client accepts. */
export interface RenderedPage {
  readonly status: number;
  readonly etag: string;
  /**
   * The page's bytes. A cached page lets go of them once it holds a compressed copy (decision
   * 113): the cache's budget then holds about six times as many pages, and the rare request that
   * takes neither brotli nor gzip gets them decompressed (`pageHtml`).
   */
  html?: Buffer;
  /** Compressed once, on the first request that accepts it (fast levels: `FRESH_*`). */
  brotli?: Buffer;
  gzip?: Buffer;
  /** Re-compressed at the highest levels (`SETTLED_*`), in the background. */
  settled?: boolean;
}

export function renderedPage(status: number, key: string, html: string): RenderedPage {
  return { status, etag: contentEtag(key), html: Buffer.from(html) };
}

export type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the request accepts: brotli, then gzip (`q=0` refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  // Browsers send one of a few headers, the same on every request: the last answer is kept (one
  // string, so bounded), and a cached page's answer, which asks twice, negotiates once.
  if (acceptEncoding === lastAcceptEncoding) return lastEncoding;
  const encoding = negotiate(acceptEncoding.toLowerCase(), ['br', 'gzip']) ?? 'identity';
  lastAcceptEncoding = acceptEncoding;
  lastEncoding = encoding;
  return encoding;
}

let lastAcceptEncoding: string | undefined;
let lastEncoding: Encoding = 'identity';

/**
 * How a page is compressed on the request that renders it (decision 113). That request runs on the
 * event loop, so every other request waits for it. On a 20-code profile page (70 KB) brotli
 * quality 2 took 275 µs against 642 at quality 4 and 1,102 at 5 (the old 6: ~1,050 µs on 83 KB),
 * for 11,822 bytes against 11,260 (both far under the 14 KB initial window); gzip level 4 costs
 * about half of level 9, and gzip is made only when a client asks for it (nearly every browser
 * takes brotli).
 * A cached page asked for again is re-compressed at `SETTLED_*` off the event loop, when the
 * server is idle (page-renderer.ts).
 */
export const FRESH_BROTLI_QUALITY = 2;
export const FRESH_GZIP_LEVEL = 4;
export const SETTLED_BROTLI_QUALITY = 11;
export const SETTLED_GZIP_LEVEL = 9;

const brotliCompressAsync = promisify(brotliCompress);
const brotliDecompressAsync = promisify(brotliDecompress);
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

const brotliOptions = (quality: number, length: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_SIZE_HINT]: length,
  },
});

/** The page's HTML: kept, or decompressed from a copy it holds. */
export function pageHtml(page: RenderedPage): Buffer {
  if (page.html) return page.html;
  if (page.brotli) return brotliDecompressSync(page.brotli);
  if (page.gzip) return gunzipSync(page.gzip);
  throw new Error('a rendered page holds no bytes');
}

/** The page's bytes in `encoding`, compressed once, at a level cheap enough to run inline. */
export function encodedBody(page: RenderedPage, encoding: Encoding): Buffer {
  if (encoding === 'br') {
    if (!page.brotli) {
      const html = pageHtml(page);
      page.brotli = brotliCompressSync(html, brotliOptions(FRESH_BROTLI_QUALITY, html.length));
    }
    return page.brotli;
  }
  if (encoding === 'gzip') {
    page.gzip ??= gzipSync(pageHtml(page), { level: FRESH_GZIP_LEVEL });
    return page.gzip;
  }
  return pageHtml(page);
}

/**
 * The page with the copies it holds compressed again at the highest levels, in libuv's thread
 * pool (not on the event loop); a copy that did not get smaller is kept as it was.
 */
export async function settledPage(page: RenderedPage): Promise<RenderedPage> {
  const html =
    page.html ??
    (page.brotli ? await brotliDecompressAsync(page.brotli) : await gunzipAsync(page.gzip!));
  const [brotli, gzipped] = await Promise.all([
    page.brotli && brotliCompressAsync(html, brotliOptions(SETTLED_BROTLI_QUALITY, html.length)),
    page.gzip && gzipAsync(html, { level: SETTLED_GZIP_LEVEL }),
  ]);
  const smaller = (next: Buffer | undefined, old: Buffer | undefined) =>
    next && old && next.length < old.length ? next : old;
  return {
    ...page,
    brotli: smaller(brotli, page.brotli),
    gzip: smaller(gzipped, page.gzip),
    settled: true,
  };
}

/** A page's bytes in memory: the HTML and the compressed copies it holds. */
export function pageBytes(page: RenderedPage): number {
  return (page.html?.length ?? 0) + (page.brotli?.length ?? 0) + (page.gzip?.length ?? 0);
}
