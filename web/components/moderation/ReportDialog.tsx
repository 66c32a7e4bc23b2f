import { useId, useState } from 'react';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import {
  MODERATION_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportTarget,
  reportSchema,
} from '../../../shared/moderation-schemas.ts';
import { submitRequest, textField, useZodForm } from '../../lib/forms.ts';
import { paths } from '../../paths.ts';
import { Banner } from '../ui/Banner.tsx';
import { Button } from '../ui/Button.tsx';
import { FormBanner } from '../ui/FormBanner.tsx';
import { Modal } from '../ui/Modal.tsx';
import { TextareaField } from '../ui/TextField.tsx';
import { useSendReport } from './report-api.ts';

/** The form's fields: the target is the dialog's, not the visitor's to choose. */
const reportFormSchema = reportSchema.omit({ target: true });

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  target: ReportTarget;
}

/**
 * 'Report this code' / 'Report this profile' (issue 23): a reason, an optional note, 'Send report'.
 * Loaded on the first click of 'Report', so public pages do not carry the form library.
 */
export default function ReportDialog({ open, onClose, target }: ReportDialogProps) {
  const title =
    target.type === 'code'
      ? MODERATION_MESSAGES.reportCodeTitle
      : MODERATION_MESSAGES.reportProfileTitle;
  // The modal mounts its content only while open: every opening starts a fresh form.
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <ReportForm target={target} onClose={onClose} />
    </Modal>
  );
}

function ReportForm({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const id = useId();
  const send = useSendReport();
  const [sent, setSent] = useState(false);
  const form = useZodForm(reportFormSchema, { defaultValues: { note: '' } });
  const reasonError = form.formState.errors.reason?.message;

  if (sent) {
    return (
      <div className="space-y-5">
        <Banner tone="success">{MODERATION_MESSAGES.reportSent}</Banner>
        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    );
  }

  const onSubmit = submitRequest(
    form,
    async (values) => {
      await send.mutateAsync({ target, ...values });
      setSent(true);
    },
    // A code or profile that went away meanwhile: the server's 'Code not found' says so.
    { fallback: MODERATION_MESSAGES.reportFailed, passThrough: [ERROR_CODES.notFound] },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <FormBanner form={form} />
      <fieldset aria-describedby={reasonError ? `${id}-error` : undefined}>
        <legend className="text-sm font-medium text-gray-800 dark:text-gray-100">
          What is wrong with it?
        </legend>
        <div className="mt-1.5 space-y-1">
          {REPORT_REASONS.map((reason) => (
            <label
              key={reason}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-base text-gray-800 hover:bg-gray-50 dark:text-gray-100 dark:hover:bg-gray-800"
            >
              <input
                type="radio"
                value={reason}
                aria-invalid={reasonError ? true : undefined}
                className="h-4 w-4 shrink-0 accent-accent-600"
                {...form.register('reason')}
              />
              {REPORT_REASON_LABELS[reason]}
            </label>
          ))}
        </div>
        {reasonError && (
          <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
            {reasonError}
          </p>
        )}
      </fieldset>
      <TextareaField
        label="Note"
        optional
        hint="Up to 500 characters. Only admins read it."
        {...textField(form, 'note')}
      />
      <p className="text-sm text-gray-600 dark:text-gray-300">
        No account needed. An admin reviews every report against the{' '}
        <a
          href={paths.rules}
          target="_blank"
          rel="noopener"
          className="font-medium text-accent-700 underline underline-offset-2 dark:text-accent-300"
        >
          rules
        </a>
        .
      </p>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {MODERATION_MESSAGES.sendReport}
        </Button>
      </div>
    </form>
  );
}
