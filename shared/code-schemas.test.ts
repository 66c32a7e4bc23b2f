import { describe, expect, it } from 'vitest';
import { codeFormSchema, codeUpdateSchema } from './code-schemas.ts';

const valid = { service: 'uber', code: 'ABC', reward: '10', productName: '', link: '' };

function firstMessage(input: unknown): string | undefined {
  const result = codeFormSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('codeFormSchema', () => {
  it('accepts a minimal code and turns blank optional fields into null', () => {
    expect(codeFormSchema.parse(valid)).toEqual({
      service: 'uber',
      code: 'ABC',
      reward: '10',
      productName: null,
      link: null,
      expiresAt: null,
      countries: null,
    });
  });

  it('trims and lowercases the service id', () => {
    expect(codeFormSchema.parse({ ...valid, service: '  Uber ' }).service).toBe('uber');
  });

  it.each([
    [{ ...valid, service: '' }, 'Service name is required'],
    [{ ...valid, service: '   ' }, 'Service name is required'],
    [{ code: 'A', reward: '1' }, 'Service name is required'],
    [{ ...valid, code: '' }, 'Referral code is required'],
    [{ ...valid, code: ' ' }, 'Referral code is required'],
    [{ service: 'uber', reward: '1' }, 'Referral code is required'],
    [{ ...valid, reward: '' }, 'Reward description is required'],
    [{ service: 'uber', code: 'A' }, 'Reward description is required'],
  ])('refuses %j with %j', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('refuses a service id longer than any in the catalogue as not in the list', () => {
    expect(firstMessage({ ...valid, service: 'x'.repeat(101) })).toBe(
      'Please select a valid service from the list',
    );
  });

  // decisions.md "User content": code 100, reward 200, product name 100, link 2,048.
  it.each([
    ['code', 100, 'Referral code must be at most 100 characters'],
    ['reward', 200, 'Reward description must be at most 200 characters'],
    ['productName', 100, 'Product name must be at most 100 characters'],
    ['link', 2048, 'Link must be at most 2048 characters'],
  ] as const)('caps %s at %i characters', (field, max, message) => {
    expect(firstMessage({ ...valid, [field]: 'x'.repeat(max) })).toBeUndefined();
    expect(firstMessage({ ...valid, [field]: 'x'.repeat(max + 1) })).toBe(message);
  });

  it('keeps dangerous-looking text verbatim: it is data, rendered as text', () => {
    const payload = '<img src=x onerror=alert(1)>';
    expect(
      codeFormSchema.parse({ ...valid, code: payload, link: 'javascript:alert(1)' }),
    ).toMatchObject({ code: payload, link: 'javascript:alert(1)' });
  });
});

describe('codeUpdateSchema', () => {
  it('accepts a subset and still applies each rule', () => {
    expect(codeUpdateSchema.parse({ reward: '5' })).toEqual({ reward: '5' });
    expect(codeUpdateSchema.safeParse({ code: '' }).error?.issues[0]?.message).toBe(
      'Referral code is required',
    );
  });
});
