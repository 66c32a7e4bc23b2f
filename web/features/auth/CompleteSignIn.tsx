import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AUTH_MESSAGES, emailLinkRequestSchema } from '../../../shared/auth-schemas.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { FormBanner } from '../../components/ui/FormBanner.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { applyApiError } from '../../lib/form-errors.ts';
import { textField, useZodForm } from '../../lib/forms.ts';
import { AuthCard, BackHomeLink, EMAIL_INPUT, FOOTER_LINK_CLASS } from './AuthCard.tsx';
import { storedSignInEmail, useCompleteSignIn } from './api.ts';
import { SIGN_IN_MESSAGES } from './error-messages.ts';

/** On completion, a refused address is one that differs from the link's (decision 010). */
const COMPLETE_MESSAGES = {
  ...SIGN_IN_MESSAGES,
  [ERROR_CODES.invalidEmail]: AUTH_MESSAGES.notTheLinksAddress,
};

interface Props {
  token: string;
  onSignedIn: (isNewUser: boolean) => void;
  onRequestNewLink: () => void;
}

/**
 * Mode 2: completes sign-in with the link's token. With the address stored on this device it
 * starts at once; on another device it first asks for the address.
 */
export function CompleteSignIn({ token, onSignedIn, onRequestNewLink }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const [stored] = useState(() => storedSignInEmail.read());
  const form = useZodForm(emailLinkRequestSchema, { defaultValues: { email: '' } });
  const complete = useCompleteSignIn();
  const started = useRef(false);

  // Both ways in (the stored address at once, or the form) fail into the form's banner.
  function run(address: string) {
    complete.mutate(
      { email: address, token },
      {
        onSuccess: (result) => {
          storedSignInEmail.clear();
          onSignedIn(result.isNewUser);
        },
        onError: (error) =>
          applyApiError(error, form, {
            fallback: AUTH_MESSAGES.signInFailed,
            messages: COMPLETE_MESSAGES,
          }),
      },
    );
    // The token is spent (or being spent): keep it out of the address bar and history.
    if (location.search) navigate(location.pathname, { replace: true });
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on arrival from the link
  useEffect(() => {
    if (stored && !started.current) {
      started.current = true;
      run(stored);
    }
  }, []);

  const errorCode = isApiError(complete.error) ? complete.error.code : undefined;

  if (errorCode === ERROR_CODES.invalidActionCode) {
    return (
      <AuthCard title="Link expired">
        <Banner tone="error">{AUTH_MESSAGES.linkExpired}</Banner>
        <Button size="lg" className="mt-6 w-full" onClick={onRequestNewLink}>
          Request New Link
        </Button>
      </AuthCard>
    );
  }

  if (errorCode === ERROR_CODES.userDisabled) {
    return (
      <AuthCard title="Account disabled" footer={<BackHomeLink />}>
        <Banner tone="error">{AUTH_MESSAGES.userDisabled}</Banner>
      </AuthCard>
    );
  }

  const waiting = complete.isPending || complete.isSuccess || (stored && complete.isIdle);
  if (waiting && !complete.isError) {
    return (
      <AuthCard title="Signing you in…">
        <p role="status" className="flex items-center gap-3 text-gray-700 dark:text-gray-200">
          <Spinner className="h-5 w-5 text-accent-600 dark:text-accent-400" />
          Checking your sign-in link
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Confirm your email"
      description={AUTH_MESSAGES.confirmEmail}
      footer={
        <button type="button" onClick={onRequestNewLink} className={FOOTER_LINK_CLASS}>
          Request New Link
        </button>
      }
    >
      <form
        noValidate
        onSubmit={form.handleSubmit(({ email }) => run(email))}
        className="space-y-4"
      >
        <FormBanner form={form} />
        <TextField {...EMAIL_INPUT} autoFocus {...textField(form, 'email')} />
        <Button type="submit" size="lg" className="w-full" loading={complete.isPending}>
          Complete sign-in
        </Button>
      </form>
    </AuthCard>
  );
}
