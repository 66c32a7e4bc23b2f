import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { toPngLogo } from './png-logo.ts';

/** A 24 × 24 red square in a format sharp can write. */
const square = () =>
  sharp({ create: { width: 24, height: 24, channels: 4, background: '#e11d48' } });

/** A Windows .ico with one entry that is a whole PNG file (Vista-style icons). */
function pngIco(png: Buffer, size: number): Buffer {
  const dir = Buffer.alloc(22);
  dir.writeUInt16LE(0, 0); // reserved
  dir.writeUInt16LE(1, 2); // type 1: icon
  dir.writeUInt16LE(1, 4); // one image
  dir.writeUInt8(size, 6);
  dir.writeUInt8(size, 7);
  dir.writeUInt16LE(1, 10); // colour planes
  dir.writeUInt16LE(32, 12); // bits per pixel
  dir.writeUInt32LE(png.length, 14);
  dir.writeUInt32LE(22, 18); // the PNG starts right after the directory
  return Buffer.concat([dir, png]);
}

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect width="24" height="24" fill="red"/></svg>',
);

async function decodesTo(png: Buffer, size: number) {
  const meta = await sharp(png).metadata();
  expect(meta).toMatchObject({ format: 'png', width: size, height: size });
}

describe('toPngLogo checks the magic bytes before sharp decodes anything (finding 8c)', () => {
  it.each([
    ['PNG', () => square().png().toBuffer(), 'image/png'],
    ['JPEG', () => square().jpeg().toBuffer(), 'image/jpeg'],
    ['GIF', () => square().gif().toBuffer(), 'image/gif'],
    ['WebP', () => square().webp().toBuffer(), 'image/webp'],
    ['ICO around a PNG', async () => pngIco(await square().png().toBuffer(), 24), 'image/x-icon'],
    // Servers label favicons inconsistently: the bytes decide, not the header.
    ['PNG sent as image/x-icon', () => square().png().toBuffer(), 'image/x-icon'],
  ])('accepts %s', async (_label, make, claimed) => {
    await decodesTo(await toPngLogo(await make(), claimed, 64, 64), 64);
  });

  it.each([
    ['an SVG sent as image/svg+xml', async () => SVG, 'image/svg+xml', 'image/svg+xml'],
    ['an SVG sent as image/png', async () => SVG, 'image/png', 'image/svg+xml'],
    [
      'an SVG with an XML declaration and a BOM',
      async () => Buffer.from(`\ufeff<?xml version="1.0"?>\n${SVG.toString()}`),
      'image/x-icon',
      'image/svg+xml',
    ],
    ['a TIFF (little-endian)', () => square().tiff().toBuffer(), 'image/tiff', 'image/tiff'],
    ['a TIFF sent as image/png', () => square().tiff().toBuffer(), 'image/png', 'image/tiff'],
    [
      'a big-endian TIFF header',
      async () => Buffer.concat([Buffer.from('MM\x00\x2a', 'latin1'), Buffer.alloc(60)]),
      'image/png',
      'image/tiff',
    ],
    [
      'a BMP',
      async () => Buffer.concat([Buffer.from('BM', 'latin1'), Buffer.alloc(60)]),
      'image/bmp',
      'image/bmp',
    ],
    ['a PDF', async () => Buffer.from('%PDF-1.7\n1 0 obj\n'), 'image/png', 'application/pdf'],
    [
      'text that is no image',
      async () => Buffer.from('definitely not a png'),
      'image/png',
      'unknown',
    ],
    ['an empty body', async () => Buffer.alloc(0), 'image/png', 'unknown'],
  ])('refuses %s', async (_label, make, claimed, detected) => {
    await expect(toPngLogo(await make(), claimed, 64, 64)).rejects.toThrow(
      `Invalid logo type: ${detected}`,
    );
  });

  it('refuses an ICO whose entry is an SVG', async () => {
    await expect(toPngLogo(pngIco(SVG, 24), 'image/x-icon', 64, 64)).rejects.toThrow(
      'Could not decode the image/x-icon logo',
    );
  });
});

/** Raw opaque RGBA pixels, each picked at random from `colours`, or wholly random without. */
function randomPixels(size: number, colours?: number[][]): Buffer {
  const pixels = randomBytes(size * size * 4);
  for (let i = 0; i < size * size; i += 1) {
    const colour = colours?.[(pixels[i * 4] ?? 0) % colours.length];
    if (colour) pixels.set(colour, i * 4);
    pixels[i * 4 + 3] = 255;
  }
  return pixels;
}

const rawPng = (pixels: Buffer, size: number) =>
  sharp(pixels, { raw: { width: size, height: size, channels: 4 } })
    .png()
    .toBuffer();

describe('toPngLogo stores at most 64 KB of PNG per logo (finding 2)', () => {
  it('re-encodes with a palette when the full-colour PNG is over 65,536 bytes', async () => {
    const fourColours = [
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
      [255, 255, 0],
    ];
    const source = await rawPng(randomPixels(400, fourColours), 400);
    // The same pixels as a full-colour PNG do not fit: the palette is what makes them fit.
    expect(source.length).toBeGreaterThan(65_536);
    const png = await toPngLogo(source, 'image/png', 400, 400);
    expect(png.length).toBeLessThanOrEqual(65_536);
    await decodesTo(png, 400);
  });

  it('refuses a logo that is over 65,536 bytes even with a palette', async () => {
    const noise = await rawPng(randomPixels(400), 400);
    await expect(toPngLogo(noise, 'image/png', 400, 400)).rejects.toThrow(
      'Logo is larger than 65536 bytes once re-encoded',
    );
  });
});
