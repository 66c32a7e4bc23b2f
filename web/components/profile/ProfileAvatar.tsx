import type { AvatarDto } from '../../../shared/profile-identity.ts';
import { avatarInitial } from './identity.ts';

export interface ProfileAvatarProps {
  /** The name shown beside it (display name, else username): the generated avatar's letter. */
  name: string;
  avatar: AvatarDto | null | undefined;
  /** CSS pixels of the square; the 128 px file up to 128, the 512 px one above. */
  size: number;
  /**
   * Lazy unless it is the page's largest content (issue 26): on the profile the heading and the
   * cards are larger, so it is lazy there too; the settings preview shows a fresh upload eagerly.
   */
  loading?: 'lazy' | 'eager';
  className?: string;
}

/**
 * A profile's picture: the owner's avatar (a square WebP the server cropped and re-encoded), or
 * the generated one, the name's initial on the accent colour (white on accent-600 keeps 4.5:1 in
 * every palette entry). Decorative: the name is always written beside it.
 */
export function ProfileAvatar({
  name,
  avatar,
  size,
  loading = 'lazy',
  className = '',
}: ProfileAvatarProps) {
  if (avatar) {
    return (
      <img
        src={size > 128 ? avatar.url512 : avatar.url128}
        alt=""
        width={size}
        height={size}
        loading={loading}
        decoding="async"
        data-avatar="image"
        className={`shrink-0 rounded-full bg-gray-100 object-cover dark:bg-gray-800 ${className}`}
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-avatar="initial"
      className={`inline-flex shrink-0 select-none items-center justify-center rounded-full bg-accent-600 font-bold text-white ${className}`}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.44) }}
    >
      {avatarInitial(name)}
    </span>
  );
}
