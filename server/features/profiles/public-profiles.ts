import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { ProfileIdentityDto } from '../../../shared/profile-identity.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import { PushedCache } from '../../db/pushed-cache.ts';
import type { DB } from '../../db/schema.ts';
import { contentEtag, contentVersion } from '../../http-cache.ts';
import type { Encoding } from '../pages/rendered-pages.ts';
import { presentIdentity } from '../profile-identity/identity.presenter.ts';
import { findPublicProfile, type PublicProfileRow } from './profiles.repository.ts';

/**
 * What an entry holds (decision 116): the row's JSON text on the heap, the answer as UTF-8 bytes
 * (decision 117), the identity object, the ETag and version. V8 keeps a text of Latin-1
 * characters at one byte a character and any other at two. Measured on the bench's profiles
 * (5,576 characters, ASCII, 20 codes): 11,776 bytes an entry before the compressed copies,
 * counted here as 14,237 with them. The
 * estimate of issue 26 (512 + 6 bytes a character: 33,968) held a third as many profiles as the
 * budget has room for.
 */
export function profileEntryBytes(profile: {
  row: { profile_codes: string };
  body: Buffer;
}): number {
  const text = profile.row.profile_codes;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Latin-1 is U+0000 to U+00FF
  const perCharacter = /[^\u0000-\u00ff]/.test(text) ? 2 : 1;
  // The compressed copies come later (`profileBody`); counted ahead: a quarter of the bytes.
  return 1536 + perCharacter * text.length + Math.ceil(1.25 * profile.body.length);
}

/** The compressed copies a cached profile makes of its answer, once each (decision 117). */
const copies = new WeakMap<PublicProfile, { br?: Buffer; gzip?: Buffer }>();

/**
 * The profile's JSON answer in `encoding`: compressed on the first request that asks for that
 * encoding, then kept with the entry (a profile is read far more often than it changes).
 */
export function profileBody(profile: PublicProfile, encoding: Encoding): Buffer {
  if (encoding === 'identity') return profile.body;
  let kept = copies.get(profile);
  if (!kept) {
    kept = {};
    copies.set(profile, kept);
  }
  if (encoding === 'br') {
    kept.br ??= brotliCompressSync(profile.body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: PROFILE_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: profile.body.length,
      },
    });
    return kept.br;
  }
  kept.gzip ??= gzipSync(profile.body, { level: PROFILE_GZIP_LEVEL });
  return kept.gzip;
}

/** Higher than the per-request level of other answers (4): a copy is made once per entry. */
export const PROFILE_BROTLI_QUALITY = 6;
export const PROFILE_GZIP_LEVEL = 6;

/** A public profile as every answer about it uses it: the JSON answer and the rendered pages. */
export interface PublicProfile {
  readonly row: PublicProfileRow;
  /** What the public sees of the owner (none of it while an admin hides the details). */
  readonly identity: ProfileIdentityDto;
  /**
   * `{ username, identity, codes }` as UTF-8, sent as is by `GET /api/profiles/:username`:
   * encoded once, not on every answer (a string body is encoded on each write; decision 117).
   */
  readonly body: Buffer;
  readonly etag: string;
  /** Names the codes' and the identity's content: part of the rendered pages' cache keys. */
  readonly version: string;
}

/**
 * Public profiles by (lowercase) username, kept per instance until the change feed says the
 * profile changed (an edit, a hide, a disable, a rename; decision 099): a read asks the database
 * nothing. A name no enabled user has is looked up each time and never kept (decision 091).
 */
export class PublicProfiles {
  readonly #db: Kysely<DB>;
  readonly #cache: PushedCache<PublicProfile>;

  constructor(db: Kysely<DB>, feed: ChangeFeed, cacheBytes: number) {
    this.#db = db;
    this.#cache = new PushedCache<PublicProfile>(feed, cacheBytes, profileEntryBytes);
    feed.subscribe({
      profile: (username) => this.#cache.delete(username),
      listing: () => {},
      reset: () => this.#cache.clear(),
    });
  }

  /** The profile if it is cached now: no database read (the fast reads, decision 117). */
  cached(username: string): PublicProfile | undefined {
    return this.#cache.get(username);
  }

  async find(username: string): Promise<PublicProfile | undefined> {
    const cached = this.#cache.get(username);
    if (cached) return cached;
    const ticket = this.#cache.ticket();
    const row = await findPublicProfile(this.#db, username);
    if (!row) return undefined;
    // Usernames are [a-z0-9_], so JSON.stringify only adds the quotes; it stays for safety.
    const identity = presentIdentity(row);
    const json = `{"username":${JSON.stringify(row.username)},"identity":${JSON.stringify(identity)},"codes":${row.profile_codes}}`;
    const profile = {
      row,
      identity,
      body: Buffer.from(json),
      etag: contentEtag(json),
      version: contentVersion(json),
    };
    this.#cache.set(username, profile, ticket);
    return profile;
  }
}
