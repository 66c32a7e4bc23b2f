import { describe, expect, it } from 'vitest';
import { serviceDisplayName } from './display-name.ts';

describe('serviceDisplayName (spec §3)', () => {
  it.each([
    ['uber', 'Uber'],
    ['paypal', 'PayPal'],
    ['doordash', 'DoorDash'],
    ['UBER', 'Uber'],
  ])('uses the known map for %s', (id, name) => {
    expect(serviceDisplayName(id)).toBe(name);
  });

  it.each([
    ['acme-pay.com', 'Acme Pay'],
    ['my_bank.co.uk', 'My Bank'],
    ['example.org', 'Example'],
  ])('takes the first part of a dotted id, split and capitalised: %s', (id, name) => {
    expect(serviceDisplayName(id)).toBe(name);
  });

  it.each([
    ['acmepay', 'Acmepay'],
    ['zed-bank', 'Zed-bank'],
  ])('capitalises any other id: %s', (id, name) => {
    expect(serviceDisplayName(id)).toBe(name);
  });
});
