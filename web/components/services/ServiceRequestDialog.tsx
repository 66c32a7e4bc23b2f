import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  SERVICE_REQUEST_MESSAGES,
  serviceRequestSchema,
} from '../../../shared/service-request-schemas.ts';
import { submitRequest, textField, useZodForm } from '../../lib/forms.ts';
import { Banner } from '../ui/Banner.tsx';
import { Button } from '../ui/Button.tsx';
import { FormBanner } from '../ui/FormBanner.tsx';
import { Modal } from '../ui/Modal.tsx';
import { TextField } from '../ui/TextField.tsx';
import { domainFix } from './domain-fix.ts';
import { useSubmitServiceRequest } from './services-api.ts';

export interface ServiceRequestDialogProps {
  open: boolean;
  onClose: () => void;
  /** Prefills the Service name field (for example from the code form's search box). */
  initialName?: string;
}

/** The service request form of spec §5 (Service name, Domain), in a modal. */
export function ServiceRequestDialog({
  open,
  onClose,
  initialName = '',
}: ServiceRequestDialogProps) {
  // The modal mounts its content only while open: every opening starts a fresh form.
  return (
    <Modal open={open} onClose={onClose} title="Request a new service">
      <ServiceRequestForm initialName={initialName} onClose={onClose} />
    </Modal>
  );
}

function ServiceRequestForm({
  initialName,
  onClose,
}: {
  initialName: string;
  onClose: () => void;
}) {
  const submit = useSubmitServiceRequest();
  const [sentFor, setSentFor] = useState<string | null>(null);
  const form = useZodForm(serviceRequestSchema, {
    defaultValues: { displayName: initialName, domain: '' },
  });
  const typedDomain = useWatch({ control: form.control, name: 'domain' });
  const domain = textField(form, 'domain');
  const fix = domainFix(typedDomain, domain.error);

  if (sentFor) {
    return (
      <div className="space-y-5">
        <Banner tone="success">
          Thanks! Your request for <strong>{sentFor}</strong> was sent. An admin will review it
          soon.
        </Banner>
        <div className="flex justify-end">
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    );
  }

  const onSubmit = submitRequest(
    form,
    async (values) => {
      await submit.mutateAsync(values);
      setSentFor(values.displayName);
    },
    // 'This service already exists' and the pending-request conflict come with their field.
    { fallback: SERVICE_REQUEST_MESSAGES.submitFailed, passThrough: ['validation_failed'] },
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-gray-600 dark:text-gray-300">
        Can't find a service? Tell us its name and website, and an admin will add it.
      </p>
      <FormBanner form={form} />
      <TextField
        label="Service name"
        placeholder="Acme Pay"
        autoComplete="off"
        {...textField(form, 'displayName')}
      />
      <TextField
        label="Domain"
        // Says what to enter; the rules' own words come as messages, with a fix when one is sure.
        hint="The service's website, like acmepay.com"
        placeholder="acmepay.com"
        inputMode="url"
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        {...domain}
        errorAction={
          fix && (
            <Button
              variant="secondary"
              onClick={() => {
                form.setValue('domain', fix, { shouldValidate: true, shouldDirty: true });
                form.setFocus('domain');
              }}
            >
              Use {fix}
            </Button>
          )
        }
      />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting}>
          Submit request
        </Button>
      </div>
    </form>
  );
}
