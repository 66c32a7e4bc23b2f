import { useState } from 'react';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import { appealSchema, MODERATION_MESSAGES } from '../../../shared/moderation-schemas.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { FormBanner } from '../../components/ui/FormBanner.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { TextareaField } from '../../components/ui/TextField.tsx';
import { submitRequest, textField, useZodForm } from '../../lib/forms.ts';
import { useSendAppeal } from './api.ts';
import { MODERATION_WEB_TEXT } from './messages.ts';

const noteSchema = appealSchema.pick({ note: true });

export interface AppealDialogProps {
  open: boolean;
  onClose: () => void;
  /** The admin action appealed (one appeal per action). */
  actionId: string;
  /** What was hidden, for the title: "Uber code". */
  what: string;
  onSent: () => void;
}

/** The owner's one appeal of an admin's action, with a note (issue 23). */
export function AppealDialog({ open, onClose, actionId, what, onSent }: AppealDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={`${MODERATION_MESSAGES.appeal}: ${what}`}>
      <AppealForm actionId={actionId} onClose={onClose} onSent={onSent} />
    </Modal>
  );
}

function AppealForm({
  actionId,
  onClose,
  onSent,
}: Pick<AppealDialogProps, 'actionId' | 'onClose' | 'onSent'>) {
  const send = useSendAppeal();
  const [sent, setSent] = useState(false);
  const form = useZodForm(noteSchema, { defaultValues: { note: '' } });
  if (sent) {
    return (
      <div className="space-y-5">
        <Banner tone="success">{MODERATION_MESSAGES.appealSent}</Banner>
        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    );
  }
  const onSubmit = submitRequest(
    form,
    async ({ note }) => {
      await send.mutateAsync({ actionId, note });
      setSent(true);
      onSent();
    },
    // 'You have already appealed this action' is shown as sent.
    { fallback: MODERATION_WEB_TEXT.appealFailed, passThrough: [ERROR_CODES.notFound] },
  );
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <FormBanner form={form} />
      <TextareaField
        label="Why should it be restored?"
        hint="An admin reads this and answers by e-mail. You can appeal each decision once."
        rows={4}
        {...textField(form, 'note')}
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Send appeal
        </Button>
      </div>
    </form>
  );
}
