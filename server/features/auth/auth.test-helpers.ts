import type { LightMyRequestResponse } from 'fastify';
import { type SmtpCapture, signInLinkFrom } from '../../test-support/smtp-capture.ts';
import {
  type FileSmtpCapture,
  smtpCaptureForFile,
} from '../../test-support/smtp-capture-for-file.ts';
import type { TestContext } from '../../test-support/test-app.ts';

let ipCounter = 0;

/** A fresh client address per call, so one test's IP limit never touches another's. */
export function nextIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/**
 * A capture SMTP server for the file, and the env that points the app at it. TRUST_PROXY lets
 * a test pick its client address with X-Forwarded-For.
 */
export function withSmtpCapture(): FileSmtpCapture {
  return smtpCaptureForFile({ MAIL_FROM: 'Refstash <login@refstash.test>', TRUST_PROXY: '1' });
}

export function requestLink(
  ctx: TestContext,
  email: unknown,
  ip = nextIp(),
): Promise<LightMyRequestResponse> {
  return ctx.request({
    method: 'POST',
    url: '/api/auth/email-link',
    body: { email },
    headers: { 'x-forwarded-for': ip },
  });
}

export function verifyLink(
  ctx: TestContext,
  body: { email: string; token: string },
  options: { ip?: string; cookie?: string } = {},
): Promise<LightMyRequestResponse> {
  return ctx.request({
    method: 'POST',
    url: '/api/auth/email-link/verify',
    body,
    cookie: options.cookie,
    headers: { 'x-forwarded-for': options.ip ?? nextIp() },
  });
}

/** Requests a link for `email` and returns the token from the delivered mail. */
export async function mailedToken(
  ctx: TestContext,
  smtp: SmtpCapture,
  email: string,
): Promise<string> {
  const response = await requestLink(ctx, email);
  if (response.statusCode !== 202) throw new Error(`link request failed: ${response.body}`);
  const mail = await smtp.nextMessage(email.trim().toLowerCase());
  return new URL(signInLinkFrom(mail)).searchParams.get('token') ?? '';
}

/** The `name=value` pair of the session cookie set by a response, for the next request. */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('refstash_session'));
  if (!cookie) throw new Error('no session cookie set');
  return `${cookie.name}=${cookie.value}`;
}

let emailCounter = 0;

export function uniqueEmail(prefix = 'person'): string {
  emailCounter += 1;
  return `${prefix}${emailCounter}-${Date.now().toString(36)}@example.com`;
}
