import { describe, expect, it } from 'vitest';
import { ADDRESS_VARIANTS, ROUTE_LIKE_USERNAMES } from '../tests/spec/probe-cases.ts';
import {
  emailSchema,
  isReservedUsername,
  normalizeEmail,
  usernameFromEmail,
  usernameSchema,
} from './auth-schemas.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

describe('e-mail schema', () => {
  it.each([
    [undefined, 'Email is required'],
    ['', 'Email is required'],
    ['  ', 'Email is required'],
    ['ada', 'Please enter a valid email address'],
    ['ada@example', 'Please enter a valid email address'],
    ['a da@example.com', 'Please enter a valid email address'],
    ...ADDRESS_VARIANTS.map((variant): [string, string] => [
      variant,
      'Please enter a valid email address',
    ]),
    ['victim@example.test (comment)', 'Please enter a valid email address'],
    ['victim(c)@example.test', 'Please enter a valid email address'],
    ['victim@[127.0.0.1]', 'Please enter a valid email address'],
    ['vic\\tim@example.test', 'Please enter a valid email address'],
    ['victim@example.test\u0000', 'Please enter a valid email address'],
    ['victim@.example.test', 'Please enter a valid email address'],
    ['victim@example..test', 'Please enter a valid email address'],
  ])('refuses %j with %s', (input, message) => {
    expect(firstMessage(emailSchema.safeParse(input))).toBe(message);
  });

  it.each([
    "o'brien+news@mail.example.co.uk",
    'first.last@example.com',
    'a_b-c!#$%&*/=?^`{|}~@example-site.test',
    'zoë@exämple.test',
    'x@sub.domain.example',
  ])('accepts the single address %s', (input) => {
    expect(emailSchema.safeParse(input).success).toBe(true);
  });

  it('normalises: trimmed, NFKC, lowercase', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
    expect(normalizeEmail('\uFF21da@example.com')).toBe('ada@example.com');
  });
});

describe('username schema', () => {
  it.each([
    [undefined, 'Username is required'],
    ['', 'Username is required'],
    ['ab', 'Username must be at least 3 characters'],
    ['a'.repeat(21), 'Username must be less than 20 characters'],
    ['no spaces', 'Username can only contain letters, numbers, and underscores'],
  ])('refuses %j with %s', (input, message) => {
    expect(firstMessage(usernameSchema.safeParse(input))).toBe(message);
  });

  it('accepts 3 to 20 characters and lowercases', () => {
    expect(usernameSchema.parse('Abc')).toBe('abc');
    expect(usernameSchema.parse('A'.repeat(20))).toBe('a'.repeat(20));
  });

  it.each([...ROUTE_LIKE_USERNAMES, 'u', 's', 'rules'])(
    'reserves the route-like name %s',
    (name) => {
      expect(isReservedUsername(name)).toBe(true);
      expect(isReservedUsername(name.toUpperCase())).toBe(true);
    },
  );

  it('reserves route names in any case', () => {
    expect(isReservedUsername('Admin')).toBe(true);
    expect(isReservedUsername('finishSignUp')).toBe(true);
    expect(isReservedUsername('ada')).toBe(false);
  });
});

describe('username fallback', () => {
  it.each([
    ['ada@example.com', 'ada'],
    ['John.Doe+news@example.com', 'john_doe_news'],
    ['Zoë.Ünal@example.com', 'zoe_unal'],
    ['a.very.long.local.part.here@example.com', 'a_very_long_local_pa'],
    ['ab@example.com', 'user'],
    ['..@example.com', 'user'],
    ['admin@example.com', 'user'],
  ])('%s → %s', (email, expected) => {
    expect(usernameFromEmail(email)).toBe(expected);
  });
});
