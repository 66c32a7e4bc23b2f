import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../test-support/smtp-capture.ts';
import { createMailer, type OutgoingMail } from './mailer.ts';

const mail = (to: string, subject = 'Hello'): OutgoingMail => ({
  to,
  subject,
  text: 'text body',
  html: '<p>html body</p>',
  devLine: `mail for ${to}`,
});

describe('mailer without SMTP', () => {
  it('refuses to run in production', () => {
    expect(() => createMailer({ smtpUrl: undefined, mailFrom: 'x', isProduction: true })).toThrow();
  });
});

describe('mailer over SMTP', () => {
  let smtp: SmtpCapture;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
  });
  afterAll(() => smtp.close());
  const mailer = () =>
    createMailer({ smtpUrl: smtp.url, mailFrom: 'login@refstash.test', isProduction: false });

  it('sends to exactly one recipient: the address given', async () => {
    const sender = mailer();
    await sender.send(mail('victim@example.test'));
    await sender.close();
    expect(smtp.messages.at(-1)?.to).toEqual(['victim@example.test']);
  });

  it('never reads the address as a list: one RCPT at most, never a second mailbox', async () => {
    const sender = mailer();
    const before = smtp.messages.length;
    // The server refuses the one (malformed) recipient, so the send may fail; it must not fan out.
    await sender.send(mail('victim@example.test,attacker@example.test')).catch(() => undefined);
    await sender.close();
    const sent = smtp.messages.slice(before);
    expect(sent.flatMap((m) => m.to)).not.toContain('attacker@example.test');
    for (const message of sent) expect(message.to).toHaveLength(1);
  });

  // Subjects carry user-typed service names: nodemailer folds a line break into a space.
  it('keeps a subject with line breaks on one header line', async () => {
    const sender = mailer();
    await sender.send(mail('fold@example.test', 'Your request for Evil\r\nBcc: x@example.test'));
    await sender.close();
    const received = await smtp.nextMessage('fold@example.test');
    expect(received.subject).toBe('Your request for Evil Bcc: x@example.test');
    expect(received.raw).not.toMatch(/^Bcc:/im);
  });

  it('close() waits for a send under way', async () => {
    const sender = mailer();
    const sending = sender.send(mail('inflight@example.test'));
    await sender.close();
    expect(smtp.messages.some((m) => m.to.includes('inflight@example.test'))).toBe(true);
    await sending;
  });
});
