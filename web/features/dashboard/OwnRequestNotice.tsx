import { useOwnServiceRequests } from '../../components/services/own-requests-api.ts';
import type { Service } from '../../components/services/services-api.ts';
import { ownRequestFor } from './own-request-for.ts';

/**
 * Under the service box: when the typed name is a service the user asked for and that is not in
 * the list, say why (waiting for review, or not approved with the admin's note). The rule stays:
 * a code needs a known service, and submitting still answers the spec's message.
 */
export function OwnRequestNotice({ typed, services }: { typed: string; services: Service[] }) {
  const requests = useOwnServiceRequests();
  const request = ownRequestFor(typed, requests.data ?? [], services);
  return (
    // The live region stays in the page (out of the flow while empty): the news is announced.
    <div aria-live="polite" className={request ? undefined : 'sr-only'}>
      {request && (
        <div className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-100 dark:ring-amber-900">
          {request.status === 'pending' ? (
            <p>
              <strong className="wrap-anywhere">{request.displayName}</strong> is waiting for
              review. You can add this code once an admin approves it.
            </p>
          ) : (
            <>
              <p>
                Your request for <strong className="wrap-anywhere">{request.displayName}</strong>{' '}
                was not approved, so codes for it can't be added.
              </p>
              {request.notes && (
                <p className="mt-1 wrap-anywhere whitespace-pre-line">
                  Note from the admin: {request.notes}
                </p>
              )}
            </>
          )}
        </div>
      )}
    </div>
  );
}
