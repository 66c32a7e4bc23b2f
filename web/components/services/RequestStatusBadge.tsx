import type { ServiceRequestStatus } from '../../../shared/service-request-schemas.ts';

const STATUS_STYLES: Record<ServiceRequestStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  approved: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  rejected: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

export const STATUS_LABELS: Record<ServiceRequestStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** A service request's status as a pill: the admin queue and the requester's dashboard. */
export function RequestStatusBadge({ status }: { status: ServiceRequestStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLES[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
