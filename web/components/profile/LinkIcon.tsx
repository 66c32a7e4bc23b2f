import { siInstagram, siTiktok, siX, siYoutube } from 'simple-icons';
import type { ProfileLinkKind } from '../../../shared/profile-identity.ts';

/**
 * A profile link's site icon: the brands' paths from simple-icons (the offline icon set the
 * service logos come from, decision 103), drawn in the text colour so that X's black mark shows
 * on a dark page; a globe for any other website. Inline SVG: no request, no script.
 */
const BRAND_PATHS: Readonly<Record<Exclude<ProfileLinkKind, 'website'>, string>> = {
  instagram: siInstagram.path,
  x: siX.path,
  youtube: siYoutube.path,
  tiktok: siTiktok.path,
};

/** The names read out for the icons. */
export const LINK_KIND_LABELS: Readonly<Record<ProfileLinkKind, string>> = {
  website: 'Website',
  instagram: 'Instagram',
  x: 'X',
  youtube: 'YouTube',
  tiktok: 'TikTok',
};

export function LinkIcon({ kind, className = '' }: { kind: ProfileLinkKind; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      data-link-icon={kind}
      className={`shrink-0 ${className}`}
    >
      {kind !== 'website' && BRAND_PATHS[kind] ? (
        <path fill="currentColor" d={BRAND_PATHS[kind]} />
      ) : (
        // A globe (any https site), stroked like the app's other line icons.
        <g fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round">
          <circle cx="12" cy="12" r="10" />
          <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10Z" />
        </g>
      )}
    </svg>
  );
}
