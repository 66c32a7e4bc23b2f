import { describe, expect, it } from 'vitest';
import { ACCEPTED_DOMAINS, REJECTED_DOMAINS } from './domain-cases.fixture.ts';
import {
  DOMAIN_MESSAGES,
  SERVICE_REQUEST_MESSAGES,
  serviceIdFromName,
  serviceRequestSchema,
} from './service-request-schemas.ts';

function firstMessage(input: unknown): string | undefined {
  const result = serviceRequestSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('domain rules (shared schema)', () => {
  it('covers every spec message in the table', () => {
    const covered = new Set(REJECTED_DOMAINS.map((c) => c.message));
    expect([...covered].sort()).toEqual(Object.values(DOMAIN_MESSAGES).sort());
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
    expect(firstMessage({ displayName: 'A', domain: `a${d253}` })).toBe(DOMAIN_MESSAGES.tooLong);
    expect(firstMessage({ displayName: 'A', domain: `${'a'.repeat(63)}.com` })).toBeUndefined();
    expect(firstMessage({ displayName: 'A', domain: `${'a'.repeat(64)}.com` })).toBe(
      DOMAIN_MESSAGES.partTooLong,
    );
  });

  it('refuses a missing domain field with the required message', () => {
    expect(firstMessage({ displayName: 'Acme' })).toBe(DOMAIN_MESSAGES.required);
  });
});

describe('service name', () => {
  it.each(['', '   '])('refuses %j with "Service name is required"', (displayName) => {
    expect(firstMessage({ displayName, domain: 'example.com' })).toBe(
      SERVICE_REQUEST_MESSAGES.nameRequired,
    );
  });

  it('derives the id by lowercasing and removing whitespace', () => {
    expect(serviceIdFromName('Acme Pay')).toBe('acmepay');
    expect(serviceIdFromName('  My\tCool  App ')).toBe('mycoolapp');
  });
});
