import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Test pictures for the avatar pipeline (issue 26's upload fuzzing). */

/** A photo-like JPEG with EXIF GPS, camera data and an orientation. */
export function jpegWithGps(width = 800, height = 600): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .composite([
      {
        input: {
          create: { width: width / 2, height: height / 2, channels: 3, background: '#225588' },
        },
        left: width / 4,
        top: height / 4,
      },
    ])
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Spy 3000', Copyright: 'Alice' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2400/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 21/1 300/100',
      },
    })
    .toBuffer();
}

export function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/**
 * A decompression bomb: a grey PNG of `width` × `height` whose pixels are all zero, deflated
 * by hand (a 20,000 × 20,000 one is a few hundred KB at most; zlib's best level).
 */
export function bombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // 1 bit per pixel
  ihdr[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8)); // filter byte + zero pixels
  const raw = Buffer.alloc(row.length * height);
  const idat = deflateSync(raw, { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);

export function gif(): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: '#ff0000' } })
    .gif()
    .toBuffer();
}

/** A valid PNG with a page appended: a browser sniffing it could run it. */
export async function polyglot(): Promise<Buffer> {
  return Buffer.concat([
    await png(32, 32),
    Buffer.from('<html><script>alert(document.cookie)</script></html>'),
  ]);
}

/** A JPEG cut in the middle of its scan. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await jpegWithGps(400, 300);
  return whole.subarray(0, Math.floor(whole.length / 2));
}
