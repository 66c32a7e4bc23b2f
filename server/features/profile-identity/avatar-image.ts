import sharp, { type Metadata } from 'sharp';
import { IDENTITY_LIMITS, IDENTITY_MESSAGES } from '../../../shared/profile-identity.ts';
import { errors } from '../../errors.ts';

/**
 * The avatar pipeline (issue 26, decision 101): the bytes decide the type, the header decides
 * whether the pixels may be decoded, and sharp re-encodes to two square WebP images with no
 * metadata. sharp runs on libuv's thread pool (off the event loop); a small semaphore keeps at
 * most AVATAR_CONCURRENCY pipelines decoding at once on an instance, and a short queue beyond it
 * answers 503 (the route is rate-limited per user too).
 */

export type AvatarFormat = 'png' | 'jpeg' | 'webp';

export interface AvatarImages {
  webp512: Buffer;
  webp128: Buffer;
}

export const AVATAR_CONCURRENCY = 2;
const AVATAR_QUEUE = 16;

const ascii = (text: string) => Buffer.from(text, 'latin1');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_END = Buffer.concat([ascii('IEND'), Buffer.from([0xae, 0x42, 0x60, 0x82])]);
/** Markup that makes an image file also a page or a script (a polyglot). */
const MARKUP = /<(script|html|svg|body|iframe|object|embed|\?xml|!doctype)[\s>/]/i;
/** A ZIP's local file header and central directory: a JAR or an archive appended to an image. */
const ZIP = [Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.from('PK\u0001\u0002', 'latin1')];

/** What the bytes are: one PNG, JPEG or WebP image; one cut short; or anything else. */
export type AvatarSniff =
  | { kind: 'image'; format: AvatarFormat }
  | { kind: 'truncated' }
  | { kind: 'other' };

/**
 * What the bytes are, by themselves: the magic number at the start; the container's own end at
 * the end (an image with a ZIP or a page appended is a polyglot, refused as another type; one with
 * no end at all was cut short); and no markup anywhere (a page or an SVG inside a PNG).
 */
export function sniffAvatar(bytes: Buffer): AvatarSniff {
  if (MARKUP.test(bytes.toString('latin1'))) return { kind: 'other' };
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    if (bytes.subarray(bytes.length - 8).equals(PNG_END)) return { kind: 'image', format: 'png' };
    return bytes.includes(PNG_END) ? { kind: 'other' } : { kind: 'truncated' };
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    // A JPEG ends with EOI (FF D9); a few encoders pad with zeros after it.
    let end = bytes.length;
    while (end > 2 && bytes[end - 1] === 0) end--;
    if (bytes[end - 2] === 0xff && bytes[end - 1] === 0xd9)
      return { kind: 'image', format: 'jpeg' };
    return ZIP.some((magic) => bytes.includes(magic)) ? { kind: 'other' } : { kind: 'truncated' };
  }
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).equals(ascii('RIFF')) &&
    bytes.subarray(8, 12).equals(ascii('WEBP'))
  ) {
    // RIFF's size is the rest of the file (padded to even): nothing may follow it.
    const size = bytes.readUInt32LE(4) + 8;
    if (size === bytes.length || size + (size % 2) === bytes.length) {
      return { kind: 'image', format: 'webp' };
    }
    return size > bytes.length ? { kind: 'truncated' } : { kind: 'other' };
  }
  return { kind: 'other' };
}

class Semaphore {
  #running = 0;
  readonly #waiting: Array<() => void> = [];
  readonly max: number;
  readonly queue: number;
  constructor(max: number, queue: number) {
    this.max = max;
    this.queue = queue;
  }
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.max) {
      if (this.#waiting.length >= this.queue)
        throw errors.unavailable(IDENTITY_MESSAGES.avatarBusy, 5);
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }
}

const pipelines = new Semaphore(AVATAR_CONCURRENCY, AVATAR_QUEUE);

const refuse = (message: string) => errors.badRequest(message, { avatar: message });

const OPTIONS = {
  limitInputPixels: IDENTITY_LIMITS.avatarMaxPixels,
  // Strict: a premature end or corrupt data is refused, never drawn half grey.
  failOn: 'warning',
  sequentialRead: true,
} as const;

async function encode(bytes: Buffer, format: AvatarFormat): Promise<AvatarImages> {
  // The header only: no pixel is decoded before the size is known to be allowed.
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { ...OPTIONS, limitInputPixels: false }).metadata();
  } catch {
    throw refuse(IDENTITY_MESSAGES.avatarUnreadable);
  }
  if (meta.format !== format) throw refuse(IDENTITY_MESSAGES.avatarWrongType);
  if ((meta.pages ?? 1) > 1) throw refuse(IDENTITY_MESSAGES.avatarWrongType);
  const { width = 0, height = 0 } = meta;
  if (width < 1 || height < 1) throw refuse(IDENTITY_MESSAGES.avatarUnreadable);
  if (width * height > IDENTITY_LIMITS.avatarMaxPixels) {
    throw refuse(IDENTITY_MESSAGES.avatarTooManyPixels);
  }
  try {
    // Auto-oriented, cropped square from the centre; WebP output carries no metadata (no
    // keepExif / keepIccProfile / withMetadata): EXIF, ICC and XMP are all dropped.
    const webp512 = await sharp(bytes, OPTIONS)
      .rotate()
      .resize(512, 512, { fit: 'cover', position: 'centre' })
      .toColourspace('srgb')
      .webp({ quality: 82, effort: 4 })
      .toBuffer();
    const webp128 = await sharp(webp512)
      .resize(128, 128, { fit: 'cover' })
      .webp({ quality: 82, effort: 4 })
      .toBuffer();
    return { webp512, webp128 };
  } catch {
    throw refuse(IDENTITY_MESSAGES.avatarUnreadable);
  }
}

/**
 * Checks and re-encodes an uploaded picture: 400 with the message for a file that is too
 * large, not a PNG, JPEG or WebP (by its bytes), over 40 megapixels (read from the header, before
 * decoding), or unreadable (truncated, corrupt).
 */
export async function processAvatar(bytes: Buffer): Promise<AvatarImages> {
  if (bytes.length > IDENTITY_LIMITS.avatarMaxBytes) {
    throw refuse(IDENTITY_MESSAGES.avatarTooLarge);
  }
  const sniff = sniffAvatar(bytes);
  if (sniff.kind === 'truncated') throw refuse(IDENTITY_MESSAGES.avatarUnreadable);
  if (sniff.kind === 'other') throw refuse(IDENTITY_MESSAGES.avatarWrongType);
  return pipelines.run(() => encode(bytes, sniff.format));
}

/** The only data URLs an import's `profile.avatar` may be (the export writes the WebP one). */
const AVATAR_DATA_URL = /^data:image\/(?:webp|png|jpeg);base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * An import's avatar (decision 101): a `data:image/(webp|png|jpeg);base64,` URL, decoded and then
 * sent through processAvatar, the upload's own checks, limits and concurrency cap. The declared
 * type only admits the URL; the bytes decide what the picture is. Any other value, or text that
 * is not base64, is refused with the upload's messages (400).
 */
export async function avatarFromDataUrl(value: unknown): Promise<AvatarImages> {
  if (typeof value !== 'string') throw refuse(IDENTITY_MESSAGES.avatarWrongType);
  const prefix = AVATAR_DATA_URL.exec(value.slice(0, 40));
  if (!prefix) throw refuse(IDENTITY_MESSAGES.avatarWrongType);
  const text = value.slice(prefix[0].length);
  // Measured before decoding: more base64 than 2 MB of bytes is refused as the upload is.
  if (text.length > Math.ceil((IDENTITY_LIMITS.avatarMaxBytes * 4) / 3) + 4) {
    throw refuse(IDENTITY_MESSAGES.avatarTooLarge);
  }
  if (text.length === 0 || text.length % 4 !== 0 || !BASE64.test(text)) {
    throw refuse(IDENTITY_MESSAGES.avatarUnreadable);
  }
  return processAvatar(Buffer.from(text, 'base64'));
}
