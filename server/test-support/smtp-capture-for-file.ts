import { afterAll, beforeAll } from 'vitest';
import { type CapturedMail, type SmtpCapture, startSmtpCapture } from './smtp-capture.ts';

export interface FileSmtpCapture {
  /** The running capture server; throws before the file's `beforeAll` has started it. */
  smtp: () => SmtpCapture;
  /** Every message received so far that was addressed to `to`. */
  mailTo: (to: string) => CapturedMail[];
  /** The app env that sends mail to the capture: SMTP_URL, MAIL_FROM, and `extraEnv`. */
  env: () => Record<string, string>;
}

/**
 * A capture SMTP server started once for the calling test file (call it at the top level) and
 * closed after it. `extraEnv` is added to (or overrides) the env returned by `env()`.
 */
export function smtpCaptureForFile(extraEnv: Record<string, string> = {}): FileSmtpCapture {
  let running: SmtpCapture | undefined;
  beforeAll(async () => {
    running = await startSmtpCapture();
  });
  afterAll(async () => {
    await running?.close();
  });
  const smtp = () => {
    if (!running) throw new Error('SMTP capture not started');
    return running;
  };
  return {
    smtp,
    mailTo: (to) => smtp().messages.filter((m) => m.to.includes(to)),
    env: () => ({ SMTP_URL: smtp().url, MAIL_FROM: 'Refstash <hello@refstash.test>', ...extraEnv }),
  };
}
