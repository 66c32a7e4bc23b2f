import type { ProfileLinkKind } from '../../../shared/profile-identity.ts';
// Never inlined (the server's build would otherwise make it a data: URI the browser's build is not).
import spriteUrl from './link-icons.svg?url&no-inline';

/** The names read out for the icons. */
export const LINK_KIND_LABELS: Readonly<Record<ProfileLinkKind, string>> = {
  website: 'Website',
  instagram: 'Instagram',
  x: 'X',
  youtube: 'YouTube',
  tiktok: 'TikTok',
};

/**
 * A profile link's site icon (decision 103): a symbol of `link-icons.svg`, the brands' paths from
 * simple-icons (the offline icon set the service logos come from) and a globe for any other
 * website. One cached, content-hashed file that the page's script does not carry; drawn in the
 * text colour, so X's black mark shows on a dark page. No script needed.
 */
export function LinkIcon({ kind, className = '' }: { kind: ProfileLinkKind; className?: string }) {
  const symbol = Object.hasOwn(LINK_KIND_LABELS, kind) ? kind : 'website';
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      data-link-icon={symbol}
      className={`shrink-0 ${className}`}
    >
      <use href={`${spriteUrl}#${symbol}`} />
    </svg>
  );
}
