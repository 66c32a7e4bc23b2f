import type { MouseEvent } from 'react';
import type { ServiceCodeDto } from '../../../shared/discovery-schemas.ts';
import type { AvatarDto } from '../../../shared/profile-identity.ts';
import { CodeSummary } from '../../components/codes/CodeSummary.tsx';
import { CodeTermsLine } from '../../components/codes/CodeTerms.tsx';
import { ReportButton } from '../../components/moderation/ReportButton.tsx';
import { ProfileByline } from '../../components/profile/ProfileByline.tsx';
import { paths } from '../../paths.ts';

const ADDED = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** "Worked for 3 people", "Reported not working", or nothing yet (decision 070). */
export function feedbackSummary(code: Pick<ServiceCodeDto, 'worked' | 'reported'>): string | null {
  if (code.reported) return 'Reported not working';
  if (code.worked >= 1)
    return `Worked for ${code.worked} ${code.worked === 1 ? 'person' : 'people'}`;
  return null;
}

/**
 * A service page's card: the shared summary as a link to the code's own page (a plain click opens
 * the popup), then its owner (avatar and display name beside @username, issue 26), when it was
 * added and its feedback.
 */
export function ServiceCodeCard({
  code,
  copied,
  onOpen,
  displayName,
  avatar,
}: {
  code: ServiceCodeDto;
  copied: boolean;
  onOpen: () => void;
  /** The owner's display name, when set. */
  displayName?: string | null;
  /** The owner's avatar, when set; else the generated initial. */
  avatar?: AvatarDto | null;
}) {
  const feedback = feedbackSummary(code);
  return (
    <li
      data-code-id={code.id}
      data-copied={copied || undefined}
      className={`flex min-w-0 flex-col gap-2 rounded-xl border bg-white p-4 shadow-sm dark:bg-gray-900 ${
        copied
          ? 'border-green-500 ring-2 ring-green-500/40 dark:border-green-400'
          : 'border-gray-200 dark:border-gray-800'
      } ${code.reported ? 'opacity-75' : ''}`}
    >
      <a
        href={paths.code(code.username, code.id)}
        aria-haspopup="dialog"
        onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          onOpen();
        }}
        className="block rounded-lg hover:opacity-90"
      >
        <CodeSummary code={code} logoSize={48} headingLevel="h2" />
        <CodeTermsLine expiresAt={code.expiresAt} countries={code.countries} />
      </a>
      <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-600 dark:text-gray-300">
        <a
          href={paths.profile(code.username)}
          className="inline-flex min-h-6 min-w-0 max-w-full items-center font-medium text-accent-700 underline-offset-2 hover:underline dark:text-accent-300"
        >
          <ProfileByline username={code.username} displayName={displayName} avatar={avatar} />
        </a>
        <span aria-hidden="true">·</span>
        <span>Added {ADDED.format(new Date(code.createdAt))}</span>
        {feedback && (
          <>
            <span aria-hidden="true">·</span>
            <span
              className={
                code.reported
                  ? 'font-medium text-red-700 dark:text-red-300'
                  : 'font-medium text-green-700 dark:text-green-400'
              }
            >
              {feedback}
            </span>
          </>
        )}
      </p>
      <ReportButton target={{ type: 'code', codeId: code.id }} className="-my-2 -ml-2 self-start" />
    </li>
  );
}
