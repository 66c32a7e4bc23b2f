import { describe, expect, it } from 'vitest';
import { encodedBody, pageBytes, preferredEncoding, renderedPage } from './rendered-pages.ts';

describe('rendered pages', () => {
  it('picks brotli, then gzip, from Accept-Encoding, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('GZIP')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(preferredEncoding('identity')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
  });

  it('answers each header for itself when headers alternate (the last answer is kept)', () => {
    expect(preferredEncoding('br, gzip')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br, gzip')).toBe('br');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('identity')).toBe('identity');
    expect(preferredEncoding('br')).toBe('br');
  });

  it('counts a page by its HTML and every compressed copy it holds', () => {
    const page = renderedPage(200, 'key', `<p>${'x'.repeat(10_000)}</p>`);
    expect(pageBytes(page)).toBe(10_007);
    const brotli = encodedBody(page, 'br').length;
    const gzip = encodedBody(page, 'gzip').length;
    expect(pageBytes(page)).toBe(10_007 + brotli + gzip);
  });
});
