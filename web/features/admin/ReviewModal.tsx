import { type FormEvent, useEffect, useId, useState } from 'react';
import { ADMIN_MESSAGES, editRequestSchema } from '../../../shared/admin-schemas.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { type ServiceRequest, useReviewAction } from './api.ts';
import type { ReviewKind } from './RequestsTable.tsx';

export interface ReviewOutcome {
  kind: ReviewKind;
  request: ServiceRequest;
  /** Approve only: false when the service could not be created automatically. */
  serviceCreated?: boolean;
}

export interface ReviewModalProps {
  action: { kind: ReviewKind; request: ServiceRequest } | null;
  onClose: () => void;
  onDone: (outcome: ReviewOutcome) => void;
}

const TITLES: Record<ReviewKind, string> = {
  approve: 'Approve service request',
  reject: 'Reject service request',
  edit: 'Edit service request',
};

const FAILURES: Record<ReviewKind, string> = {
  approve: ADMIN_MESSAGES.approveFailed,
  reject: ADMIN_MESSAGES.rejectFailed,
  edit: ADMIN_MESSAGES.updateFailed,
};

type Fields = Partial<Record<'serviceId' | 'displayName' | 'domain' | 'notes', string>>;

const inputClass =
  'block min-h-11 w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 focus:border-accent-500 focus:outline-2 focus:outline-accent-500 aria-[invalid=true]:border-red-600 dark:border-gray-600 dark:bg-gray-950 dark:text-gray-100 dark:aria-[invalid=true]:border-red-400';

/** The action modal of spec §2: approve or reject with optional notes, or edit the request. */
export function ReviewModal({ action, onClose, onDone }: ReviewModalProps) {
  const id = useId();
  const review = useReviewAction();
  const [values, setValues] = useState({ serviceId: '', displayName: '', domain: '', notes: '' });
  const [fieldErrors, setFieldErrors] = useState<Fields>({});
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!action) return;
    const { request } = action;
    setValues({
      serviceId: request.serviceId,
      displayName: request.displayName,
      domain: request.domain,
      notes: action.kind === 'edit' ? (request.notes ?? '') : '',
    });
    setFieldErrors({});
    setFormError(null);
  }, [action]);

  if (!action) {
    return (
      <Modal open={false} onClose={onClose} title="">
        {null}
      </Modal>
    );
  }
  const { kind, request } = action;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    let mutation: Parameters<typeof review.mutate>[0];
    if (kind === 'edit') {
      const parsed = editRequestSchema.safeParse(values);
      if (!parsed.success) {
        const next: Fields = {};
        for (const issue of parsed.error.issues)
          next[issue.path[0] as keyof Fields] ??= issue.message;
        setFieldErrors(next);
        return;
      }
      mutation = { kind, id: request.id, input: values };
    } else {
      mutation = { kind, id: request.id, notes: values.notes };
    }
    setFieldErrors({});
    review.mutate(mutation, {
      onSuccess: (result) =>
        onDone({ kind, request: result.request, serviceCreated: result.serviceCreated }),
      onError: (error) => {
        if (isApiError(error, 400) && Object.keys(error.fields).length > 0) {
          setFieldErrors(error.fields);
        } else if (isApiError(error) && [403, 404, 409].includes(error.status)) {
          setFormError(error.message);
        } else {
          setFormError(FAILURES[kind]);
        }
      },
    });
  }

  const field = (
    name: keyof Fields,
    text: string,
    extra: { hint?: string; mono?: boolean } = {},
  ) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1 block text-sm font-medium">
        {text}
      </label>
      <input
        id={`${id}-${name}`}
        className={`${inputClass} ${extra.mono ? 'font-mono' : ''}`}
        value={values[name]}
        onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
        aria-invalid={fieldErrors[name] ? true : undefined}
        aria-describedby={fieldErrors[name] ? `${id}-${name}-error` : undefined}
        autoComplete="off"
        spellCheck={false}
      />
      {fieldErrors[name] && (
        <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {fieldErrors[name]}
        </p>
      )}
    </div>
  );

  return (
    <Modal open onClose={onClose} title={TITLES[kind]}>
      <form noValidate onSubmit={handleSubmit} className="space-y-4">
        {formError && <Banner tone="error">{formError}</Banner>}
        {kind === 'edit' ? (
          <>
            {field('serviceId', 'Service ID', { mono: true })}
            {field('displayName', 'Display name')}
            {field('domain', 'Domain')}
          </>
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-gray-50 p-4 text-sm dark:bg-gray-800">
            <dt className="text-gray-600 dark:text-gray-400">Service</dt>
            <dd className="font-semibold">{request.displayName}</dd>
            <dt className="text-gray-600 dark:text-gray-400">Service ID</dt>
            <dd className="font-mono">{request.serviceId}</dd>
            <dt className="text-gray-600 dark:text-gray-400">Domain</dt>
            <dd className="wrap-anywhere">{request.domain}</dd>
          </dl>
        )}
        <div>
          <label htmlFor={`${id}-notes`} className="mb-1 block text-sm font-medium">
            Notes <span className="font-normal text-gray-600 dark:text-gray-400">(optional)</span>
          </label>
          <textarea
            id={`${id}-notes`}
            rows={3}
            className={inputClass}
            value={values.notes}
            onChange={(event) => setValues((v) => ({ ...v, notes: event.target.value }))}
            aria-invalid={fieldErrors.notes ? true : undefined}
          />
          {fieldErrors.notes && (
            <p className="mt-1 text-sm text-red-700 dark:text-red-400">{fieldErrors.notes}</p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={kind === 'approve' ? 'success' : kind === 'reject' ? 'error' : 'primary'}
            loading={review.isPending}
          >
            {kind === 'approve' ? 'Approve' : kind === 'reject' ? 'Reject' : 'Save changes'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
