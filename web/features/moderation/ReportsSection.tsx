import { useId, useState } from 'react';
import { MODERATION_MESSAGES, type ModerationCase } from '../../../shared/moderation-schemas.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { useTimedBanner } from '../../lib/use-timed-banner.ts';
import { ActionDialog } from './ActionDialog.tsx';
import { useReports } from './api.ts';
import { CaseCard } from './CaseCard.tsx';
import type { CaseAction } from './case-actions.ts';
import { ACTION_DONE, MODERATION_WEB_TEXT } from './messages.ts';

/**
 * /admin's 'Reports' (issue 23): one row per reported target and per open appeal, newest first,
 * each with its actions; every action asks for the reason the owner will read.
 */
export function ReportsSection() {
  const id = useId();
  const reports = useReports();
  const [pending, setPending] = useState<{ action: CaseAction; item: ModerationCase } | null>(null);
  const done = useTimedBanner();
  const open = reports.data?.filter((item) => item.status === 'open').length;

  return (
    <section aria-labelledby={`${id}-title`} className="mt-12">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id={`${id}-title`} className="text-xl font-bold text-gray-900 dark:text-white">
            {MODERATION_MESSAGES.reportsTitle}
          </h2>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">
            Reported codes and profiles, and appeals, newest first. Reports hide nothing on their
            own.
          </p>
        </div>
        {open !== undefined && (
          <span className="rounded-full bg-accent-50 px-3 py-1 text-sm font-semibold text-accent-800 dark:bg-gray-800 dark:text-accent-300">
            {open} open
          </span>
        )}
      </div>
      {done.message && (
        <Banner tone="success" className="mt-4">
          {done.message}
        </Banner>
      )}
      <div className="mt-4">
        {reports.isPending ? (
          <div
            className="h-40 animate-pulse rounded-xl bg-gray-200 dark:bg-gray-800"
            aria-hidden="true"
          />
        ) : reports.isError ? (
          <Banner tone="error">
            <span>{MODERATION_WEB_TEXT.loadReportsFailed}</span>
            <Button
              variant="secondary"
              size="sm"
              className="ml-3"
              onClick={() => reports.refetch()}
            >
              Try again
            </Button>
          </Banner>
        ) : reports.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-gray-300 px-4 py-10 text-center text-gray-600 dark:border-gray-700 dark:text-gray-300">
            {MODERATION_WEB_TEXT.noReports}
          </p>
        ) : (
          <ul className="space-y-3">
            {reports.data.map((item) => (
              <CaseCard
                key={item.id}
                item={item}
                onAction={(action) => setPending({ action, item })}
              />
            ))}
          </ul>
        )}
      </div>
      <ActionDialog
        pending={pending}
        onClose={() => setPending(null)}
        onDone={(action) => {
          setPending(null);
          done.show(ACTION_DONE[action.kind]);
        }}
      />
    </section>
  );
}
