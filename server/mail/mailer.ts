import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

/** One e-mail to one recipient. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What a developer sees instead, on one line, when there is no SMTP (never in production). */
  devLine: string;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on optional mails. */
  headers?: Readonly<Record<string, string>>;
}

/**
 * The app's one way out by e-mail: sign-in links directly, every other mail through the mail queue
 * (server/mail/mail-queue.ts, decision 109).
 */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Waits for sends under way, then closes the connection pool. */
  close(): Promise<void>;
}

/** Bounded waits: a dead mail server must fail a send quickly, not after minutes. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * nodemailer over SMTP_URL when set. Without it (never in production: config requires SMTP
 * there) each mail's `devLine` is printed as one plain line a developer can copy from the output.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'isProduction'>,
  printLine: (line: string) => void = console.log,
): Mailer {
  const inFlight = new Set<Promise<unknown>>();
  const track = (send: Promise<void>) => {
    const settled = send.catch(() => undefined);
    inFlight.add(settled);
    void settled.then(() => inFlight.delete(settled));
    return send;
  };
  if (!config.smtpUrl) {
    if (config.isProduction) throw new Error('SMTP_URL is required in production');
    return {
      async send(mail) {
        printLine(mail.devLine);
      },
      async close() {},
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
    send(mail) {
      return track(
        (async () => {
          const smtp = await connect();
          // An address object is never parsed as a list or header syntax: one recipient, one RCPT.
          const to = { name: '', address: mail.to };
          await smtp.sendMail({
            from: config.mailFrom,
            to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            ...(mail.headers && { headers: { ...mail.headers } }),
          });
        })(),
      );
    },
    async close() {
      await Promise.all(inFlight);
      (await transport)?.close();
    },
  };
}
