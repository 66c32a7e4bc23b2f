import type { ProfileIdentityDto } from '../../../shared/profile-identity.ts';

/**
 * A profile with no identity set: what a page shows for an answer without `identity` (issue 26).
 * A copy of shared EMPTY_IDENTITY kept here on purpose: profile-identity.ts builds zod schemas, and
 * the public pages' bundle carries no zod.
 */
export const NO_IDENTITY: ProfileIdentityDto = Object.freeze({
  displayName: null,
  bio: null,
  avatar: null,
  links: [],
  accent: 'indigo',
}) as ProfileIdentityDto;

/** The identity of a profile answer, or NO_IDENTITY when the answer has none. */
export function identityOf(
  profile: { username: string; identity?: ProfileIdentityDto } | null | undefined,
): ProfileIdentityDto {
  return profile?.identity ?? NO_IDENTITY;
}

/** How a link reads beside its icon: the address without its scheme, `www.` and final slash. */
export function linkLabel(url: string): string {
  return url
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
}

/** The first letter or digit of the shown name, for the generated avatar. */
export function avatarInitial(name: string): string {
  const match = name.match(/[\p{L}\p{N}]/u);
  return match ? match[0].toLocaleUpperCase() : '?';
}
