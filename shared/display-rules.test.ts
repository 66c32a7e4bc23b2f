import { describe, expect, it } from 'vitest';
import { formatReward, safeHttpUrl, shorten, withArticle } from './display-rules.ts';

describe('formatReward', () => {
  it.each([
    ['15', '$15'],
    ['40', '$40'],
    ['12.50', '$12.50'],
    [' 7 ', '$7'],
  ])('prefixes a numeric reward %j with $', (reward, shown) => {
    expect(formatReward(reward)).toBe(shown);
  });

  it.each(['1 month free', 'Free stock', '$10', '10%', '£10', '10 USD', ''])(
    'shows %j as written',
    (reward) => {
      expect(formatReward(reward)).toBe(reward);
    },
  );
});

describe('safeHttpUrl', () => {
  it.each([
    ['https://uber.com/invite/x', 'https://uber.com/invite/x'],
    ['http://example.com', 'http://example.com/'],
    ['  https://a.example/b?c=d  ', 'https://a.example/b?c=d'],
  ])('accepts the http(s) URL %j', (link, href) => {
    expect(safeHttpUrl(link)).toBe(href);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'ftp://example.com/file',
    'mailto:someone@example.com',
    'Enter the code at checkout',
    'uber.com/invite/x',
    '//evil.example',
    '',
    null,
    undefined,
  ])('refuses %j', (link) => {
    expect(safeHttpUrl(link)).toBeNull();
  });
});

describe('withArticle', () => {
  it.each([
    ['Uber', 'an Uber'],
    ['Airbnb', 'an Airbnb'],
    ['eBay', 'an eBay'],
    ['Netflix', 'a Netflix'],
    ['PayPal', 'a PayPal'],
  ])('%j → %j', (name, expected) => {
    expect(withArticle(name)).toBe(expected);
  });
});

describe('shorten', () => {
  it('keeps a short text as it is', () => {
    expect(shorten('1 month free', 40)).toBe('1 month free');
  });

  it('cuts a long text at a word boundary, within the limit, with an ellipsis', () => {
    const reward = 'Get one month of premium free when you sign up with this code and pay by card';
    const short = shorten(reward, 40);
    expect(short).toBe('Get one month of premium free when you…');
    expect([...short].length).toBeLessThanOrEqual(40);
  });

  it('cuts a text without spaces at the limit', () => {
    expect(shorten('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
