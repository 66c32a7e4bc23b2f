import { SPEC_MESSAGES as SPEC } from './spec-text.ts';

/**
 * The domain rule table: one case per spec §5 message plus the limits on each side (253
 * characters, 63 per part). Run against the shared schema and against POST
 * /api/service-requests, so both enforce one rule, with the spec's words from spec-text.ts.
 */
const label = (length: number, char = 'a') => char.repeat(length);

/** 63 + 1 + 63 + 1 + 63 + 1 + 57 + 4 (".com") = 253 characters. */
const domain253 = `${label(63)}.${label(63, 'b')}.${label(63, 'c')}.${label(57, 'd')}.com`;

export const REJECTED_DOMAINS: ReadonlyArray<{ input: string; message: string }> = [
  { input: '', message: SPEC.domainRequired },
  { input: '   ', message: SPEC.domainRequired },
  { input: 'example', message: SPEC.domainInvalid },
  { input: 'exa mple.com', message: SPEC.domainInvalid },
  { input: 'example.c', message: SPEC.domainInvalid },
  { input: 'exa_mple.com', message: SPEC.domainInvalid },
  { input: '-example.com', message: SPEC.domainInvalid },
  { input: 'www.example.com', message: SPEC.domainWww },
  { input: 'http://example.com', message: SPEC.domainProtocol },
  { input: 'https://www.example.com', message: SPEC.domainProtocol },
  { input: 'example.com/signup', message: SPEC.domainProtocol },
  { input: `a${domain253}`, message: SPEC.domainTooLong },
  { input: `${label(64)}.com`, message: SPEC.domainPartTooLong },
  { input: 'example..com', message: SPEC.domainConsecutiveDots },
  { input: '.example.com', message: SPEC.domainEdgeDot },
  { input: 'example.com.', message: SPEC.domainEdgeDot },
];

export const ACCEPTED_DOMAINS: ReadonlyArray<{ input: string; stored: string }> = [
  { input: 'example.com', stored: 'example.com' },
  { input: '  Acme-Pay.CO.uk ', stored: 'acme-pay.co.uk' },
  { input: 'wwwexample.com', stored: 'wwwexample.com' },
  { input: domain253, stored: domain253 },
  { input: `${label(63)}.com`, stored: `${label(63)}.com` },
];
