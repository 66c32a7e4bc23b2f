import { RequestStatusBadge } from '../../components/services/RequestStatusBadge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { formatShortDate } from '../../lib/format-date.ts';
import { paths } from '../../paths.ts';
import type { ServiceRequest } from './api.ts';

export type ReviewKind = 'approve' | 'reject' | 'edit';

const cell = 'block px-4 py-1.5 md:table-cell md:py-3 md:align-middle';
/** On phones each row is a card and each cell says what it is. */
const label =
  'mr-2 text-xs font-semibold uppercase tracking-wide text-gray-600 md:hidden dark:text-gray-400';

export interface RequestsTableProps {
  requests: ServiceRequest[];
  onAction: (kind: ReviewKind, request: ServiceRequest) => void;
}

/** Every service request, newest first (the server's order), with its actions (spec §2). */
export function RequestsTable({ requests, onAction }: RequestsTableProps) {
  if (requests.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-gray-300 px-4 py-10 text-center text-gray-600 dark:border-gray-700 dark:text-gray-300">
        No service requests yet
      </p>
    );
  }
  return (
    <table className="block w-full text-left text-sm md:table md:rounded-xl md:bg-white md:shadow-sm md:ring-1 md:ring-gray-200 md:dark:bg-gray-900 md:dark:ring-gray-800">
      <thead className="hidden md:table-header-group">
        <tr className="border-b border-gray-200 text-xs uppercase tracking-wide text-gray-600 dark:border-gray-800 dark:text-gray-400">
          <th scope="col" className="px-4 py-3 font-semibold">
            Service
          </th>
          <th scope="col" className="px-4 py-3 font-semibold">
            Domain
          </th>
          <th scope="col" className="px-4 py-3 font-semibold">
            Status
          </th>
          <th scope="col" className="px-4 py-3 font-semibold">
            Requested
          </th>
          <th scope="col" className="px-4 py-3 font-semibold">
            Actions
          </th>
        </tr>
      </thead>
      <tbody className="block space-y-3 md:table-row-group md:space-y-0">
        {requests.map((request) => (
          <tr
            key={request.id}
            className="block rounded-xl bg-white py-2 shadow-sm ring-1 ring-gray-200 md:table-row md:rounded-none md:bg-transparent md:shadow-none md:ring-0 md:dark:bg-transparent md:not-last:border-b md:not-last:border-gray-200 dark:bg-gray-900 dark:ring-gray-800 md:dark:not-last:border-gray-800"
          >
            <td className={cell}>
              <span className="block font-semibold text-gray-900 dark:text-white">
                {request.displayName}
              </span>
              <span className="block font-mono text-xs text-gray-600 dark:text-gray-400">
                {request.serviceId}
              </span>
            </td>
            <td className={`${cell} wrap-anywhere text-gray-800 dark:text-gray-200`}>
              <span className={label}>Domain</span>
              {request.domain}
            </td>
            <td className={cell}>
              <span className={label}>Status</span>
              <RequestStatusBadge status={request.status} />
              {request.notes && (
                <span className="mt-1 block max-w-xs text-xs wrap-anywhere whitespace-pre-line text-gray-700 md:min-w-40 dark:text-gray-300">
                  Note: {request.notes}
                </span>
              )}
            </td>
            <td className={`${cell} text-gray-800 dark:text-gray-200`}>
              <span className={label}>Requested</span>
              <time dateTime={request.requestedAt} className="whitespace-nowrap">
                {formatShortDate(request.requestedAt)}
              </time>
              <Requester
                username={request.requestedByUsername}
                deleted={request.requestedBy === null}
              />
            </td>
            <td className={`${cell} pt-2 pb-2`}>
              <div className="flex flex-wrap items-center gap-2 lg:flex-nowrap">
                {request.status === 'pending' ? (
                  <>
                    <Button
                      variant="success"
                      onClick={() => onAction('approve', request)}
                      aria-label={`Approve ${request.displayName}`}
                    >
                      Approve
                    </Button>
                    <Button
                      variant="error"
                      onClick={() => onAction('reject', request)}
                      aria-label={`Reject ${request.displayName}`}
                    >
                      Reject
                    </Button>
                  </>
                ) : (
                  request.reviewedAt && (
                    <span className="text-xs text-gray-600 dark:text-gray-400">
                      Reviewed{' '}
                      <time dateTime={request.reviewedAt}>
                        {formatShortDate(request.reviewedAt)}
                      </time>
                    </span>
                  )
                )}
                <Button
                  variant="secondary"
                  onClick={() => onAction('edit', request)}
                  aria-label={`Edit ${request.displayName}`}
                >
                  Edit
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Who asked: `@username`, linked to their public profile. A requester with no username has no
 * public name yet (they never finished sign-up), and the queue does not show e-mail addresses
 * (decision 033). A requester who deleted their account is named as such (decision 080).
 */
function Requester({ username, deleted }: { username: string | null; deleted: boolean }) {
  return (
    <span className="block text-xs text-gray-600 md:mt-0.5 dark:text-gray-400">
      by{' '}
      {username ? (
        <a
          href={paths.profile(username)}
          className="font-medium text-accent-700 underline-offset-2 hover:underline dark:text-accent-300"
        >
          @{username}
        </a>
      ) : deleted ? (
        'an account since deleted'
      ) : (
        'a user with no username yet'
      )}
    </span>
  );
}
