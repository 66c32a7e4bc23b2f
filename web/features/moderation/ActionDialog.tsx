import { z } from 'zod';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import { actionReasonSchema, type ModerationCase } from '../../../shared/moderation-schemas.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormBanner } from '../../components/ui/FormBanner.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { TextareaField } from '../../components/ui/TextField.tsx';
import { submitRequest, textField, useZodForm } from '../../lib/forms.ts';
import { useDecide } from './api.ts';
import { type CaseAction, decisionFor } from './case-actions.ts';
import { caseLabel } from './case-label.ts';
import { MODERATION_WEB_TEXT } from './messages.ts';

const reasonFormSchema = z.object({ reason: actionReasonSchema });

export interface ActionDialogProps {
  pending: { action: CaseAction; item: ModerationCase } | null;
  onClose: () => void;
  onDone: (action: CaseAction) => void;
}

/** Every action on a case asks for the reason the owner will read, then sends it. */
export function ActionDialog({ pending, onClose, onDone }: ActionDialogProps) {
  return (
    <Modal
      open={pending !== null}
      onClose={onClose}
      title={pending ? `${pending.action.label}: ${caseLabel(pending.item)}` : ''}
    >
      {pending && (
        <ReasonForm
          key={`${pending.action.kind}:${pending.item.id}`}
          {...pending}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Modal>
  );
}

function ReasonForm({
  action,
  item,
  onClose,
  onDone,
}: {
  action: CaseAction;
  item: ModerationCase;
  onClose: () => void;
  onDone: (action: CaseAction) => void;
}) {
  const decide = useDecide();
  const form = useZodForm(reasonFormSchema, { defaultValues: { reason: '' } });
  const onSubmit = submitRequest(
    form,
    async ({ reason }) => {
      await decide.mutateAsync(decisionFor(action.kind, item, reason));
      onDone(action);
    },
    // 'These reports have already been handled', 'This code is already hidden', …: shown as sent.
    {
      fallback: MODERATION_WEB_TEXT.actionFailed,
      passThrough: [ERROR_CODES.forbidden, ERROR_CODES.notFound, ERROR_CODES.conflict],
    },
  );
  const destructive =
    action.kind === 'hide_code' ||
    action.kind === 'disable_account' ||
    action.kind === 'hide_details';
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <FormBanner form={form} />
      <TextareaField
        label="Reason"
        hint="The owner will read this."
        rows={4}
        {...textField(form, 'reason')}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant={destructive ? 'error' : 'primary'}
          loading={form.formState.isSubmitting}
        >
          {action.label}
        </Button>
      </div>
    </form>
  );
}
