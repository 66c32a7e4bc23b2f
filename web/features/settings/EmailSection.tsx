import { useState } from 'react';
import {
  ALWAYS_ON_MAILS,
  MAIL_KIND_LABELS,
  OPTIONAL_MAIL_KINDS,
  type OptionalMailKind,
  OWNER_MAIL_MESSAGES,
} from '../../../shared/owner-mail.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { SwitchField } from '../../components/ui/Switch.tsx';
import { apiErrorOutcome } from '../../lib/form-errors.ts';
import { useTimedBanner } from '../../lib/use-timed-banner.ts';
import { useEmailSettings, useSaveEmailSettings } from './api.ts';

/**
 * Settings → E-mail (decision 110): a switch per kind of mail, each saved as soon as it is flipped.
 * Moderation and security mails are shown on and cannot be switched off; the hint says why.
 */
export function EmailSection() {
  const settings = useEmailSettings();
  const save = useSaveEmailSettings();
  const saved = useTimedBanner();
  const [error, setError] = useState<string | undefined>();
  const current = settings.data;

  const flip = (kind: OptionalMailKind, on: boolean) => {
    if (save.isPending) return;
    setError(undefined);
    saved.hide();
    save.mutate(
      { [kind]: on },
      {
        onSuccess: () =>
          saved.show(`Saved: ${MAIL_KIND_LABELS[kind].label.toLowerCase()} ${on ? 'on' : 'off'}`),
        onError: (failure) => {
          const outcome = apiErrorOutcome(failure, [], {
            fallback: OWNER_MAIL_MESSAGES.saveFailed,
          });
          setError('banner' in outcome ? outcome.banner : OWNER_MAIL_MESSAGES.saveFailed);
        },
      },
    );
  };

  if (settings.isError) {
    return <Banner tone="error">Failed to load e-mail settings</Banner>;
  }
  if (!current) {
    return (
      <p className="text-sm text-gray-600 dark:text-gray-300" aria-busy="true">
        Loading…
      </p>
    );
  }
  const pending = save.isPending ? save.variables : undefined;
  return (
    <div className="space-y-3">
      {OPTIONAL_MAIL_KINDS.map((kind) => (
        <SwitchField
          key={kind}
          label={MAIL_KIND_LABELS[kind].label}
          hint={MAIL_KIND_LABELS[kind].hint}
          checked={pending?.[kind] ?? current[kind]}
          onChange={(on) => flip(kind, on)}
        />
      ))}
      {ALWAYS_ON_MAILS.map((mail) => (
        <SwitchField
          key={mail.label}
          label={mail.label}
          hint={mail.hint}
          checked
          disabled
          onChange={() => {}}
        />
      ))}
      {saved.message && <Banner tone="success">{saved.message}</Banner>}
      {/* An alert: the switches save on their own, so a failure must be announced. */}
      {error && <Banner tone="error">{error}</Banner>}
    </div>
  );
}
