import { describe, expect, it } from 'vitest';
import { ipKey } from './rate-limiter.ts';

describe('ipKey', () => {
  it('leaves an IPv4 address as it is', () => {
    expect(ipKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('10.0.0.1')).not.toBe(ipKey('10.0.0.2'));
  });

  it('maps an IPv4-mapped IPv6 address to its IPv4 address, in either notation', () => {
    expect(ipKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(ipKey('0:0:0:0:0:ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('keys an IPv6 address by its /64, whatever its notation', () => {
    const key = ipKey('2001:db8:0:0:1::1');
    expect(key).toBe('2001:db8:0:0::/64');
    for (const same of [
      '2001:db8::1:0:0:1',
      '2001:DB8::1',
      '2001:0db8:0000:0000:ffff:ffff:ffff:ffff',
      '2001:db8::',
      '2001:db8:0:0:a:b:c:d',
      '2001:db8::c0a8:1',
      '2001:db8::192.168.0.1',
    ]) {
      expect(ipKey(same), same).toBe(key);
    }
    for (const other of ['2001:db8:0:1::1', '2001:db8:1::1', '2001:db9::1', '::1']) {
      expect(ipKey(other), other).not.toBe(key);
    }
  });

  it('handles the short forms and a zone index', () => {
    expect(ipKey('::1')).toBe('0:0:0:0::/64');
    expect(ipKey('::')).toBe('0:0:0:0::/64');
    expect(ipKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(ipKey('1:2:3:4:5:6:7:8')).toBe('1:2:3:4::/64');
    expect(ipKey('1:2:3:4::')).toBe('1:2:3:4::/64');
  });

  it('leaves anything that is not an IP address unchanged', () => {
    expect(ipKey('unknown')).toBe('unknown');
    expect(ipKey('')).toBe('');
    expect(ipKey('2001:db8::1::2')).toBe('2001:db8::1::2');
  });
});
