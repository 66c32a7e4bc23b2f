import { useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { CodeDto, CodeFormValues } from '../../../shared/code-schemas.ts';
import { withArticle } from '../../../shared/display-rules.ts';
import { isExpired } from '../../components/codes/expiry.ts';
import { useOwnServiceRequests } from '../../components/services/own-requests-api.ts';
import { ServiceRequestDialog } from '../../components/services/ServiceRequestDialog.tsx';
import { type Service, useServices } from '../../components/services/services-api.ts';
import { Button } from '../../components/ui/Button.tsx';
import { FormBanner } from '../../components/ui/FormBanner.tsx';
import { SwitchField, type SwitchFieldProps } from '../../components/ui/Switch.tsx';
import { Field, TextField } from '../../components/ui/TextField.tsx';
import { submitRequest, textField, useZodForm } from '../../lib/forms.ts';
import { useMe } from '../../lib/session.ts';
import { paths } from '../../paths.ts';
import { CountryPicker } from './CountryPicker.tsx';
import { codeFormSchemaFor } from './code-form-schema.ts';
import { ListingNotice } from './ListingNotice.tsx';
import { OwnRequestNotice } from './OwnRequestNotice.tsx';
import { ownRequestFor } from './own-request-for.ts';
import { ServiceSelect } from './ServiceSelect.tsx';

export const PAST_EXPIRY_WARNING = 'This date is in the past, so the code will show as Expired';

export interface CodeFormProps {
  /** The code being edited; absent when creating. */
  initial?: CodeDto;
  /** Creating: the service chosen already (an approved request's "Add code", or ?service=). */
  initialService?: Service;
  submitLabel: string;
  /** The spec's failure text: 'Failed to create code' or 'Failed to update code'. */
  failureMessage: string;
  onSubmit: (values: CodeFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** The code form of spec §5: the shared zod schema first, then the server's answer. */
export function CodeForm({
  initial,
  initialService,
  submitLabel,
  failureMessage,
  onSubmit,
  onCancel,
}: CodeFormProps) {
  const services = useServices();
  const me = useMe().data;
  const schema = useMemo(() => codeFormSchemaFor(services.data), [services.data]);
  const form = useZodForm(schema, {
    defaultValues: {
      service: {
        id: initial?.service ?? initialService?.id ?? '',
        query: initial?.serviceName ?? initialService?.name ?? '',
      },
      code: initial?.code ?? '',
      reward: initial?.reward ?? '',
      productName: initial?.productName ?? '',
      link: initial?.link ?? '',
      // A new code starts from the owner's listing default (Settings, decision 080; on unless
      // they turned it off); an edit shows the code's own choice (decision 070).
      listed: initial ? initial.listed : me?.listNewCodes !== false,
      expiresAt: initial?.expiresAt ?? '',
      countries: initial?.countries ?? [],
    },
  });
  const [requestOpen, setRequestOpen] = useState(false);
  const submitting = form.formState.isSubmitting;
  const service = useWatch({ control: form.control, name: 'service' });
  const expiresAt = useWatch({ control: form.control, name: 'expiresAt' });
  const ownRequests = useOwnServiceRequests();
  const ownRequest = service.id
    ? undefined
    : ownRequestFor(service.query, ownRequests.data ?? [], services.data ?? []);
  const link = useWatch({ control: form.control, name: 'link' }) ?? '';
  const listed = useWatch({ control: form.control, name: 'listed' }) !== false;
  const chosen = services.data?.find(
    (item) =>
      item.id === service.id ||
      (!service.id && item.name.toLowerCase() === service.query.trim().toLowerCase()),
  );

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
              requested={ownRequest !== undefined}
            />
          )}
        />
        <OwnRequestNotice typed={service.id ? '' : service.query} services={services.data ?? []} />
        <TextField
          label="Referral code"
          autoCapitalize="characters"
          spellCheck={false}
          {...textField(form, 'code')}
        />
        <TextField
          label="Reward"
          placeholder="15 (as $15) or 1 month free"
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
        <Controller
          control={form.control}
          name="listed"
          render={({ field, fieldState }) => (
            <ListingSwitch
              checked={field.value !== false}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              error={fieldState.error?.message}
              service={chosen ?? null}
            />
          )}
        />
        {listed && (
          <ListingNotice service={chosen ?? null} link={link} listingFrom={me?.listingFrom} />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Expires on"
            type="date"
            optional
            // A past date is allowed (a code kept for the record), but said before saving.
            hint={expiresAt && isExpired(expiresAt) ? PAST_EXPIRY_WARNING : 'The last day it works'}
            {...textField(form, 'expiresAt')}
          />
          <Controller
            control={form.control}
            name="countries"
            render={({ field, fieldState }) => (
              <Field
                label="Works in"
                optional
                hint="Empty means everywhere"
                error={fieldState.error?.message}
              >
                {(control) => (
                  <CountryPicker
                    {...control}
                    ref={field.ref}
                    value={field.value ?? []}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    invalid={fieldState.invalid}
                  />
                )}
              </Field>
            )}
          />
        </div>
        <p className="text-sm text-gray-600 dark:text-gray-300">
          Share only your own codes. Read the{' '}
          <Link
            to={paths.rules}
            target="_blank"
            className="font-medium text-accent-700 underline underline-offset-2 dark:text-accent-300"
          >
            rules
          </Link>{' '}
          for what may be shared.
        </p>
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

/** 'List on the {Service} page' (issue 14 §3): a switch, with one line saying what it does. */
function ListingSwitch({
  service,
  ...props
}: Omit<SwitchFieldProps, 'label' | 'hint'> & { service: { id: string; name: string } | null }) {
  const where = service
    ? `Anyone looking for ${withArticle(service.name)} code can find it on ${window.location.host}/s/${service.id}.`
    : 'Anyone looking for a code for this service can find it on its page.';
  return (
    <SwitchField
      {...props}
      label={service ? `List on the ${service.name} page` : 'List on the service page'}
      hint={`${where} Your profile shows it either way.`}
    />
  );
}
