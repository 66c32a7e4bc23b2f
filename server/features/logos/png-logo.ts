import { imageSignature } from './image-signature.ts';
import { LogoFetchError } from './safe-fetch.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Picks the largest image of a Windows .ico file and returns something sharp can read:
 * embedded PNG bytes as they are, or a 32-bit BMP entry decoded to raw RGBA. (libvips has no
 * ICO loader; older palette-based entries are refused and the fallback icon is drawn.)
 */
function decodeIco(
  bytes: Buffer,
): { input: Buffer; raw?: { width: number; height: number } } | null {
  if (bytes.length < 6 || bytes.readUInt16LE(0) !== 0 || bytes.readUInt16LE(2) !== 1) return null;
  const count = bytes.readUInt16LE(4);
  let best: { size: number; offset: number; length: number } | null = null;
  for (let i = 0; i < count; i += 1) {
    const entry = 6 + i * 16;
    if (entry + 16 > bytes.length) return null;
    const size = bytes.readUInt8(entry) || 256;
    const length = bytes.readUInt32LE(entry + 8);
    const offset = bytes.readUInt32LE(entry + 12);
    if (offset + length > bytes.length) continue;
    if (!best || size > best.size) best = { size, offset, length };
  }
  if (!best) return null;
  const data = bytes.subarray(best.offset, best.offset + best.length);
  if (data.subarray(0, 8).equals(PNG_SIGNATURE)) return { input: data };
  // BITMAPINFOHEADER: width, height (doubled: XOR + AND masks), 32 bits per pixel, BGRA rows bottom-up.
  if (data.length < 40 || data.readUInt32LE(0) < 40 || data.readUInt16LE(14) !== 32) return null;
  const width = data.readInt32LE(4);
  const height = Math.abs(data.readInt32LE(8)) / 2;
  const start = data.readUInt32LE(0);
  if (width <= 0 || height <= 0 || start + width * height * 4 > data.length) return null;
  const rgba = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const source = start + (height - 1 - y) * width * 4;
    for (let x = 0; x < width; x += 1) {
      const from = source + x * 4;
      const to = (y * width + x) * 4;
      rgba[to] = data[from + 2] ?? 0;
      rgba[to + 1] = data[from + 1] ?? 0;
      rgba[to + 2] = data[from] ?? 0;
      rgba[to + 3] = data[from + 3] ?? 0;
    }
  }
  return { input: rgba, raw: { width, height } };
}

/** The most PNG bytes one stored logo may take (finding 2: the cache must stay small). */
export const MAX_STORED_LOGO_BYTES = 64 * 1024;

/**
 * Re-encodes a fetched raster image as a PNG of exactly width × height (letterboxed on
 * transparency). Decoding and re-encoding strips anything but pixels from what we store.
 * A full-colour PNG over MAX_STORED_LOGO_BYTES is re-encoded with a 256-colour palette; one
 * still over it (or too big for a palette to help) is refused, and the fallback icon is drawn.
 *
 * Before sharp sees a byte, the file's own magic number must be PNG, JPEG, GIF, WebP or ICO
 * (servers label favicons inconsistently, and libvips would otherwise pick any loader it has:
 * SVG, TIFF, PDF, …). Anything else is `Invalid logo type: {type}`, the type the bytes show.
 */
export async function toPngLogo(
  bytes: Buffer,
  contentType: string,
  width: number,
  height: number,
): Promise<Buffer> {
  const signature = imageSignature(bytes);
  if (!signature.accepted) throw new LogoFetchError(`Invalid logo type: ${signature.type}`);
  const undecodable = () => new LogoFetchError(`Could not decode the ${contentType} logo`);
  const ico = signature.format === 'ico' ? decodeIco(bytes) : null;
  if (signature.format === 'ico' && !ico) throw undecodable();
  // An .ico's entry is checked by decodeIco: an embedded PNG, or raw pixels.
  const expected = ico ? 'png' : signature.format;
  // Loaded on the first fetched logo, not at startup (libvips costs ~85 ms to load).
  const { default: sharp } = await import('sharp');
  const image = ico?.raw
    ? sharp(ico.input, { raw: { width: ico.raw.width, height: ico.raw.height, channels: 4 } })
    : sharp(ico?.input ?? bytes, { limitInputPixels: 4096 * 4096 });
  try {
    // libvips sniffs the loader itself: make sure it chose the one the magic number named.
    if (!ico?.raw && (await image.metadata()).format !== expected) throw undecodable();
    const resized = image.resize(width, height, {
      fit: 'contain',
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    });
    const full = await resized.clone().png().toBuffer();
    if (full.length <= MAX_STORED_LOGO_BYTES) return full;
    // A palette turns 4 bytes a pixel into 1 at best: past 4× the cap it cannot fit, and
    // quantising noise costs seconds of CPU, so it is not tried.
    if (full.length <= 4 * MAX_STORED_LOGO_BYTES) {
      const palette = await resized.png({ palette: true }).toBuffer();
      if (palette.length <= MAX_STORED_LOGO_BYTES) return palette;
    }
  } catch {
    throw undecodable();
  }
  throw new LogoFetchError(`Logo is larger than ${MAX_STORED_LOGO_BYTES} bytes once re-encoded`);
}
