import { DOMAIN_MESSAGES } from './service-request-schemas.ts';

/**
 * The domain rule table: one case per spec §5 message plus the limits on each side. Run
 * against the shared schema and against POST /api/service-requests, so both enforce one rule.
 */
const label = (length: number, char = 'a') => char.repeat(length);

/** 63 + 1 + 63 + 1 + 63 + 1 + 57 + 4 (".com") = 253 characters. */
const domain253 = `${label(63)}.${label(63, 'b')}.${label(63, 'c')}.${label(57, 'd')}.com`;

export const REJECTED_DOMAINS: ReadonlyArray<{ input: string; message: string }> = [
  { input: '', message: DOMAIN_MESSAGES.required },
  { input: '   ', message: DOMAIN_MESSAGES.required },
  { input: 'example', message: DOMAIN_MESSAGES.invalid },
  { input: 'exa mple.com', message: DOMAIN_MESSAGES.invalid },
  { input: 'example.c', message: DOMAIN_MESSAGES.invalid },
  { input: 'exa_mple.com', message: DOMAIN_MESSAGES.invalid },
  { input: '-example.com', message: DOMAIN_MESSAGES.invalid },
  { input: 'www.example.com', message: DOMAIN_MESSAGES.www },
  { input: 'http://example.com', message: DOMAIN_MESSAGES.protocol },
  { input: 'https://www.example.com', message: DOMAIN_MESSAGES.protocol },
  { input: 'example.com/signup', message: DOMAIN_MESSAGES.protocol },
  { input: `a${domain253}`, message: DOMAIN_MESSAGES.tooLong },
  { input: `${label(64)}.com`, message: DOMAIN_MESSAGES.partTooLong },
  { input: 'example..com', message: DOMAIN_MESSAGES.consecutiveDots },
  { input: '.example.com', message: DOMAIN_MESSAGES.edgeDot },
  { input: 'example.com.', message: DOMAIN_MESSAGES.edgeDot },
];

export const ACCEPTED_DOMAINS: ReadonlyArray<{ input: string; stored: string }> = [
  { input: 'example.com', stored: 'example.com' },
  { input: '  Acme-Pay.CO.uk ', stored: 'acme-pay.co.uk' },
  { input: 'wwwexample.com', stored: 'wwwexample.com' },
  { input: domain253, stored: domain253 },
  { input: `${label(63)}.com`, stored: `${label(63)}.com` },
];
