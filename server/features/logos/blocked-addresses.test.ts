import { describe, expect, it } from 'vitest';
import { classifyAddress } from './blocked-addresses.ts';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.0.0.1', 'blocked'],
    ['172.16.5.4', 'blocked'],
    ['172.31.255.255', 'blocked'],
    ['192.168.1.1', 'blocked'],
    ['169.254.169.254', 'blocked'],
    ['100.64.0.1', 'blocked'],
    ['100.100.100.200', 'blocked'],
    ['0.0.0.0', 'blocked'],
    ['224.0.0.251', 'blocked'],
    ['255.255.255.255', 'blocked'],
    ['::', 'blocked'],
    ['::ffff:10.0.0.1', 'blocked'],
    ['::ffff:169.254.169.254', 'blocked'],
    ['fc00::1', 'blocked'],
    ['fd00:ec2::254', 'blocked'],
    ['fe80::1', 'blocked'],
    ['ff02::1', 'blocked'],
    ['64:ff9b::a00:1', 'blocked'],
    ['2002:7f00:1::', 'blocked'],
    ['not-an-ip', 'blocked'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['::ffff:8.8.8.8', 'public'],
  ])('%s is %s', (address, verdict) => {
    expect(classifyAddress(address)).toBe(verdict);
  });
});
