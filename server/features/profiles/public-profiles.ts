import type { Kysely } from 'kysely';
import type { ProfileIdentityDto } from '../../../shared/profile-identity.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import { PushedCache } from '../../db/pushed-cache.ts';
import type { DB } from '../../db/schema.ts';
import { contentEtag, contentVersion } from '../../http-cache.ts';
import { presentIdentity } from '../profile-identity/identity.presenter.ts';
import { findPublicProfile, type PublicProfileRow } from './profiles.repository.ts';

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
    // JSON text twice (the row's and the answer's), two bytes a character at most; the identity
    // object beside them is about as large as its text in the answer.
    this.#cache = new PushedCache(feed, cacheBytes, (profile) => 512 + 6 * profile.json.length);
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
