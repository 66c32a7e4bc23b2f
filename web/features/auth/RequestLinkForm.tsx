import { useEffect, useState } from 'react';
import { AUTH_MESSAGES, emailLinkRequestSchema } from '../../../shared/auth-schemas.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { FormBanner } from '../../components/ui/FormBanner.tsx';
import { TextField } from '../../components/ui/TextField.tsx';
import { apiErrorOutcome } from '../../lib/form-errors.ts';
import { submitRequest, textField, useZodForm } from '../../lib/forms.ts';
import { PasskeySignIn } from '../passkeys/PasskeySignIn.tsx';
import { AuthCard, BackHomeLink, EMAIL_INPUT } from './AuthCard.tsx';
import { storedSignInEmail, useRequestSignInLink } from './api.ts';
import { SIGN_IN_MESSAGES } from './error-messages.ts';

/** Mode 1: the address to mail a sign-in link to. `notice` explains why the user is back here. */
export function RequestLinkForm({ notice }: { notice?: string }) {
  const [stored] = useState(() => storedSignInEmail.read() ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestSignInLink();
  const form = useZodForm(emailLinkRequestSchema, { defaultValues: { email: stored } });

  if (sentTo) return <SentNotice email={sentTo} onChangeEmail={() => setSentTo(null)} />;

  const onSubmit = submitRequest(
    form,
    async ({ email }) => {
      await request.mutateAsync(email);
      storedSignInEmail.write(email);
      setSentTo(email);
    },
    { fallback: AUTH_MESSAGES.sendFailed, messages: SIGN_IN_MESSAGES },
  );

  return (
    <AuthCard
      title="Sign in to Refstash"
      description="Enter your email and we'll send you a link to sign in. New here? The same link creates your account."
      footer={<BackHomeLink />}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {notice && <Banner tone="error">{notice}</Banner>}
        <FormBanner form={form} />
        {/* `webauthn` lets the browser offer passkeys in this field's suggestions (issue 27). */}
        <TextField
          {...EMAIL_INPUT}
          autoComplete="username webauthn"
          autoFocus
          {...textField(form, 'email')}
        />
        <Button type="submit" size="lg" className="w-full" loading={form.formState.isSubmitting}>
          Continue with Email
        </Button>
        <p className="text-xs leading-5 text-gray-600 dark:text-gray-400">
          By continuing, you agree to receive emails from Refstash, such as sign-in links.
        </p>
      </form>
      <div className="mt-4">
        <PasskeySignIn />
      </div>
    </AuthCard>
  );
}

/** One link per address a minute (decisions.md): 'Send again' waits that long. */
const RESEND_AFTER_S = 60;

/** 'Check your email', with 'Send again' once the minute has passed (issue 24). */
function SentNotice({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  const request = useRequestSignInLink();
  const [sentAt, setSentAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const wait = Math.max(0, RESEND_AFTER_S - Math.floor((now - sentAt) / 1000));
  const resend = async () => {
    setOutcome(null);
    try {
      await request.mutateAsync(email);
      setSentAt(Date.now());
      setNow(Date.now());
      setOutcome({
        ok: true,
        message: 'We sent a new link. Use that one: the link before it no longer works.',
      });
    } catch (error) {
      const result = apiErrorOutcome(error, [], {
        fallback: AUTH_MESSAGES.sendFailed,
        messages: SIGN_IN_MESSAGES,
      });
      setOutcome({
        ok: false,
        message: 'banner' in result ? result.banner : AUTH_MESSAGES.sendFailed,
      });
    }
  };
  return (
    <AuthCard title="Check your email">
      <Banner tone="success">
        We sent a sign-in link to <strong className="wrap-anywhere">{email}</strong>.
      </Banner>
      <p className="mt-4 text-sm leading-6 text-gray-600 dark:text-gray-300">
        Open the link on this device to sign in. It is valid for 15 minutes and works once. No mail?
        Check your spam folder, or send it again.
      </p>
      {outcome && (
        <Banner tone={outcome.ok ? 'info' : 'error'} className="mt-4">
          {outcome.message}
        </Banner>
      )}
      <div className="mt-6 grid gap-2">
        <Button className="w-full" onClick={resend} loading={request.isPending} disabled={wait > 0}>
          {wait > 0 ? `Send again in ${wait} s` : 'Send again'}
        </Button>
        <Button variant="secondary" className="w-full" onClick={onChangeEmail}>
          Use a different email
        </Button>
      </div>
    </AuthCard>
  );
}
