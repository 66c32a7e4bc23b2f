import { describe, expect, it } from 'vitest';
import { CODE_MESSAGES, codeFormSchema, codeUpdateSchema } from './code-schemas.ts';
import { LIMITS } from './limits.ts';

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
    });
  });

  it('trims and lowercases the service id', () => {
    expect(codeFormSchema.parse({ ...valid, service: '  Uber ' }).service).toBe('uber');
  });

  it.each([
    [{ ...valid, service: '' }, CODE_MESSAGES.serviceRequired],
    [{ ...valid, service: '   ' }, CODE_MESSAGES.serviceRequired],
    [{ code: 'A', reward: '1' }, CODE_MESSAGES.serviceRequired],
    [{ ...valid, code: '' }, 'Referral code is required'],
    [{ ...valid, code: ' ' }, 'Referral code is required'],
    [{ service: 'uber', reward: '1' }, 'Referral code is required'],
    [{ ...valid, reward: '' }, 'Reward description is required'],
    [{ service: 'uber', code: 'A' }, 'Reward description is required'],
  ])('refuses %j with %j', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('uses the exact spec texts', () => {
    expect(CODE_MESSAGES.serviceRequired).toBe('Service name is required');
    expect(CODE_MESSAGES.serviceInvalid).toBe('Please select a valid service from the list');
  });

  it.each([
    ['code', LIMITS.codeMax, CODE_MESSAGES.codeTooLong],
    ['reward', LIMITS.rewardMax, CODE_MESSAGES.rewardTooLong],
    ['productName', LIMITS.productNameMax, CODE_MESSAGES.productNameTooLong],
    ['link', LIMITS.linkMax, CODE_MESSAGES.linkTooLong],
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
