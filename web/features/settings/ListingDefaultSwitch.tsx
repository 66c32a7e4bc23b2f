import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../../shared/account-schemas.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { SwitchField } from '../../components/ui/Switch.tsx';
import { apiErrorOutcome } from '../../lib/form-errors.ts';
import { useTimedBanner } from '../../lib/use-timed-banner.ts';
import { useSaveSettings } from './api.ts';

/**
 * The listing default (decision 080): where the code form's 'List on the service page' switch
 * starts for a new code. Saved as soon as it is flipped; while saving it shows the new position.
 * Its messages sit under it, not at the top of the page: on a phone the top is out of sight.
 */
export function ListingDefaultSwitch({ value }: { value: boolean }) {
  const save = useSaveSettings();
  const saved = useTimedBanner();
  const [error, setError] = useState<string | undefined>();
  const checked = save.isPending ? save.variables.listNewCodes : value;
  return (
    <div className="space-y-3">
      <SwitchField
        label="List new codes on their service page"
        hint="Where the listing switch starts when you add a code; you can still change it for each code. Imported codes are listed only when the file says yes."
        checked={checked}
        onChange={(listNewCodes) => {
          if (save.isPending) return;
          setError(undefined);
          saved.hide();
          save.mutate(
            { listNewCodes },
            {
              onSuccess: (me) =>
                saved.show(
                  me.listNewCodes
                    ? 'Saved: new codes start listed on their service page'
                    : 'Saved: new codes start unlisted',
                ),
              onError: (failure) => {
                const outcome = apiErrorOutcome(failure, ['listNewCodes'], {
                  fallback: ACCOUNT_MESSAGES.settingsFailed,
                });
                setError('banner' in outcome ? outcome.banner : outcome.fields.listNewCodes);
              },
            },
          );
        }}
      />
      {saved.message && <Banner tone="success">{saved.message}</Banner>}
      {/* An alert: the switch saves on its own, so a failure must be announced. */}
      {error && <Banner tone="error">{error}</Banner>}
    </div>
  );
}
