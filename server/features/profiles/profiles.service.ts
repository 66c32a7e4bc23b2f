import type { Kysely } from 'kysely';
import type { ProfileDto, PublicCodeDto } from '../../../shared/code-schemas.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import type { DB } from '../../db/schema.ts';
import { errors } from '../../errors.ts';
import { findPublicProfile } from './profiles.repository.ts';

export const profileNotFound = () => errors.notFound('Profile not found', ERROR_CODES.userNotFound);

/**
 * The public profile as JSON text, `{ username, codes }`, sent as is: the codes array comes from
 * the database ready-made (migration 0052), so it is neither parsed nor serialised here.
 * Undefined when no (enabled) user has that (lowercase) username.
 */
export async function getProfileJson(
  db: Kysely<DB>,
  username: string,
): Promise<string | undefined> {
  const row = await findPublicProfile(db, username);
  if (!row) return undefined;
  // Usernames are [a-z0-9_], so JSON.stringify only adds the quotes; it stays for safety.
  return `{"username":${JSON.stringify(row.username)},"codes":${row.profile_codes}}`;
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
