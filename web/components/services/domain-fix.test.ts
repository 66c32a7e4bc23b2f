import { describe, expect, it } from 'vitest';
import { domainFix } from './domain-fix.ts';

const PROTOCOL = 'Please enter only the domain (e.g., example.com)';
const WWW = "Please enter the domain without 'www.' (e.g., example.com)";

describe('domainFix', () => {
  it.each([
    ['https://www.AcmePay.com/signup?ref=1#top', PROTOCOL, 'acmepay.com'],
    ['http://acmepay.com', PROTOCOL, 'acmepay.com'],
    ['acmepay.com/join', PROTOCOL, 'acmepay.com'],
    ['https://pay.acme.co.uk:8443/x', PROTOCOL, 'pay.acme.co.uk'],
    ['https://user@acmepay.com', PROTOCOL, 'acmepay.com'],
    ['  www.AcmePay.com ', WWW, 'acmepay.com'],
    ['www.www.acmepay.com', WWW, 'acmepay.com'],
  ])('turns %s into the domain', (typed, message, fixed) => {
    expect(domainFix(typed, message)).toBe(fixed);
  });

  it.each([
    ['https://', PROTOCOL],
    ['https://acme', PROTOCOL],
    ['www.', WWW],
    ['https://acme..com', PROTOCOL],
  ])('offers nothing when the result would still be refused (%s)', (typed, message) => {
    expect(domainFix(typed, message)).toBeNull();
  });

  it('offers nothing for the other messages', () => {
    expect(domainFix('acme', 'Please enter a valid domain (e.g., example.com)')).toBeNull();
    expect(domainFix('www.acme.com', undefined)).toBeNull();
    expect(domainFix('a..b.com', 'Domain cannot contain consecutive dots')).toBeNull();
  });
});
