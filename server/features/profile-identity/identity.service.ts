import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import type { ProfileIdentityDto } from '../../../shared/profile-identity.ts';
import type { Database } from '../../db/database.ts';
import { nowIso } from '../../db/ids.ts';
import type { DB } from '../../db/schema.ts';
import { type AvatarImages, processAvatar } from './avatar-image.ts';
import { presentOwnIdentity } from './identity.presenter.ts';

/** The form's values after the shared schema parsed them (trimmed; '' means not set). */
export interface IdentityValues {
  displayName: string;
  bio: string;
  links: string[];
  accent: string;
}

async function ownIdentity(db: Kysely<DB>, userId: string): Promise<ProfileIdentityDto> {
  const row = await db
    .selectFrom('users')
    .select(['display_name', 'bio', 'links', 'accent', 'avatar_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return presentOwnIdentity(row);
}

export const getIdentity = ownIdentity;

/** Bio: plain text; line breaks kept as `\n`, at most two in a row. */
function cleanBio(bio: string): string {
  return bio.replace(/\r\n?/g, '\n').replace(/\n{3,}/g, '\n\n');
}

/** Display name: one line, runs of white space as one space. */
function cleanDisplayName(name: string): string {
  return name.replace(/\s+/g, ' ');
}

/** Saves the form (PUT /api/me/profile) and answers the identity as saved. */
export async function saveIdentity(
  db: Kysely<DB>,
  userId: string,
  values: IdentityValues,
): Promise<ProfileIdentityDto> {
  // The same link twice is one link.
  const links = [...new Set(values.links)];
  await db
    .updateTable('users')
    .set({
      display_name: cleanDisplayName(values.displayName) || null,
      bio: cleanBio(values.bio) || null,
      links: JSON.stringify(links),
      accent: values.accent,
    })
    .where('id', '=', userId)
    .execute();
  return ownIdentity(db, userId);
}

/** The avatar's key: its owner and content, so two owners of one picture never share a row. */
export function avatarHash(userId: string, webp512: Buffer): string {
  return createHash('sha256')
    .update(userId)
    .update('\n')
    .update(webp512)
    .digest('hex')
    .slice(0, 32);
}

/**
 * Stores both sizes of a re-encoded avatar, points the user at them and deletes their previous
 * avatar, inside the caller's transaction (the upload's own, or an import's: decision 101), so
 * no avatar row is left without its owner pointing at it.
 */
export async function storeAvatar(
  trx: Kysely<DB>,
  userId: string,
  images: AvatarImages,
): Promise<string> {
  const hash = avatarHash(userId, images.webp512);
  await trx
    .insertInto('avatars')
    .values({
      hash,
      user_id: userId,
      webp_512: images.webp512,
      webp_128: images.webp128,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
  await trx.updateTable('users').set({ avatar_hash: hash }).where('id', '=', userId).execute();
  await trx.deleteFrom('avatars').where('user_id', '=', userId).where('hash', '<>', hash).execute();
  return hash;
}

/**
 * PUT /api/me/avatar: re-encodes the bytes (avatar-image.ts), then stores them in one
 * transaction (storeAvatar). A refused file throws before the transaction: no row changes.
 */
export async function saveAvatar(
  database: Database,
  userId: string,
  bytes: Buffer,
): Promise<ProfileIdentityDto> {
  const images = await processAvatar(bytes);
  await database.db.transaction().execute((trx) => storeAvatar(trx, userId, images));
  return ownIdentity(database.db, userId);
}

/** DELETE /api/me/avatar: the generated initial comes back; the bytes are deleted. */
export async function removeAvatar(db: Kysely<DB>, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ avatar_hash: null }).where('id', '=', userId).execute();
    await trx.deleteFrom('avatars').where('user_id', '=', userId).execute();
  });
}

/** The bytes of both sizes of an avatar, when it exists. */
export async function findAvatar(db: Kysely<DB>, hash: string) {
  return db
    .selectFrom('avatars')
    .select(['webp_512', 'webp_128'])
    .where('hash', '=', hash)
    .executeTakeFirst();
}

/**
 * The 128 px avatar as a PNG data URI for the share image (satori draws PNG, not WebP); sharp
 * converts it on libuv's threads. Undefined when it no longer exists.
 */
export async function avatarPngDataUri(db: Kysely<DB>, hash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('avatars')
    .select('webp_128')
    .where('hash', '=', hash)
    .executeTakeFirst();
  if (!row) return undefined;
  const png = await sharp(Buffer.from(row.webp_128)).png().toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** How long an instance keeps an avatar's bytes: another instance's delete is seen within it. */
export const AVATAR_CACHE_TTL_MS = 5 * 60_000;

/**
 * Avatars by hash and size, kept per instance within a byte budget (decision 091) and for at most
 * AVATAR_CACHE_TTL_MS, so bytes its owner removed (or whose account went) stop being served here.
 */
export class AvatarBytes {
  readonly #db: Kysely<DB>;
  readonly #cache: LRUCache<string, Buffer>;

  constructor(db: Kysely<DB>, cacheBytes: number) {
    this.#db = db;
    this.#cache = new LRUCache({
      maxSize: cacheBytes,
      sizeCalculation: (bytes, key) => bytes.length + key.length,
      ttl: AVATAR_CACHE_TTL_MS,
    });
  }

  /** This instance forgets them at once (the owner replaced or removed them here). */
  forget(hash: string | null | undefined): void {
    if (!hash) return;
    this.#cache.delete(`${hash}-128`);
    this.#cache.delete(`${hash}-512`);
  }

  async get(hash: string, size: 128 | 512): Promise<Buffer | undefined> {
    const key = `${hash}-${size}`;
    const cached = this.#cache.get(key);
    if (cached) return cached;
    const row = await findAvatar(this.#db, hash);
    if (!row) return undefined;
    // Immutable: a hash names the same bytes for as long as they exist.
    const bytes = Buffer.from(size === 512 ? row.webp_512 : row.webp_128);
    this.#cache.set(key, bytes);
    return bytes;
  }
}
