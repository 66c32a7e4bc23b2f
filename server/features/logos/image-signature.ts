/** The raster formats a fetched logo may be in, by the sharp format name that decodes it. */
export type AcceptedLogoFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'ico';

export type ImageSignature =
  | { accepted: true; format: AcceptedLogoFormat; type: string }
  | { accepted: false; type: string };

const startsWith = (bytes: Buffer, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Formats we take: their magic numbers, as their specifications give them. */
const ACCEPTED: ReadonlyArray<{
  format: AcceptedLogoFormat;
  type: string;
  test: (bytes: Buffer) => boolean;
}> = [
  {
    format: 'png',
    type: 'image/png',
    test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { format: 'jpeg', type: 'image/jpeg', test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  {
    format: 'gif',
    type: 'image/gif',
    test: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
  },
  {
    format: 'webp',
    type: 'image/webp',
    test: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  },
  // ICONDIR: reserved 0, type 1 (icon), at least one image.
  {
    format: 'ico',
    type: 'image/x-icon',
    test: (b) => startsWith(b, [0, 0, 1, 0]) && b.length >= 6 && b.readUInt16LE(4) > 0,
  },
];

/** Formats we recognise only to name them when we refuse them. */
const REFUSED: ReadonlyArray<{ type: string; test: (bytes: Buffer) => boolean }> = [
  {
    type: 'image/tiff',
    test: (b) => startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]),
  },
  { type: 'image/bmp', test: (b) => startsWith(b, ascii('BM')) },
  { type: 'application/pdf', test: (b) => startsWith(b, ascii('%PDF')) },
  {
    type: 'image/avif',
    test: (b) => startsWith(b, ascii('ftyp'), 4) && /^avi[fs]$/.test(b.toString('latin1', 8, 12)),
  },
  {
    type: 'image/heic',
    test: (b) =>
      startsWith(b, ascii('ftyp'), 4) &&
      /^(hei[cfsx]|mif1|msf1)$/.test(b.toString('latin1', 8, 12)),
  },
  {
    type: 'image/jxl',
    test: (b) =>
      startsWith(b, [0xff, 0x0a]) || startsWith(b, [0, 0, 0, 0x0c, 0x4a, 0x58, 0x4c, 0x20]),
  },
  {
    // SVG is text: an optional BOM and white space, then `<?xml`, a comment, a doctype or `<svg`.
    type: 'image/svg+xml',
    test: (b) => {
      const head = b
        .toString('utf8', 0, 1024)
        .replace(/^\ufeff/, '')
        .trimStart();
      return head.startsWith('<') && /<svg[\s>/]/i.test(head);
    },
  },
];

/**
 * What a fetched file is, by its own first bytes (never by the Content-Type its server sent):
 * one of the five raster formats we decode, or the type we refuse it as: a recognised one
 * (`image/svg+xml`, `image/tiff`, …) or `unknown`.
 */
export function imageSignature(bytes: Buffer): ImageSignature {
  for (const { format, type, test } of ACCEPTED) {
    if (test(bytes)) return { accepted: true, format, type };
  }
  for (const { type, test } of REFUSED) {
    if (test(bytes)) return { accepted: false, type };
  }
  return { accepted: false, type: 'unknown' };
}
