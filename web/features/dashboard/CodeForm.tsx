import { useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import type { CodeDto, CodeFormValues } from '../../../shared/code-schemas.ts';
import { ServiceRequestDialog } from '../../components/services/ServiceRequestDialog.tsx';
import { useServices } from '../../components/services/services-api.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormBanner } from '../../components/ui/FormBanner.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { submitRequest, textField, useZodForm } from '../../lib/forms.ts';
import { codeFormSchemaFor } from './code-form-schema.ts';
import { ServiceSelect } from './ServiceSelect.tsx';

export interface CodeFormProps {
  /** The code being edited; absent when creating. */
  initial?: CodeDto;
  submitLabel: string;
  /** The spec's failure text: 'Failed to create code' or 'Failed to update code'. */
  failureMessage: string;
  onSubmit: (values: CodeFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** The code form of spec §5: the shared zod schema first, then the server's answer. */
export function CodeForm({
  initial,
  submitLabel,
  failureMessage,
  onSubmit,
  onCancel,
}: CodeFormProps) {
  const services = useServices();
  const schema = useMemo(() => codeFormSchemaFor(services.data), [services.data]);
  const form = useZodForm(schema, {
    defaultValues: {
      service: { id: initial?.service ?? '', query: initial?.serviceName ?? '' },
      code: initial?.code ?? '',
      reward: initial?.reward ?? '',
      productName: initial?.productName ?? '',
      link: initial?.link ?? '',
    },
  });
  const [requestOpen, setRequestOpen] = useState(false);
  const submitting = form.formState.isSubmitting;
  const service = useWatch({ control: form.control, name: 'service' });

  return (
    <>
      <form
        noValidate
        onSubmit={submitRequest(form, onSubmit, { fallback: failureMessage })}
        className="space-y-4"
      >
        <FormBanner form={form} />
        <Controller
          control={form.control}
          name="service"
          render={({ field, fieldState }) => (
            <ServiceSelect
              services={services.data ?? []}
              loading={services.isPending}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
              onRequestService={() => setRequestOpen(true)}
            />
          )}
        />
        <TextField
          label="Referral code"
          autoCapitalize="characters"
          spellCheck={false}
          {...textField(form, 'code')}
        />
        <TextField
          label="Reward"
          placeholder="e.g. 15 or 1 month free"
          {...textField(form, 'reward')}
        />
        <TextField label="Product name" optional {...textField(form, 'productName')} />
        <TextField
          label="Link or note"
          optional
          placeholder="https://… or how to use the code"
          spellCheck={false}
          {...textField(form, 'link')}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </div>
      </form>
      {/* Outside the form: the request dialog has a form of its own. */}
      <ServiceRequestDialog
        open={requestOpen}
        onClose={() => setRequestOpen(false)}
        initialName={service.id ? '' : service.query.trim()}
      />
    </>
  );
}
