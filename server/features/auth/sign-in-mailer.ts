import { actionButton, mailDocument, paragraph } from '../../mail/mail-html.ts';
import type { Mailer, OutgoingMail } from '../../mail/mailer.ts';

export const SIGN_IN_SUBJECT = 'Sign in to Refstash';

/** Sends the sign-in link (or, in development without SMTP, prints it). */
export interface SignInMailer {
  send(email: string, url: string): Promise<void>;
}

/** The sign-in mail: the link, its 15-minute validity and what to do if you did not ask. */
export function composeSignInMail(url: string): Pick<OutgoingMail, 'subject' | 'text' | 'html'> {
  const validity = 'This link is valid for 15 minutes and can be used once.';
  const ignore = "If you didn't ask to sign in to Refstash, you can safely ignore this email.";
  const text = [
    'Hello,',
    '',
    'Open this link to sign in to Refstash:',
    '',
    url,
    '',
    validity,
    '',
    ignore,
    '',
  ].join('\n');
  const html = mailDocument('Sign in to Refstash', [
    paragraph('Click the button below to sign in.'),
    actionButton(url, 'Sign in to Refstash'),
    paragraph(validity, { small: true }),
    paragraph(ignore, { small: true, muted: true }),
  ]);
  return { subject: SIGN_IN_SUBJECT, text, html };
}

/** The sign-in link through the app's mailer; without SMTP, one line a developer can copy. */
export function signInMailer(mailer: Mailer): SignInMailer {
  return {
    send: (email, url) =>
      mailer.send({
        to: email,
        ...composeSignInMail(url),
        devLine: `Sign-in link for ${email}: ${url}`,
      }),
  };
}
