import { useId } from 'react';
import {
  type AuditAction,
  type AuditEntry,
  MODERATION_MESSAGES,
} from '../../../shared/moderation-schemas.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { useAuditLog } from './api.ts';
import { MODERATION_WEB_TEXT } from './messages.ts';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  dismiss: MODERATION_MESSAGES.dismiss,
  hide_code: MODERATION_MESSAGES.hideCode,
  disable_account: MODERATION_MESSAGES.disableAccount,
  restore: MODERATION_MESSAGES.restore,
  keep_hidden: MODERATION_MESSAGES.keepHidden,
  hide_profile_details: MODERATION_MESSAGES.hideProfileDetails,
};

function actor(entry: AuditEntry): string {
  return 'username' in entry.actor ? `@${entry.actor.username}` : 'Command line';
}

const cell = 'block px-4 py-1 md:table-cell md:py-3 md:align-top';
const label =
  'mr-2 text-xs font-semibold uppercase tracking-wide text-gray-600 md:hidden dark:text-gray-400';

/** /admin's audit log (issue 23): every moderation action, newest first: who, when, what, why. */
export function AuditLogSection() {
  const id = useId();
  const log = useAuditLog();
  return (
    <section aria-labelledby={`${id}-title`} className="mt-12">
      <h2 id={`${id}-title`} className="text-xl font-bold text-gray-900 dark:text-white">
        {MODERATION_MESSAGES.auditLogTitle}
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">
        Every moderation action, newest first. Entries stay when their code or account is deleted.
      </p>
      <div className="mt-4">
        {log.isPending ? (
          <div
            className="h-24 animate-pulse rounded-xl bg-gray-200 dark:bg-gray-800"
            aria-hidden="true"
          />
        ) : log.isError ? (
          <Banner tone="error">
            <span>{MODERATION_WEB_TEXT.loadAuditFailed}</span>
            <Button variant="secondary" size="sm" className="ml-3" onClick={() => log.refetch()}>
              Try again
            </Button>
          </Banner>
        ) : log.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-gray-300 px-4 py-10 text-center text-gray-600 dark:border-gray-700 dark:text-gray-300">
            {MODERATION_WEB_TEXT.noAuditEntries}
          </p>
        ) : (
          <table className="block w-full text-left text-sm md:table md:rounded-xl md:bg-white md:shadow-sm md:ring-1 md:ring-gray-200 md:dark:bg-gray-900 md:dark:ring-gray-800">
            <thead className="hidden md:table-header-group">
              <tr className="border-b border-gray-200 text-xs uppercase tracking-wide text-gray-600 dark:border-gray-800 dark:text-gray-400">
                {['When', 'Who', 'Action', 'Target', 'Reason'].map((heading) => (
                  <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="block space-y-3 md:table-row-group md:space-y-0">
              {log.data.map((entry) => (
                <tr
                  key={entry.id}
                  data-audit-id={entry.id}
                  className="block rounded-xl bg-white py-2 shadow-sm ring-1 ring-gray-200 md:table-row md:rounded-none md:bg-transparent md:shadow-none md:ring-0 md:dark:bg-transparent md:not-last:border-b md:not-last:border-gray-200 dark:bg-gray-900 dark:ring-gray-800 md:dark:not-last:border-gray-800"
                >
                  <td className={`${cell} whitespace-nowrap text-gray-800 dark:text-gray-200`}>
                    <span className={label}>When</span>
                    <time dateTime={entry.createdAt}>{WHEN.format(new Date(entry.createdAt))}</time>
                  </td>
                  <td className={`${cell} wrap-anywhere text-gray-800 dark:text-gray-200`}>
                    <span className={label}>Who</span>
                    {actor(entry)}
                  </td>
                  <td className={`${cell} font-semibold text-gray-900 dark:text-white`}>
                    <span className={label}>Action</span>
                    {AUDIT_ACTION_LABELS[entry.action]}
                  </td>
                  <td className={`${cell} wrap-anywhere text-gray-800 dark:text-gray-200`}>
                    <span className={label}>Target</span>
                    {entry.target.label}
                  </td>
                  <td
                    className={`${cell} wrap-anywhere whitespace-pre-line text-gray-800 md:max-w-sm dark:text-gray-200`}
                  >
                    <span className={label}>Reason</span>
                    {entry.reason}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
