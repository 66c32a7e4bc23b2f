import { type FormEvent, useState } from 'react';
import { emailSchema } from '../../../shared/auth-schemas.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { AuthCard, BackHomeLink } from './AuthCard.tsx';
import { storedSignInEmail, useRequestSignInLink } from './api.ts';
import { firstIssue, requestLinkErrorMessage } from './error-messages.ts';
import { EmailField } from './TextField.tsx';

/** Mode 1: the address to mail a sign-in link to. `notice` explains why the user is back here. */
export function RequestLinkForm({ notice }: { notice?: string }) {
  const [email, setEmail] = useState(() => storedSignInEmail.read() ?? '');
  const [submitted, setSubmitted] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestSignInLink();

  const fieldError = submitted ? firstIssue(emailSchema.safeParse(email)) : undefined;
  const serverFieldError = isApiError(request.error) ? request.error.fields.email : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) return;
    request.mutate(parsed.data, {
      onSuccess: () => {
        storedSignInEmail.write(parsed.data);
        setSentTo(parsed.data);
      },
    });
  }

  if (sentTo) {
    return (
      <AuthCard title="Check your email">
        <Banner tone="success">
          We sent a sign-in link to <strong className="wrap-anywhere">{sentTo}</strong>.
        </Banner>
        <p className="mt-4 text-sm leading-6 text-gray-600 dark:text-gray-300">
          Open the link on this device to sign in. It is valid for 15 minutes and works once. No
          mail? Check your spam folder, or try again in a minute.
        </p>
        <Button
          variant="secondary"
          className="mt-6 w-full"
          onClick={() => {
            setSentTo(null);
            request.reset();
          }}
        >
          Use a different email
        </Button>
      </AuthCard>
    );
  }

  const errorMessage =
    request.isError && !serverFieldError ? requestLinkErrorMessage(request.error) : undefined;

  return (
    <AuthCard
      title="Sign in to Refstash"
      description="Enter your email and we'll send you a link to sign in. New here? The same link creates your account."
      footer={<BackHomeLink />}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        {notice && <Banner tone="error">{notice}</Banner>}
        {errorMessage && <Banner tone="error">{errorMessage}</Banner>}
        <EmailField value={email} onChange={setEmail} error={fieldError ?? serverFieldError} />
        <Button type="submit" size="lg" className="w-full" loading={request.isPending}>
          Continue with Email
        </Button>
        <p className="text-xs leading-5 text-gray-600 dark:text-gray-400">
          By continuing, you agree to receive emails from Refstash, such as sign-in links.
        </p>
      </form>
    </AuthCard>
  );
}
