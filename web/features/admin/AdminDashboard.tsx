import { useEffect, useState } from 'react';
import { ADMIN_MESSAGES } from '../../../shared/admin-schemas.ts';
import { TIMINGS } from '../../../shared/limits.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { AuditLogSection } from '../moderation/AuditLogSection.tsx';
import { ReportsSection } from '../moderation/ReportsSection.tsx';
import { AccessDenied } from './AccessDenied.tsx';
import { AdminsSection } from './AdminsSection.tsx';
import { type ServiceRequest, useServiceRequests } from './api.ts';
import { LinkHostsSection } from './LinkHostsSection.tsx';
import { ManualCreationWarning } from './ManualCreationWarning.tsx';
import { RequestsTable, type ReviewKind } from './RequestsTable.tsx';
import { ReviewModal, type ReviewOutcome } from './ReviewModal.tsx';

const DONE_MESSAGES: Record<ReviewKind, (name: string) => string> = {
  approve: (name) => `Approved ${name}. It is now available in the code form.`,
  reject: (name) => `Rejected ${name}.`,
  edit: (name) => `Saved changes to ${name}.`,
};

/** The review queue and the admins section, for a confirmed admin. */
export function AdminDashboard() {
  const requests = useServiceRequests();
  const [action, setAction] = useState<{ kind: ReviewKind; request: ServiceRequest } | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [manual, setManual] = useState<ServiceRequest | null>(null);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(null), TIMINGS.successBannerMs);
    return () => clearTimeout(timer);
  }, [success]);

  function handleDone({ kind, request, serviceCreated }: ReviewOutcome) {
    setAction(null);
    if (kind === 'approve' && serviceCreated === false) {
      setSuccess(null);
      setManual(request);
      return;
    }
    setSuccess(DONE_MESSAGES[kind](request.displayName));
  }

  // Admin rights were removed since the page loaded: the server said no.
  if (isApiError(requests.error, 403)) return <AccessDenied />;

  const pending = requests.data?.filter((r) => r.status === 'pending').length ?? 0;

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl dark:text-white">
            Service requests
          </h1>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">
            Review what users asked to add to the catalogue.
          </p>
        </div>
        {/* A placeholder holds the pill's place so the page does not jump when the count arrives. */}
        {requests.data ? (
          <span className="rounded-full bg-accent-50 px-3 py-1 text-sm font-semibold text-accent-800 dark:bg-gray-800 dark:text-accent-300">
            {pending} pending
          </span>
        ) : (
          requests.isPending && (
            <span className="h-7 w-24 animate-pulse rounded-full bg-gray-200 dark:bg-gray-800" />
          )
        )}
      </div>

      <div className="mt-6 space-y-3">
        {success && <Banner tone="success">{success}</Banner>}
        {manual && <ManualCreationWarning request={manual} onDismiss={() => setManual(null)} />}
      </div>

      <div className="mt-4">
        {requests.isPending ? (
          <div className="space-y-3" role="status" aria-busy="true">
            <span className="sr-only">Loading…</span>
            {[0, 1, 2].map((key) => (
              <div
                key={key}
                className="h-52 animate-pulse rounded-xl bg-gray-200 md:h-16 dark:bg-gray-800"
              />
            ))}
          </div>
        ) : requests.isError ? (
          <Banner tone="error">
            <span>{ADMIN_MESSAGES.loadFailed}</span>
            <Button
              variant="secondary"
              size="sm"
              className="ml-3"
              onClick={() => requests.refetch()}
            >
              Try again
            </Button>
          </Banner>
        ) : (
          <RequestsTable
            requests={requests.data}
            onAction={(kind, request) => setAction({ kind, request })}
          />
        )}
      </div>

      <ReviewModal action={action} onClose={() => setAction(null)} onDone={handleDone} />
      <ReportsSection />
      <AuditLogSection />
      <LinkHostsSection />
      <AdminsSection />
    </section>
  );
}
