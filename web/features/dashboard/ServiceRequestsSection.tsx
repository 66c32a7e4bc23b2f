import type { OwnServiceRequest } from '../../../shared/service-request-schemas.ts';
import { useOwnServiceRequests } from '../../components/services/own-requests-api.ts';
import { RequestStatusBadge } from '../../components/services/RequestStatusBadge.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { formatShortDate } from '../../lib/format-date.ts';

/**
 * 'Your service requests' (decision 033): what the user asked the admins to add, its status and,
 * once reviewed, the admin's note. An approved one offers to add the code. Shown only when the
 * user has asked for something; a failed load shows nothing (the codes are the page's subject).
 */
export function ServiceRequestsSection({
  onAddCode,
}: {
  onAddCode: (request: OwnServiceRequest) => void;
}) {
  const requests = useOwnServiceRequests();
  if (!requests.data || requests.data.length === 0) return null;
  return (
    <section aria-labelledby="service-requests-heading" className="space-y-3 pt-4">
      <h2
        id="service-requests-heading"
        className="text-lg font-semibold text-gray-900 dark:text-white"
      >
        Your service requests
      </h2>
      <ul className="divide-y divide-gray-200 rounded-xl bg-white shadow-sm ring-1 ring-gray-200 dark:divide-gray-800 dark:bg-gray-900 dark:ring-gray-800">
        {requests.data.map((request) => (
          <li key={request.id} className="flex flex-wrap items-start gap-x-4 gap-y-2 px-4 py-3">
            <div className="min-w-0 flex-1 basis-56">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold wrap-anywhere text-gray-900 dark:text-white">
                  {request.displayName}
                </span>
                <RequestStatusBadge status={request.status} />
              </p>
              <p className="text-sm wrap-anywhere text-gray-600 dark:text-gray-300">
                {request.domain} · requested{' '}
                <time dateTime={request.requestedAt}>{formatShortDate(request.requestedAt)}</time>
              </p>
              {request.status === 'pending' ? (
                <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
                  Waiting for review. You can add its code once an admin approves it.
                </p>
              ) : (
                request.notes && (
                  <p className="mt-1 text-sm wrap-anywhere whitespace-pre-line text-gray-800 dark:text-gray-200">
                    Note from the admin: {request.notes}
                  </p>
                )
              )}
            </div>
            {request.status === 'approved' && (
              <Button
                variant="secondary"
                onClick={() => onAddCode(request)}
                aria-label={`Add code for ${request.displayName}`}
              >
                Add code
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
