import type { ProfileDto, PublicCodeDto } from '../../../shared/code-schemas.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import { EMPTY_IDENTITY } from '../../../shared/profile-identity.ts';
import { errors } from '../../errors.ts';
import type { PublicProfiles } from './public-profiles.ts';

export const profileNotFound = () => errors.notFound('Profile not found', ERROR_CODES.userNotFound);

/** The landing page's preview: the demo profile's first `count` codes, or none when it is missing. */
export async function getLandingPreview(
  profiles: PublicProfiles,
  demoUsername: string,
  count: number,
): Promise<ProfileDto> {
  const found = await profiles.find(demoUsername);
  const codes = found
    ? (JSON.parse(found.row.profile_codes) as PublicCodeDto[]).slice(0, count)
    : [];
  return { username: demoUsername, identity: found?.identity ?? EMPTY_IDENTITY, codes };
}
