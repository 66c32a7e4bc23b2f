import type { ReactNode } from 'react';
import { type FieldValues, type Path, type UseFormReturn, useWatch } from 'react-hook-form';
import { ADMIN_MESSAGES, editRequestSchema, reviewSchema } from '../../../shared/admin-schemas.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormBanner } from '../../components/ui/FormBanner.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { TextareaField, TextField } from '../../components/ui/TextField.tsx';
import type { ApiErrorOptions } from '../../lib/form-errors.ts';
import { submitRequest, textField, useZodForm } from '../../lib/forms.ts';
import { type ReviewAction, type ServiceRequest, useReviewAction } from './api.ts';
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

/** The action modal of spec §2: approve or reject with optional notes, or edit the request. */
export function ReviewModal({ action, onClose, onDone }: ReviewModalProps) {
  // The modal mounts its content only while open, and the key starts a fresh form per action.
  return (
    <Modal open={action !== null} onClose={onClose} title={action ? TITLES[action.kind] : ''}>
      {action && (
        <ReviewForm
          key={`${action.kind}:${action.request.id}`}
          {...action}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Modal>
  );
}

interface ReviewFormProps {
  kind: ReviewKind;
  request: ServiceRequest;
  onClose: () => void;
  onDone: (outcome: ReviewOutcome) => void;
}

function ReviewForm(props: ReviewFormProps) {
  const review = useReviewAction();
  const send = async (action: ReviewAction) => {
    const result = await review.mutateAsync(action);
    props.onDone({
      kind: props.kind,
      request: result.request,
      serviceCreated: result.serviceCreated,
    });
  };
  return props.kind === 'edit' ? (
    <EditForm {...props} send={send} />
  ) : (
    <DecisionForm {...props} kind={props.kind} send={send} />
  );
}

type FormProps = ReviewFormProps & { send: (action: ReviewAction) => Promise<void> };

/** Edit: every field of the request, with the request form's rules. */
function EditForm({ request, send, ...rest }: FormProps) {
  const form = useZodForm(editRequestSchema, {
    defaultValues: {
      serviceId: request.serviceId,
      displayName: request.displayName,
      domain: request.domain,
      notes: request.notes ?? '',
    },
  });
  const serviceId = useWatch({ control: form.control, name: 'serviceId' }) ?? '';
  return (
    <ReviewFormLayout
      form={form}
      notesHint={
        request.status === 'pending'
          ? 'Only admins see notes while the request waits.'
          : 'The requester sees these notes on their dashboard.'
      }
      onSubmit={submitRequest(
        form,
        (input) => send({ kind: 'edit', id: request.id, input }),
        errorOptions('edit'),
      )}
      {...rest}
    >
      <TextField
        label="Service ID"
        inputClassName="font-mono"
        hint={<ServiceIdHint serviceId={serviceId} approved={request.status === 'approved'} />}
        {...INPUT_PROPS}
        {...textField(form, 'serviceId')}
      />
      <TextField label="Display name" {...INPUT_PROPS} {...textField(form, 'displayName')} />
      <TextField label="Domain" {...INPUT_PROPS} {...textField(form, 'domain')} />
    </ReviewFormLayout>
  );
}

/** Approve or reject: the request as it stands, and optional notes. */
function DecisionForm({
  kind,
  request,
  send,
  ...rest
}: FormProps & { kind: 'approve' | 'reject' }) {
  const form = useZodForm(reviewSchema, { defaultValues: { notes: '' } });
  return (
    <ReviewFormLayout
      form={form}
      onSubmit={submitRequest(
        form,
        ({ notes }) => send({ kind, id: request.id, notes }),
        errorOptions(kind),
      )}
      kind={kind}
      notesHint="Sent to the requester by e-mail and shown on their dashboard."
      {...rest}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-xl bg-gray-50 p-4 text-sm dark:bg-gray-800">
        <dt className="text-gray-600 dark:text-gray-400">Service</dt>
        <dd className="font-semibold">{request.displayName}</dd>
        <dt className="text-gray-600 dark:text-gray-400">Service ID</dt>
        <dd className="font-mono">{request.serviceId}</dd>
        <dt className="text-gray-600 dark:text-gray-400">Domain</dt>
        <dd className="wrap-anywhere">{request.domain}</dd>
      </dl>
    </ReviewFormLayout>
  );
}

const INPUT_PROPS = { autoComplete: 'off', spellCheck: false } as const;

/**
 * What the Service ID is, with the page address it makes as typed (stored lowercase, without
 * spaces: the server's rule). After approval the service exists under its old ID.
 */
function ServiceIdHint({ serviceId, approved }: { serviceId: string; approved: boolean }) {
  const id = serviceId.toLowerCase().replace(/\s+/g, '');
  return (
    <>
      <p>
        The Service ID is the address of the service's page:{' '}
        <span className="font-mono wrap-anywhere">
          {window.location.host}/s/{id || '…'}
        </span>
        . It is saved in lowercase, without spaces.
      </p>
      {approved && (
        <p className="mt-1">
          The service was created when the request was approved; changing the ID here does not
          rename it.
        </p>
      )}
    </>
  );
}

/** The server's 403 ('Only admins can approve…') and 404 ('Service request not found') are shown. */
const errorOptions = (kind: ReviewKind): ApiErrorOptions<'notes'> => ({
  fallback: FAILURES[kind],
  passThrough: [ERROR_CODES.forbidden, ERROR_CODES.notFound],
});

/** What both forms share: the banner, their fields, the notes and the buttons. */
function ReviewFormLayout<T extends FieldValues & { notes?: unknown }>({
  form,
  onSubmit,
  kind,
  notesHint,
  onClose,
  children,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  onSubmit: () => void;
  kind: ReviewKind;
  /** Who will read the notes: the requester sees them once the request is reviewed. */
  notesHint: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <FormBanner form={form} />
      {children}
      <TextareaField
        label="Notes"
        optional
        hint={notesHint}
        {...textField(form, 'notes' as Path<T>)}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant={kind === 'approve' ? 'success' : kind === 'reject' ? 'error' : 'primary'}
          loading={form.formState.isSubmitting}
        >
          {kind === 'approve' ? 'Approve' : kind === 'reject' ? 'Reject' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
