import type { ReactNode } from 'react';
import { formatReward } from '../../../shared/display-rules.ts';
import {
  type AppealStatus,
  type ModerationCase,
  REPORT_REASON_LABELS,
} from '../../../shared/moderation-schemas.ts';
import { Button } from '../../components/ui/Button.tsx';
import { formatShortDate } from '../../lib/format-date.ts';
import { actionsFor, type CaseAction } from './case-actions.ts';

const PILL = 'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold';
const PILLS = {
  neutral: 'bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-100',
  warning: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  danger: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  success: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
};

const APPEAL_PILLS: Record<AppealStatus, [string, string]> = {
  open: ['Appeal open', PILLS.warning],
  restored: ['Appeal: restored', PILLS.success],
  kept: ['Appeal: kept hidden', PILLS.neutral],
};

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[7rem_1fr] sm:gap-3">
      <dt className="text-xs font-semibold uppercase tracking-wide text-gray-600 sm:pt-0.5 dark:text-gray-400">
        {label}
      </dt>
      <dd className="min-w-0 text-gray-800 dark:text-gray-200">{children}</dd>
    </div>
  );
}

/** What was reported, as it was when first reported: a code's fields, or a profile. */
function TargetSummary({ target }: { target: ModerationCase['target'] }) {
  if (target.type === 'profile') {
    // What the profile showed when reported (issue 26), all as text; the avatar as an image.
    return (
      <div className="space-y-1">
        <p className="flex items-center gap-2 font-semibold text-gray-900 dark:text-white">
          {target.avatar && (
            <img
              src={target.avatar}
              alt=""
              width={32}
              height={32}
              loading="lazy"
              className="size-8 rounded-full"
            />
          )}
          <span className="wrap-anywhere">
            {target.displayName ? `${target.displayName} · ` : ''}Profile @{target.username}
          </span>
        </p>
        {target.bio && (
          <p className="text-sm whitespace-pre-line wrap-anywhere text-gray-700 dark:text-gray-300">
            Bio: {target.bio}
          </p>
        )}
        {target.links && target.links.length > 0 && (
          <p className="text-sm wrap-anywhere text-gray-700 dark:text-gray-300">
            Links: <span className="font-mono">{target.links.join(' · ')}</span>
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <p className="font-semibold text-gray-900 dark:text-white">
        {target.serviceName}
        {target.productName && (
          <span className="font-normal text-gray-600 dark:text-gray-300">
            {' '}
            · {target.productName}
          </span>
        )}
      </p>
      <p className="flex flex-wrap items-center gap-2">
        <code className="rounded-md bg-gray-100 px-2 py-0.5 font-mono text-sm font-semibold wrap-anywhere text-gray-900 dark:bg-gray-800 dark:text-gray-100">
          {target.code}
        </code>
        <span className="text-sm text-gray-700 dark:text-gray-300">
          Reward: {formatReward(target.reward)}
        </span>
      </p>
      {/* As text: a reported link may be a phishing page. */}
      {target.link && (
        <p className="text-sm wrap-anywhere text-gray-700 dark:text-gray-300">
          Link: <span className="font-mono">{target.link}</span>
        </p>
      )}
    </div>
  );
}

/** One row of the Reports section: one reported target (or one appeal) with its actions. */
export function CaseCard({
  item,
  onAction,
}: {
  item: ModerationCase;
  onAction: (action: CaseAction, item: ModerationCase) => void;
}) {
  const { owner, state, appeal } = item;
  const actions = actionsFor(item);
  return (
    <li
      data-case-id={item.id}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-5 dark:bg-gray-900 dark:ring-gray-800"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <TargetSummary target={item.target} />
        <div className="flex flex-wrap gap-1.5">
          <span className={`${PILL} ${item.status === 'open' ? PILLS.warning : PILLS.neutral}`}>
            {item.status === 'open' ? 'Open' : 'Closed'}
          </span>
          {state.codeHidden && <span className={`${PILL} ${PILLS.danger}`}>Code hidden</span>}
          {state.accountDisabled && (
            <span className={`${PILL} ${PILLS.danger}`}>Account disabled</span>
          )}
          {state.detailsHidden && <span className={`${PILL} ${PILLS.danger}`}>Details hidden</span>}
          {appeal && (
            <span className={`${PILL} ${APPEAL_PILLS[appeal.status][1]}`}>
              {APPEAL_PILLS[appeal.status][0]}
            </span>
          )}
        </div>
      </div>
      <dl className="mt-4 space-y-2 text-sm">
        <Row label="Owner">
          <span className="wrap-anywhere">
            {owner.username ? `@${owner.username}` : 'No username yet'} · {owner.email}
          </span>
        </Row>
        {item.firstReportedAt && item.lastReportedAt && (
          <Row label="Reports">
            {plural(item.reportCount, 'report')} from {plural(item.networkCount, 'network')} · first{' '}
            {formatShortDate(item.firstReportedAt)}, last {formatShortDate(item.lastReportedAt)}
          </Row>
        )}
        {item.reasons.length > 0 && (
          <Row label="Reasons">
            <ul className="space-y-0.5">
              {item.reasons.map(({ reason, count }) => (
                <li key={reason}>
                  {REPORT_REASON_LABELS[reason]}{' '}
                  <span className="text-gray-600 dark:text-gray-400">× {count}</span>
                </li>
              ))}
            </ul>
          </Row>
        )}
        {item.notes.length > 0 && (
          <Row label="Notes">
            <ul className="space-y-1.5">
              {item.notes.map((note) => (
                <li
                  key={`${note.createdAt}:${note.note}`}
                  className="wrap-anywhere whitespace-pre-line"
                >
                  {note.note}{' '}
                  <time
                    dateTime={note.createdAt}
                    className="text-xs text-gray-600 dark:text-gray-400"
                  >
                    {formatShortDate(note.createdAt)}
                  </time>
                </li>
              ))}
            </ul>
          </Row>
        )}
        {appeal && (
          <Row label="Appeal">
            <p className="wrap-anywhere whitespace-pre-line">{appeal.note}</p>
            <time dateTime={appeal.createdAt} className="text-xs text-gray-600 dark:text-gray-400">
              {formatShortDate(appeal.createdAt)}
            </time>
          </Row>
        )}
      </dl>
      {actions.length > 0 && (
        <div className="mt-4 flex flex-wrap gap-2">
          {actions.map((action) => (
            <Button
              key={action.kind}
              size="sm"
              variant={
                action.kind === 'hide_code' || action.kind === 'disable_account'
                  ? 'error'
                  : 'secondary'
              }
              onClick={() => onAction(action, item)}
            >
              {action.label}
            </Button>
          ))}
        </div>
      )}
    </li>
  );
}
