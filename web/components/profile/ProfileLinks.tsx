import { safeHttpUrl } from '../../../shared/display-rules.ts';
import type { ProfileLinkDto } from '../../../shared/profile-identity.ts';
import { linkLabel } from './identity.ts';
import { LINK_KIND_LABELS, LinkIcon } from './LinkIcon.tsx';

/**
 * The owner's links, each with its site's icon. `rel="me"` lets the sites the owner controls
 * verify the profile; `nofollow` because the page does not vouch for them; a new tab, as every
 * outbound link of the app opens.
 */
export function ProfileLinks({
  links,
  className = '',
}: {
  links: readonly ProfileLinkDto[];
  className?: string;
}) {
  const seen = new Set<string>();
  const shown = links.flatMap((link) => {
    const href = safeHttpUrl(link.url);
    if (!href || seen.has(href)) return [];
    seen.add(href);
    return [{ ...link, href }];
  });
  if (shown.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-2 ${className}`} aria-label="Links">
      {shown.map((link) => (
        <li key={link.href} className="min-w-0 max-w-full">
          <a
            href={link.href}
            target="_blank"
            rel="me nofollow noopener"
            data-link-kind={link.kind}
            className="inline-flex min-h-11 max-w-full items-center gap-2 rounded-full border border-accent-200 bg-accent-50 px-3.5 text-sm font-medium text-accent-800 hover:border-accent-300 hover:bg-accent-100 dark:border-accent-800 dark:bg-gray-900 dark:text-accent-300 dark:hover:border-accent-700 dark:hover:text-accent-200"
          >
            <LinkIcon kind={link.kind} className="h-4 w-4" />
            <span className="sr-only">{LINK_KIND_LABELS[link.kind] ?? 'Website'}: </span>
            <span className="truncate">{linkLabel(link.url)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
