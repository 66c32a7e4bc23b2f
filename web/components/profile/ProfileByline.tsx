import type { AvatarDto } from '../../../shared/profile-identity.ts';
import { ProfileAvatar } from './ProfileAvatar.tsx';

/**
 * An owner in one line, for a link to their profile (a service page's card, a code's page): the
 * small avatar, the display name when set, and `@username`. The caller's link wraps it.
 */
export function ProfileByline({
  username,
  displayName,
  avatar,
  size = 24,
}: {
  username: string;
  displayName?: string | null;
  avatar?: AvatarDto | null;
  size?: number;
}) {
  const name = displayName?.trim() || null;
  return (
    <span className="inline-flex min-w-0 max-w-full items-center gap-2 align-middle">
      <ProfileAvatar name={name ?? username} avatar={avatar} size={size} />
      {name && (
        <span
          data-display-name=""
          className="min-w-0 truncate font-semibold text-gray-900 dark:text-white"
        >
          {name}
        </span>
      )}
      {/* Read as 'Alice Martin @alice'; a flex box draws no space for it. */}
      {name && ' '}
      {/* The username always shows whole: a long display name gives way. */}
      <span className="shrink-0">@{username}</span>
    </span>
  );
}
