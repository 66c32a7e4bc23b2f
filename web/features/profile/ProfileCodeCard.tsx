import type { MouseEvent } from 'react';
import type { PublicCodeDto } from '../../../shared/code-schemas.ts';
import { CodeSummary } from '../../components/codes/CodeSummary.tsx';
import { CodeTermsLine } from '../../components/codes/CodeTerms.tsx';
import { ExpiredBadge } from '../../components/codes/ExpiredBadge.tsx';

/** A plain left click: anything else (new tab, new window, download) keeps the link's default. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A small profile card. It is a real link to the code's own page, so it works without JavaScript
 * and can be opened in a new tab; a plain click opens the detail popup instead.
 */
export function ProfileCodeCard({
  code,
  href,
  copied,
  onOpen,
}: {
  code: PublicCodeDto;
  href: string;
  copied: boolean;
  onOpen: () => void;
}) {
  return (
    <li className="min-w-0">
      <a
        href={href}
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          onOpen();
        }}
        aria-haspopup="dialog"
        data-copied={copied || undefined}
        className={`relative flex h-full min-h-20 w-full items-start gap-3 rounded-xl border bg-white p-4 text-left shadow-sm transition hover:-translate-y-0.5 hover:shadow-md dark:bg-gray-900 ${
          copied
            ? 'border-green-500 ring-2 ring-green-500/40 dark:border-green-400'
            : 'border-gray-200 hover:border-accent-300 dark:border-gray-800 dark:hover:border-accent-700'
        }`}
      >
        <div className="min-w-0 flex-1">
          <CodeSummary code={code} logoSize={48} headingLevel="h2" />
          <CodeTermsLine expiresAt={code.expiresAt} countries={code.countries} />
          <ExpiredBadge expiresAt={code.expiresAt} className="mt-2" />
        </div>
        {copied ? (
          <span className="shrink-0 self-center rounded-full bg-green-100 px-2.5 py-1 text-xs font-semibold text-green-800 dark:bg-green-900 dark:text-green-100">
            Copied!
          </span>
        ) : (
          <svg
            viewBox="0 0 20 20"
            className="h-5 w-5 shrink-0 self-center text-gray-400 dark:text-gray-500"
            fill="currentColor"
            aria-hidden="true"
          >
            <path d="M7.2 4.2a1 1 0 0 1 1.4 0l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 1 1-1.4-1.4L11.5 10 7.2 5.7a1 1 0 0 1 0-1.5Z" />
          </svg>
        )}
      </a>
    </li>
  );
}
