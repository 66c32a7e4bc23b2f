import type { ProfileDto, PublicCodeDto } from '../../../shared/code-schemas.ts';
import { formatReward, shorten } from '../../../shared/display-rules.ts';
import { SHARE_IMAGE_SIZE } from '../../../shared/limits.ts';
import type { PageHead } from '../../../shared/page-render.ts';
import { paths } from '../../paths.ts';

/**
 * A profile's title: `Alice Martin (@alice) · referral codes` when the owner set a display name
 * (issue 26), `@alice's referral codes · Refstash` otherwise.
 */
export function profileTitle(username: string, displayName?: string | null): string {
  if (displayName) return `${displayName} (@${username}) · referral codes`;
  return `@${username}'s referral codes · Refstash`;
}

/**
 * The profile's structured data (issue 26): a `ProfilePage` whose `Person` is the owner, with the
 * display name (or the username), `@username`, the 512 px avatar and the links. Escaped by the
 * server when it writes the head.
 */
export function profileJsonLd(profile: ProfileDto, canonical: string, appUrl: string) {
  const { identity } = profile;
  const person: Record<string, unknown> = {
    '@type': 'Person',
    name: identity?.displayName || profile.username,
    alternateName: `@${profile.username}`,
    url: canonical,
  };
  if (identity?.bio) person.description = identity.bio;
  if (identity?.avatar) person.image = `${appUrl}${identity.avatar.url512}`;
  if (identity?.links.length) person.sameAs = identity.links.map((link) => link.url);
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url: canonical,
    mainEntity: person,
  };
}

/** A reward in a title is cut here: a 200-character reward made a 190+ character title. */
const TITLE_REWARD_CHARS = 40;

/** "Uber referral code · $15 · @demo": what a shared code's link preview says. */
export function codeTitle(code: PublicCodeDto, username: string): string {
  return `${code.serviceName} referral code · ${shorten(formatReward(code.reward), TITLE_REWARD_CHARS)} · @${username}`;
}

/** "Referral codes for Uber, Airbnb and 6 more", naming each service once, in profile order. */
export function profileDescription(profile: ProfileDto): string {
  const names = [...new Set(profile.codes.map((code) => code.serviceName))];
  if (names.length === 0) return `@${profile.username} has no referral codes on Refstash yet.`;
  if (names.length === 1) return `Referral codes for ${names[0]}`;
  if (names.length === 2) return `Referral codes for ${names[0]} and ${names[1]}`;
  if (names.length === 3) return `Referral codes for ${names[0]}, ${names[1]} and ${names[2]}`;
  return `Referral codes for ${names[0]}, ${names[1]} and ${names.length - 2} more`;
}

/** The share image of a profile; `version` changes with the profile, so previews refresh. */
export function profileImage(appUrl: string, profile: ProfileDto, version: string) {
  return {
    url: `${appUrl}/api/share-images/profiles/${profile.username}?v=${version}`,
    ...SHARE_IMAGE_SIZE,
    alt: `@${profile.username}'s referral codes on Refstash`,
  };
}

/** The head of `/:username` and of `/:username/:codeId`. */
export function profileHead(
  profile: ProfileDto,
  url: string,
  appUrl: string,
  imageVersion: string,
): PageHead {
  const image = profileImage(appUrl, profile, imageVersion);
  const codeId = new URL(url, appUrl).pathname.split('/')[2]?.toLowerCase();
  const code = codeId ? profile.codes.find((item) => item.id === codeId) : undefined;
  if (codeId && !code)
    return { title: 'Page not found · Refstash', description: '', noindex: true };
  if (code) {
    const product = code.productName ? ` (${code.productName})` : '';
    return {
      title: codeTitle(code, profile.username),
      description: `Use @${profile.username}'s ${code.serviceName}${product} referral code and get ${formatReward(code.reward)}.`,
      canonical: `${appUrl}${paths.code(profile.username, code.id)}`,
      image: {
        ...image,
        alt: `A ${code.serviceName} referral code from @${profile.username} on Refstash`,
      },
      type: 'website',
    };
  }
  const canonical = `${appUrl}${paths.profile(profile.username)}`;
  return {
    title: profileTitle(profile.username, profile.identity?.displayName),
    description: profileDescription(profile),
    canonical,
    image,
    type: 'profile',
    jsonLd: profileJsonLd(profile, canonical, appUrl),
  };
}

export function profileNotFoundHead(username: string): PageHead {
  return {
    title: 'Profile not found · Refstash',
    description: `Nobody has the username @${username.toLowerCase()} on Refstash yet.`,
    noindex: true,
  };
}
