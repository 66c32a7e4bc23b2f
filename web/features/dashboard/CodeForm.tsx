import { type FormEvent, useState } from 'react';
import {
  CODE_MESSAGES,
  type CodeDto,
  type CodeFormValues,
  codeFormSchema,
} from '../../../shared/code-schemas.ts';
import { ServiceRequestDialog } from '../../components/services/ServiceRequestDialog.tsx';
import { useServices } from '../../components/services/services-api.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { ServiceSelect } from './ServiceSelect.tsx';
import { TextField } from './TextField.tsx';

type FieldErrors = Partial<Record<keyof CodeFormValues, string>>;

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
  const [service, setService] = useState({
    value: initial?.service ?? '',
    query: initial?.serviceName ?? '',
  });
  const [code, setCode] = useState(initial?.code ?? '');
  const [reward, setReward] = useState(initial?.reward ?? '');
  const [productName, setProductName] = useState(initial?.productName ?? '');
  const [link, setLink] = useState(initial?.link ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [requestOpen, setRequestOpen] = useState(false);

  /** The chosen id; typing an exact service name counts as choosing it. */
  const resolveService = (): string => {
    if (service.value) return service.value;
    const typed = service.query.trim().toLowerCase();
    return services.data?.find((s) => s.name.toLowerCase() === typed)?.id ?? service.query;
  };

  const validate = (): CodeFormValues | null => {
    const next: FieldErrors = {};
    const serviceId = resolveService();
    const parsed = codeFormSchema.safeParse({
      service: serviceId,
      code,
      reward,
      productName,
      link,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof CodeFormValues;
        next[key] ??= issue.message;
      }
    }
    const known = services.data?.some((s) => s.id === serviceId.trim().toLowerCase()) ?? true;
    if (!next.service && !known) next.service = CODE_MESSAGES.serviceInvalid;
    setErrors(next);
    return parsed.success && Object.keys(next).length === 0 ? parsed.data : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const values = validate();
    if (!values) return;
    setSubmitting(true);
    try {
      await onSubmit(values);
    } catch (error) {
      if (isApiError(error, 400) && Object.keys(error.fields).length > 0) {
        setErrors(error.fields as FieldErrors);
      } else {
        setFailure(failureMessage);
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <form noValidate onSubmit={submit} className="space-y-4">
        {failure && <Banner tone="error">{failure}</Banner>}
        <ServiceSelect
          services={services.data ?? []}
          loading={services.isPending}
          value={service.value}
          query={service.query}
          onChange={setService}
          error={errors.service}
          onRequestService={() => setRequestOpen(true)}
        />
        <TextField
          label="Referral code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.code}
        />
        <TextField
          label="Reward"
          placeholder="e.g. 15 or 1 month free"
          value={reward}
          onChange={(e) => setReward(e.target.value)}
          error={errors.reward}
        />
        <TextField
          label="Product name"
          hint="optional"
          value={productName}
          onChange={(e) => setProductName(e.target.value)}
          error={errors.productName}
        />
        <TextField
          label="Link or note"
          hint="optional"
          placeholder="https://… or how to use the code"
          value={link}
          onChange={(e) => setLink(e.target.value)}
          spellCheck={false}
          error={errors.link}
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
        initialName={service.value ? '' : service.query.trim()}
      />
    </>
  );
}
