import type { ProfileIdentityDto } from '../../../shared/profile-identity.ts';
import { ProfileAvatar } from './ProfileAvatar.tsx';
import { ProfileLinks } from './ProfileLinks.tsx';

/**
 * The top of a public profile (issue 26): avatar, display name above `@username`, the bio and
 * the links. Everything the owner typed is React text (never HTML): a bio of `<b>hi</b>` reads
 * as those characters; its line breaks show through `white-space: pre-line`. The settings
 * preview draws the same component from the form's values.
 */
export function ProfileHeader({
  username,
  identity,
  headingLevel = 'h1',
  avatarLoading = 'lazy',
  compact = false,
}: {
  username: string;
  identity: ProfileIdentityDto;
  /** h1 on the profile page; the settings preview sits under its section's h2. */
  headingLevel?: 'h1' | 'h3';
  avatarLoading?: 'lazy' | 'eager';
  /** Smaller type and avatar, for the settings preview's narrow column. */
  compact?: boolean;
}) {
  const big = compact
    ? 'block text-xl font-bold tracking-tight text-gray-900 dark:text-white'
    : 'block text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl dark:text-white';
  const small = compact
    ? 'mt-0.5 block text-sm font-medium text-gray-600 dark:text-gray-300'
    : 'mt-0.5 block text-base font-medium text-gray-600 dark:text-gray-300';
  const Heading = headingLevel;
  const displayName = identity.displayName?.trim() || null;
  const bio = identity.bio?.trim() || null;
  return (
    <header data-profile-header="">
      <div className={`flex items-center ${compact ? 'gap-3' : 'gap-4'}`}>
        <ProfileAvatar
          name={displayName ?? username}
          avatar={identity.avatar}
          size={compact ? 56 : 72}
          loading={avatarLoading}
          className="ring-2 ring-accent-500 ring-offset-2 ring-offset-gray-50 dark:ring-accent-400 dark:ring-offset-gray-950"
        />
        <Heading className="min-w-0 break-words">
          {displayName && (
            <span data-display-name="" className={big}>
              {displayName}
            </span>
          )}
          <span className={displayName ? small : big}>@{username}'s referral codes</span>
        </Heading>
      </div>
      {bio && (
        <p
          data-bio=""
          className={`max-w-2xl whitespace-pre-line wrap-anywhere text-gray-700 dark:text-gray-200 ${compact ? 'mt-3 text-sm' : 'mt-4'}`}
        >
          {bio}
        </p>
      )}
      <ProfileLinks links={identity.links} className={compact ? 'mt-3' : 'mt-4'} />
    </header>
  );
}
