import type { Kysely } from 'kysely';
import type { ProfileIdentityDto } from '../../../shared/profile-identity.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import { PushedCache } from '../../db/pushed-cache.ts';
import type { DB } from '../../db/schema.ts';
import { contentEtag, contentVersion } from '../../http-cache.ts';
import { presentIdentity } from '../profile-identity/identity.presenter.ts';
import { findPublicProfile, type PublicProfileRow } from './profiles.repository.ts';

/**
 * What an entry holds on the heap (decision 116): the JSON text twice (the row's and the
 * answer's), the identity object, the ETag and version. V8 keeps a text of Latin-1 characters at
 * one byte a character and any other at two. Measured on the bench's profiles (5,576 characters,
 * ASCII, 20 codes): 11,776 bytes an entry, counted here as 12,688. The estimate of issue 26
 * (512 + 6 bytes a character: 33,968) held a third as many profiles as the budget has room for.
 */
export function profileEntryBytes(profile: { json: string }): number {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: Latin-1 is U+0000 to U+00FF
  const perCharacter = /[^\u0000-\u00ff]/.test(profile.json) ? 4 : 2;
  return 1536 + perCharacter * profile.json.length;
}

/** A public profile as every answer about it uses it: the JSON answer and the rendered pages. */
export interface PublicProfile {
  readonly row: PublicProfileRow;
  /** What the public sees of the owner (none of it while an admin hides the details). */
  readonly identity: ProfileIdentityDto;
  /** `{ username, identity, codes }`, sent as is by `GET /api/profiles/:username`. */
  readonly json: string;
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
      json,
      etag: contentEtag(json),
      version: contentVersion(json),
    };
    this.#cache.set(username, profile, ticket);
    return profile;
  }
}
