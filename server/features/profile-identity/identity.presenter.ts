import {
  ACCENT_NAMES,
  type AccentName,
  DEFAULT_ACCENT,
  EMPTY_IDENTITY,
  type ProfileIdentityDto,
  profileLinkKind,
} from '../../../shared/profile-identity.ts';

/** The identity columns of `users` (migration 0100). */
export interface IdentityColumns {
  display_name: string | null;
  bio: string | null;
  links: string;
  accent: string | null;
  avatar_hash: string | null;
  details_hidden_at: string | null;
}

export const IDENTITY_COLUMN_NAMES = [
  'display_name',
  'bio',
  'links',
  'accent',
  'avatar_hash',
  'details_hidden_at',
] as const;

/** Where an avatar is served (immutable: the name is a hash of its bytes and owner). */
export function avatarUrl(hash: string, size: 128 | 512): string {
  return `/api/avatars/${hash}-${size}.webp`;
}

export function parseLinks(text: string | null | undefined): string[] {
  try {
    const value: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

const isAccent = (value: string | null): value is AccentName =>
  value !== null && (ACCENT_NAMES as readonly string[]).includes(value);

/** What the owner saved, whether or not an admin hides it (the settings form's answer). */
export function presentOwnIdentity(row: Omit<IdentityColumns, 'details_hidden_at'>) {
  return {
    displayName: row.display_name || null,
    bio: row.bio || null,
    avatar: row.avatar_hash
      ? { url128: avatarUrl(row.avatar_hash, 128), url512: avatarUrl(row.avatar_hash, 512) }
      : null,
    links: parseLinks(row.links).map((url) => ({ url, kind: profileLinkKind(url) })),
    accent: isAccent(row.accent) ? row.accent : DEFAULT_ACCENT,
  } satisfies ProfileIdentityDto;
}

/**
 * What the public sees: the owner's identity, or none of it while an admin's 'Hide profile
 * details' holds (the accent stays: it shows nothing of the person).
 */
export function presentIdentity(row: IdentityColumns): ProfileIdentityDto {
  const own = presentOwnIdentity(row);
  if (row.details_hidden_at) return { ...EMPTY_IDENTITY, links: [], accent: own.accent };
  return own;
}

/** A service page card's owner (issue 26): the name and picture beside `@username`. */
export function presentCardOwner(row: {
  username: string;
  display_name: string | null;
  avatar_hash: string | null;
  details_hidden_at: string | null;
}) {
  const hidden = row.details_hidden_at !== null;
  const hash = hidden ? null : row.avatar_hash;
  return {
    username: row.username,
    displayName: hidden ? null : row.display_name || null,
    avatar: hash ? { url128: avatarUrl(hash, 128), url512: avatarUrl(hash, 512) } : null,
  };
}
