import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';

export const SIGN_IN_SUBJECT = 'Sign in to Refstash';

export interface SignInMail {
  subject: string;
  text: string;
  html: string;
}

/** Sends (or, in development without SMTP, prints) the sign-in link. */
export interface SignInMailer {
  send(email: string, url: string): Promise<void>;
  close(): void;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** The sign-in mail: the link, its 15-minute validity and what to do if you did not ask. */
export function composeSignInMail(url: string): SignInMail {
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
  const href = escapeHtml(url);
  const html = `<!doctype html>
<html><body style="margin:0;padding:24px;background:#f9fafb;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="margin:0 0 16px;font-size:22px">Sign in to Refstash</h1>
<p style="margin:0 0 24px;line-height:1.5">Click the button below to sign in.</p>
<p style="margin:0 0 24px"><a href="${href}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">Sign in to Refstash</a></p>
<p style="margin:0 0 16px;line-height:1.5;font-size:14px">Or paste this link into your browser:<br><a href="${href}" style="color:#4338ca;word-break:break-all">${href}</a></p>
<p style="margin:0 0 16px;line-height:1.5;font-size:14px">${validity}</p>
<p style="margin:0;line-height:1.5;font-size:14px;color:#4b5563">${escapeHtml(ignore)}</p>
</div>
</body></html>
`;
  return { subject: SIGN_IN_SUBJECT, text, html };
}

/** Bounded waits: a dead mail server must fail the request quickly, not after minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * nodemailer over SMTP_URL when set. Without it (never in production: config requires SMTP
 * there) the link is printed as one plain line a developer can copy from the server output.
 */
export function createSignInMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'isProduction'>,
  printLine: (line: string) => void = console.log,
): SignInMailer {
  if (!config.smtpUrl) {
    if (config.isProduction) throw new Error('SMTP_URL is required in production');
    return {
      async send(email, url) {
        printLine(`Sign-in link for ${email}: ${url}`);
      },
      close() {},
    };
  }
  const smtpUrl = config.smtpUrl;
  // nodemailer loads with the first e-mail, not at startup (it costs ~70 ms to load).
  let transport: Promise<Transporter> | undefined;
  const connect = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ ...SMTP_TIMEOUTS, url: smtpUrl }),
    );
    return transport;
  };
  return {
    async send(email, url) {
      const smtp = await connect();
      await smtp.sendMail({ from: config.mailFrom, to: email, ...composeSignInMail(url) });
    },
    close() {
      void transport?.then((smtp) => smtp.close());
    },
  };
}
