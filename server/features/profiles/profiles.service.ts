import type { Kysely } from 'kysely';
import type { ProfileDto, PublicCodeDto } from '../../../shared/code-schemas.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import type { DB } from '../../db/schema.ts';
import { errors } from '../../errors.ts';
import { contentEtag, contentVersion, DerivedCache } from '../../http-cache.ts';
import { findPublicProfile } from './profiles.repository.ts';

export const profileNotFound = () => errors.notFound('Profile not found', ERROR_CODES.userNotFound);

/** A public profile's JSON answer as sent: its UTF-8 bytes and their ETag. */
export interface ProfileAnswer {
  readonly body: Buffer;
  readonly etag: string;
}

/**
 * Answers by username, made again only when the database's codes text differs from the one they
 * were made from (as many as the page render cache holds; decision 060). Encoding and hashing
 * ~5 KB took about a third of a profile read's CPU.
 */
const profileAnswers = new DerivedCache<ProfileAnswer>(2000, (codes, username) => {
  // Usernames are [a-z0-9_], so JSON.stringify only adds the quotes; it stays for safety.
  const json = `{"username":${JSON.stringify(username)},"codes":${codes}}`;
  return { body: Buffer.from(json), etag: contentEtag(json) };
});

const profileVersions = new DerivedCache<string>(2000, contentVersion);

/** The version of a profile's content (its page's cache key and share image's URL carry it). */
export function profileVersion(row: { username: string; profile_codes: string }): string {
  return profileVersions.get(row.username, row.profile_codes);
}

/**
 * The public profile's JSON, `{ username, codes }`, sent as is: the codes array comes from the
 * database ready-made (migration 0052), so it is neither parsed nor serialised here.
 * Undefined when no (enabled) user has that (lowercase) username.
 */
export async function getProfileAnswer(
  db: Kysely<DB>,
  username: string,
): Promise<ProfileAnswer | undefined> {
  const row = await findPublicProfile(db, username);
  if (!row) return undefined;
  return profileAnswers.get(row.username, row.profile_codes);
}

/** The landing page's preview: the demo profile's first `count` codes, or none when it is missing. */
export async function getLandingPreview(
  db: Kysely<DB>,
  demoUsername: string,
  count: number,
): Promise<ProfileDto> {
  const row = await findPublicProfile(db, demoUsername);
  const codes = row ? (JSON.parse(row.profile_codes) as PublicCodeDto[]).slice(0, count) : [];
  return { username: demoUsername, codes };
}
