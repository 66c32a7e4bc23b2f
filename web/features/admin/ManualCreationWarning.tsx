import { Banner } from '../../components/ui/Banner.tsx';
import type { ServiceRequest } from './api.ts';

/** Spec §4: the approval stood but the service was not created; show what to create by hand. */
export function ManualCreationWarning({
  request,
  onDismiss,
}: {
  request: ServiceRequest;
  onDismiss: () => void;
}) {
  return (
    <Banner tone="warning" onDismiss={onDismiss}>
      <p className="font-semibold">
        The request was approved, but the service could not be created automatically.
      </p>
      <p className="mt-1">Please create it manually with these details:</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5">
        <dt className="font-medium">Service ID</dt>
        <dd className="font-mono">{request.serviceId}</dd>
        <dt className="font-medium">Display name</dt>
        <dd>{request.displayName}</dd>
        <dt className="font-medium">Domain</dt>
        <dd className="wrap-anywhere">{request.domain}</dd>
      </dl>
    </Banner>
  );
}
