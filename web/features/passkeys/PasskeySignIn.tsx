import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PASSKEY_MESSAGES } from '../../../shared/passkey-schemas.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { paths } from '../../paths.ts';
import { cancelPasskeyCeremony, supportsPasskeyAutofill, usePasskeySignIn } from './api.ts';
import { canUsePasskeys, isCancelled, passkeyErrorMessage } from './passkey-support.ts';

/**
 * 'Sign in with a passkey' beside the e-mail form, and the same offer in the e-mail field's
 * autofill (its `autocomplete` has `webauthn`) where the browser supports that. Hidden where the
 * browser cannot use passkeys: no WebAuthn, or a page served from an IP address.
 */
export function PasskeySignIn() {
  const navigate = useNavigate();
  const signIn = usePasskeySignIn();
  const [supported, setSupported] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const { mutate } = signIn;

  useEffect(() => {
    if (!canUsePasskeys()) return;
    setSupported(true);
    let active = true;
    void supportsPasskeyAutofill().then((autofill) => {
      if (!active || !autofill) return;
      mutate(
        { autofill: true },
        {
          onSuccess: () => navigate(paths.dashboard, { replace: true }),
          // A cancelled offer (the button took over, or the page went away) says nothing.
          onError: (failure) => {
            if (active && !isCancelled(failure)) {
              setError(passkeyErrorMessage(failure, PASSKEY_MESSAGES.signInFailed));
            }
          },
        },
      );
    });
    return () => {
      active = false;
      void cancelPasskeyCeremony();
    };
  }, [mutate, navigate]);

  if (!supported) return null;

  const onClick = () => {
    setError(undefined);
    mutate(
      { autofill: false },
      {
        onSuccess: () => navigate(paths.dashboard, { replace: true }),
        onError: (failure) => setError(passkeyErrorMessage(failure, PASSKEY_MESSAGES.signInFailed)),
      },
    );
  };
  const busy = signIn.isPending && signIn.variables?.autofill === false;

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-gray-500 dark:text-gray-400">
        <span className="h-px flex-1 bg-gray-200 dark:bg-gray-800" />
        or
        <span className="h-px flex-1 bg-gray-200 dark:bg-gray-800" />
      </div>
      {error && <Banner tone="error">{error}</Banner>}
      <Button
        type="button"
        variant="secondary"
        size="lg"
        className="w-full"
        loading={busy}
        onClick={onClick}
      >
        Sign in with a passkey
      </Button>
    </div>
  );
}
