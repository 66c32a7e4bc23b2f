import { type FormEvent, useId, useState } from 'react';
import {
  SERVICE_REQUEST_MESSAGES,
  serviceRequestSchema,
} from '../../../shared/service-request-schemas.ts';
import { isApiError } from '../../lib/api-client.ts';
import { Banner } from '../ui/Banner.tsx';
import { Button } from '../ui/Button.tsx';
import { Modal } from '../ui/Modal.tsx';
import { useSubmitServiceRequest } from './services-api.ts';

export interface ServiceRequestDialogProps {
  open: boolean;
  onClose: () => void;
  /** Prefills the Service name field (for example from the code form's search box). */
  initialName?: string;
}

type Fields = { displayName?: string; domain?: string };

const inputClass =
  'block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 placeholder:text-gray-500 focus:border-accent-500 focus:outline-2 focus:outline-accent-500 aria-[invalid=true]:border-red-600 dark:border-gray-600 dark:bg-gray-950 dark:text-gray-100 dark:placeholder:text-gray-400 dark:aria-[invalid=true]:border-red-400';

/** The service request form of spec §5 (Service name, Domain), in a modal. */
export function ServiceRequestDialog({
  open,
  onClose,
  initialName = '',
}: ServiceRequestDialogProps) {
  const id = useId();
  const [displayName, setDisplayName] = useState(initialName);
  const [domain, setDomain] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Fields>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const submit = useSubmitServiceRequest();

  // Every opening starts a fresh form; what the user types while it is open is kept.
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setDisplayName(initialName);
      setDomain('');
      setFieldErrors({});
      setFormError(null);
      setSubmitted(null);
    }
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = serviceRequestSchema.safeParse({ displayName, domain });
    if (!parsed.success) {
      const next: Fields = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Fields;
        next[field] ??= issue.message;
      }
      setFieldErrors(next);
      return;
    }
    setFieldErrors({});
    submit.mutate(parsed.data, {
      onSuccess: () => setSubmitted(parsed.data.displayName),
      onError: (error) => {
        if (isApiError(error) && (error.status === 400 || error.status === 409)) {
          if (error.fields.domain || error.fields.displayName) {
            setFieldErrors({ domain: error.fields.domain, displayName: error.fields.displayName });
          } else {
            setFormError(error.message);
          }
          return;
        }
        setFormError(
          isApiError(error, 429) ? error.message : SERVICE_REQUEST_MESSAGES.submitFailed,
        );
      },
    });
  }

  return (
    <Modal open={open} onClose={onClose} title="Request a new service">
      {submitted ? (
        <div className="space-y-5">
          <Banner tone="success">
            Thanks! Your request for <strong>{submitted}</strong> was sent. An admin will review it
            soon.
          </Banner>
          <div className="flex justify-end">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={handleSubmit} className="space-y-4">
          <p className="text-sm text-gray-600 dark:text-gray-300">
            Can't find a service? Tell us its name and website, and an admin will add it.
          </p>
          {formError && <Banner tone="error">{formError}</Banner>}
          <div>
            <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium">
              Service name
            </label>
            <input
              id={`${id}-name`}
              className={inputClass}
              value={displayName}
              onChange={(event) => setDisplayName(event.target.value)}
              aria-invalid={fieldErrors.displayName ? true : undefined}
              aria-describedby={fieldErrors.displayName ? `${id}-name-error` : undefined}
              placeholder="Acme Pay"
              autoComplete="off"
            />
            {fieldErrors.displayName && (
              <p id={`${id}-name-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
                {fieldErrors.displayName}
              </p>
            )}
          </div>
          <div>
            <label htmlFor={`${id}-domain`} className="mb-1 block text-sm font-medium">
              Domain
            </label>
            <input
              id={`${id}-domain`}
              className={inputClass}
              value={domain}
              onChange={(event) => setDomain(event.target.value)}
              aria-invalid={fieldErrors.domain ? true : undefined}
              aria-describedby={`${id}-domain-hint${fieldErrors.domain ? ` ${id}-domain-error` : ''}`}
              placeholder="example.com"
              inputMode="url"
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
            />
            <p id={`${id}-domain-hint`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">
              Just the domain, without https:// or www.
            </p>
            {fieldErrors.domain && (
              <p id={`${id}-domain-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
                {fieldErrors.domain}
              </p>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submit.isPending}>
              Submit request
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
