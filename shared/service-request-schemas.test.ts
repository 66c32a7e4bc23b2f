import { describe, expect, it } from 'vitest';
import { ACCEPTED_DOMAINS, REJECTED_DOMAINS } from '../tests/spec/domain-cases.ts';
import { SPEC_MESSAGES as SPEC } from '../tests/spec/spec-text.ts';
import { isPossibleServiceId } from './public-paths.ts';
import { serviceIdFromName, serviceRequestSchema } from './service-request-schemas.ts';

function firstMessage(input: unknown): string | undefined {
  const result = serviceRequestSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('domain rules (shared schema)', () => {
  it("covers every one of the spec's domain messages in the table", () => {
    const covered = new Set(REJECTED_DOMAINS.map((c) => c.message));
    const domainMessages = Object.entries(SPEC)
      .filter(([key]) => key.startsWith('domain'))
      .map(([, message]) => message);
    expect(domainMessages).toHaveLength(8);
    expect([...covered].sort()).toEqual(domainMessages.sort());
  });

  it.each(REJECTED_DOMAINS)('refuses "$input" with "$message"', ({ input, message }) => {
    expect(firstMessage({ displayName: 'Acme', domain: input })).toBe(message);
  });

  it.each(ACCEPTED_DOMAINS)('accepts "$input" as "$stored"', ({ input, stored }) => {
    const parsed = serviceRequestSchema.parse({ displayName: 'Acme', domain: input });
    expect(parsed.domain).toBe(stored);
  });

  it('sits exactly on the limits: 253 and 63 pass, 254 and 64 fail', () => {
    const d253 = ACCEPTED_DOMAINS[3]?.input ?? '';
    expect(d253).toHaveLength(253);
    expect(firstMessage({ displayName: 'A', domain: `a${d253}` })).toBe(
      'Domain is too long (max 253 characters)',
    );
    expect(firstMessage({ displayName: 'A', domain: `${'a'.repeat(63)}.com` })).toBeUndefined();
    expect(firstMessage({ displayName: 'A', domain: `${'a'.repeat(64)}.com` })).toBe(
      'Domain parts are too long (max 63 characters per part)',
    );
  });

  it('refuses a missing domain field with the required message', () => {
    expect(firstMessage({ displayName: 'Acme' })).toBe('Domain is required');
  });
});

describe('service name', () => {
  it.each(['', '   '])('refuses %j with "Service name is required"', (displayName) => {
    expect(firstMessage({ displayName, domain: 'example.com' })).toBe('Service name is required');
  });

  it('derives the id by lowercasing and removing whitespace', () => {
    expect(serviceIdFromName('Acme Pay')).toBe('acmepay');
    expect(serviceIdFromName('  My\tCool  App ')).toBe('mycoolapp');
    expect(serviceIdFromName('Uber Eats')).toBe('ubereats');
    expect(serviceIdFromName('Booking.com')).toBe('booking.com');
    expect(serviceIdFromName('Crypto-Pay_2')).toBe('crypto-pay_2');
  });

  it.each([
    ['😀🔥💸EmojiPay', 'emojipay'],
    ['Café Crème', 'cafecreme'],
    ['ＡＢＣ Ｐａｙ', 'abcpay'],
    ["McDonald's", 'mcdonalds'],
    ['<b>Shop</b>', 'bshopb'],
    ['\u200fאבג Pay\u200e', 'pay'],
    ['微信 WeChat', 'wechat'],
    ['--.Dash', 'dash'],
  ])('derives %j as the ASCII slug %j, an id /s/{id} accepts', (name, id) => {
    expect(serviceIdFromName(name)).toBe(id);
    expect(isPossibleServiceId(id)).toBe(true);
  });

  it.each(['😀🔥💸', '微信', 'مرحبا', '<>', '---'])(
    'refuses %j, which leaves no id, with a clear message',
    (displayName) => {
      expect(serviceIdFromName(displayName)).toBe('');
      expect(firstMessage({ displayName, domain: 'example.com' })).toBe(
        'Service name must contain a letter (A–Z) or a digit (0–9)',
      );
    },
  );
});
