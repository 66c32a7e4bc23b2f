import { useId, useState } from 'react';
import { LISTING_MESSAGES, linkHostsFormSchema } from '../../../shared/listing-rules.ts';
import { type Service, useServices } from '../../components/services/services-api.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { FormBanner } from '../../components/ui/FormBanner.tsx';
import { Field, TextareaField } from '../../components/ui/TextField.tsx';
import { submitRequest, textField, useZodForm } from '../../lib/forms.ts';
import { useSaveLinkHosts } from './api.ts';

/**
 * The link hosts admins allow per service (decision 094): a code is listed on its service page
 * only when its link is on the service's domain or on one of these (short-link hosts).
 */
export function LinkHostsSection() {
  const id = useId();
  const services = useServices();
  const [serviceId, setServiceId] = useState('');
  const chosen = services.data?.find((service) => service.id === serviceId);

  return (
    <section aria-labelledby={`${id}-title`} className="mt-12">
      <h2 id={`${id}-title`} className="text-xl font-bold text-gray-900 dark:text-white">
        Link hosts
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">
        A code is listed on its service page only when its link is on the service's domain or on a
        host allowed here, such as the service's short-link host.
      </p>
      <div className="mt-4 max-w-xl space-y-4">
        <Field label="Service">
          {(control) => (
            <select
              {...control}
              value={serviceId}
              onChange={(event) => setServiceId(event.target.value)}
              className="block w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-gray-900 dark:border-gray-700 dark:bg-gray-900 dark:text-white"
            >
              <option value="">Choose a service</option>
              {services.data?.map((service) => (
                <option key={service.id} value={service.id}>
                  {service.name} ({service.domain})
                </option>
              ))}
            </select>
          )}
        </Field>
        {/* Keyed by service: each choice starts a fresh form from that service's hosts. */}
        {chosen && <LinkHostsForm key={chosen.id} service={chosen} />}
      </div>
    </section>
  );
}

function LinkHostsForm({ service }: { service: Service }) {
  const save = useSaveLinkHosts();
  const [saved, setSaved] = useState(false);
  const form = useZodForm(linkHostsFormSchema, {
    defaultValues: { hosts: service.linkHosts.join('\n') },
  });
  const onSubmit = submitRequest(
    form,
    async ({ hosts }) => {
      await save.mutateAsync({ serviceId: service.id, hosts });
      setSaved(true);
    },
    { fallback: LISTING_MESSAGES.saveFailed, field: 'hosts' },
  );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        setSaved(false);
        return onSubmit(event);
      }}
      className="space-y-3"
    >
      <FormBanner form={form} />
      <TextareaField
        label={`Allowed link hosts for ${service.name}`}
        optional
        hint={`One per line, like bit.ly. ${service.domain} and its subdomains are always allowed.`}
        spellCheck={false}
        rows={4}
        {...textField(form, 'hosts')}
      />
      <Button type="submit" loading={form.formState.isSubmitting}>
        Save hosts
      </Button>
      {saved && <Banner tone="success">{LISTING_MESSAGES.saved}</Banner>}
    </form>
  );
}
