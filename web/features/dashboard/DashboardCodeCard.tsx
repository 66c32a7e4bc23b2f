import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CodeDto, CodeFeedback } from '../../../shared/code-schemas.ts';
import { LINK_HEALTH_MESSAGES, type LinkHealth } from '../../../shared/link-health.ts';
import { LISTING_MESSAGES } from '../../../shared/listing-rules.ts';
import { CodeSummary } from '../../components/codes/CodeSummary.tsx';
import { countryNames } from '../../components/codes/CodeTerms.tsx';
import { copyText } from '../../components/codes/clipboard.ts';
import { ExpiredBadge } from '../../components/codes/ExpiredBadge.tsx';
import { formatExpiry, isExpired } from '../../components/codes/expiry.ts';
import { LinkOrText } from '../../components/codes/LinkOrText.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { formatShortDate } from '../../lib/format-date.ts';
import { HiddenCodeNotice } from '../moderation/HiddenCodeNotice.tsx';
import { codesQueryKey } from './api.ts';

export interface DashboardCodeCardProps {
  code: CodeDto;
  onEdit: (code: CodeDto) => void;
  onDelete: (code: CodeDto) => void;
}

/**
 * An owner's card: the summary, the code, its copies (the spec's clicks, named as Stats names
 * them), and copy, edit and delete.
 */
export function DashboardCodeCard({ code, onEdit, onDelete }: DashboardCodeCardProps) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const queryClient = useQueryClient();
  const name = `${code.serviceName} code`;

  return (
    <li
      data-testid="code-card"
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm dark:border-gray-800 dark:bg-gray-900"
    >
      <CodeSummary code={code} logoSize={48} />
      {code.moderation && (
        <HiddenCodeNotice
          moderation={code.moderation}
          what={name}
          onAppealed={() => void queryClient.invalidateQueries({ queryKey: codesQueryKey })}
        />
      )}
      <div className="flex items-center justify-between gap-2">
        <code className="min-w-0 truncate rounded-md bg-gray-100 px-2 py-1 font-mono text-sm font-semibold text-gray-900 dark:bg-gray-800 dark:text-gray-100">
          {code.code}
        </code>
        <span
          data-testid="click-count"
          className="shrink-0 text-xs font-medium text-gray-600 dark:text-gray-300"
        >
          {code.clicks} {code.clicks === 1 ? 'copy' : 'copies'}
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs empty:hidden">
        <ExpiredBadge expiresAt={code.expiresAt} />
        {/* A hidden code is on no public page, whatever its switch says. */}
        {!code.moderation && (
          <span
            data-testid="listing"
            className={`rounded-full px-2.5 py-0.5 font-semibold ${
              code.listed && code.listing.listed && !isExpired(code.expiresAt)
                ? 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100'
                : 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-200'
            }`}
          >
            {listingLabel(code)}
          </span>
        )}
      </div>
      <p data-testid="feedback" className="text-sm text-gray-700 dark:text-gray-300">
        {feedbackLine(code.feedback)}
      </p>
      {(code.expiresAt || code.countries) && (
        <p className="text-sm text-gray-600 dark:text-gray-400">
          {code.expiresAt &&
            (isExpired(code.expiresAt)
              ? `Expired on ${formatExpiry(code.expiresAt)}: edit the date to renew it, or delete it.`
              : `Expires ${formatExpiry(code.expiresAt)}.`)}
          {code.expiresAt && code.countries && ' '}
          {code.countries && `Works in ${countryNames(code.countries)}.`}
        </p>
      )}
      {code.link && (
        <p className="line-clamp-2 text-sm text-gray-700 dark:text-gray-300">
          <LinkOrText link={code.link} />
        </p>
      )}
      {code.link && code.linkHealth && <LinkHealthNote health={code.linkHealth} />}
      {copy === 'failed' && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Failed to copy code. Please try selecting and copying manually.
        </p>
      )}
      <div className="mt-auto grid grid-cols-3 gap-2">
        <Button
          variant={copy === 'copied' ? 'success' : 'secondary'}
          aria-label={`Copy ${name}`}
          onClick={() =>
            copyText(code.code).then(
              () => setCopy('copied'),
              () => setCopy('failed'),
            )
          }
        >
          {copy === 'copied' ? 'Copied!' : 'Copy'}
        </Button>
        <Button variant="secondary" aria-label={`Edit ${name}`} onClick={() => onEdit(code)}>
          Edit
        </Button>
        <Button variant="secondary" aria-label={`Delete ${name}`} onClick={() => onDelete(code)}>
          Delete
        </Button>
      </div>
    </li>
  );
}

const REASONS = [
  ['expired', 'expired'],
  ['not_accepted', 'not accepted'],
  ['not_eligible', 'not eligible'],
] as const;

/** "Worked: 3 · Didn't: 1 (expired 1)": the owner's "Did it work?" answers of 90 days. */
export function feedbackLine(feedback: CodeFeedback): string {
  const reasons = REASONS.filter(([key]) => feedback.reasons[key] > 0)
    .map(([key, label]) => `${label} ${feedback.reasons[key]}`)
    .join(', ');
  return `Worked: ${feedback.yes} · Didn't: ${feedback.no}${reasons ? ` (${reasons})` : ''}`;
}

/**
 * The link's health (decision 111): a notice when it looks broken (which keeps the code off its
 * service page), else a quiet line with the last check.
 */
function LinkHealthNote({ health }: { health: LinkHealth }) {
  if (health.state === 'broken' && health.checkedAt) {
    return (
      <div
        data-testid="link-health"
        className="space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      >
        <p className="font-semibold">{LINK_HEALTH_MESSAGES.broken}</p>
        <p>{LINK_HEALTH_MESSAGES.brokenDetail(formatShortDate(health.checkedAt))}</p>
      </div>
    );
  }
  if (!health.checkedAt) return null;
  return (
    <p data-testid="link-health" className="text-xs text-gray-600 dark:text-gray-400">
      {LINK_HEALTH_MESSAGES.checked(formatShortDate(health.checkedAt))}
    </p>
  );
}

/** The card's listing badge: listed, switched off, or why the service page leaves it out. */
function listingLabel({ listed, listing, serviceName, expiresAt }: CodeDto): string {
  if (!listed) return 'Not listed';
  // Service pages leave expired codes out (decision 070), whatever the listing says.
  if (listing.listed && isExpired(expiresAt))
    return `Hidden from the ${serviceName} page while expired`;
  if (listing.listed) return `Listed on the ${serviceName} page`;
  if (listing.reason === 'link_broken') return LINK_HEALTH_MESSAGES.cardNotListed;
  if (listing.reason === 'probation' && listing.until) {
    return LISTING_MESSAGES.cardProbation(formatExpiry(listing.until));
  }
  return LISTING_MESSAGES.cardLinkHost(serviceName);
}
