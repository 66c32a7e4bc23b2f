import { safeHttpUrl } from '../../../shared/display-rules.ts';

/**
 * A code's link: clickable only when it is an http(s) URL (decisions.md), otherwise the note
 * as plain text. Never a javascript: or data: link.
 */
export function LinkOrText({ link, className = '' }: { link: string; className?: string }) {
  const href = safeHttpUrl(link);
  if (!href) {
    return <span className={`wrap-anywhere ${className}`}>{link}</span>;
  }
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className={`wrap-anywhere font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800 dark:text-accent-300 dark:hover:text-accent-200 ${className}`}
    >
      {link}
    </a>
  );
}
