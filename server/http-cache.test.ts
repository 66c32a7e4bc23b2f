import { describe, expect, it } from 'vitest';
import { DerivedCache } from './http-cache.ts';

describe('DerivedCache', () => {
  it('reuses what it made while the text is the same, and makes it again when the text changes', () => {
    const made: string[] = [];
    const cache = new DerivedCache(10, (text: string, name: string) => {
      made.push(`${name}:${text}`);
      return { text, name };
    });
    const first = cache.get('alice', '[1]');
    expect(cache.get('alice', '[1]')).toBe(first);
    const edited = cache.get('alice', '[1,2]');
    expect(edited).toEqual({ text: '[1,2]', name: 'alice' });
    expect(edited).not.toBe(first);
    // Another name with the same text is its own entry (the name is part of what is made).
    expect(cache.get('bob', '[1,2]')).toEqual({ text: '[1,2]', name: 'bob' });
    expect(made).toEqual(['alice:[1]', 'alice:[1,2]', 'bob:[1,2]']);
  });

  it('holds at most its capacity, dropping the least recently used first', () => {
    let makes = 0;
    const cache = new DerivedCache(2, (text: string) => {
      makes += 1;
      return text;
    });
    cache.get('a', 'x');
    cache.get('b', 'x');
    cache.get('a', 'x'); // a is now the most recently used
    cache.get('c', 'x'); // drops b
    expect(makes).toBe(3);
    cache.get('a', 'x');
    expect(makes).toBe(3);
    cache.get('b', 'x');
    expect(makes).toBe(4);
  });
});
