import { Button } from '../../components/ui/Button.tsx';
import type { RequestStatus, ServiceRequest } from './api.ts';
import { formatShortDate } from './format-date.ts';

export type ReviewKind = 'approve' | 'reject' | 'edit';

const STATUS_STYLES: Record<RequestStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  approved: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  rejected: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

const STATUS_LABELS: Record<RequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

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
              <span
                className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[request.status]}`}
              >
                {STATUS_LABELS[request.status]}
              </span>
            </td>
            <td className={`${cell} whitespace-nowrap text-gray-800 dark:text-gray-200`}>
              <span className={label}>Requested</span>
              <time dateTime={request.requestedAt}>{formatShortDate(request.requestedAt)}</time>
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
