import { describe, expect, it } from 'vitest';
import { classifyAddress } from './blocked-addresses.ts';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
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
  ])('%s is %s', (address, verdict) => {
    expect(classifyAddress(address)).toBe(verdict);
  });

  // Finding 8b: the ranges that embed an IPv4 address are refused whole, whatever IPv4 address
  // they carry (a public one included: no resolver hands those out for a real site) and in
  // every notation an address can be written in.
  describe('IPv4-mapped ::ffff:0:0/96, in every notation', () => {
    it.each([
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:7f00:1',
      '0:0:0:0:0:ffff:127.0.0.1',
      '0000:0000:0000:0000:0000:ffff:7f00:0001',
      '0000:0000:0000:0000:0000:FFFF:7F00:0001',
      '::FFFF:7F00:1',
      '::FFFF:127.0.0.1',
      '0::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:a00:1',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '::ffff:8.8.8.8',
      '::ffff:808:808',
      '0:0:0:0:0:ffff:808:808',
      '::ffff:0.0.0.0',
      '::ffff:255.255.255.255',
    ])('%s is blocked', (address) => {
      expect(classifyAddress(address)).toBe('blocked');
    });
  });

  describe('IPv4-compatible ::/96, in every notation', () => {
    it.each([
      '::127.0.0.1',
      '::7f00:1',
      '0:0:0:0:0:0:7f00:1',
      '0000:0000:0000:0000:0000:0000:7F00:0001',
      '::10.0.0.1',
      '::a00:1',
      '::169.254.169.254',
      '::8.8.8.8',
      '::808:808',
      '::0.0.0.2',
      '::',
      '0:0:0:0:0:0:0:0',
    ])('%s is blocked', (address) => {
      expect(classifyAddress(address)).toBe('blocked');
    });
  });

  describe('IPv4-translated ::ffff:0:0:0/96', () => {
    it.each(['::ffff:0:7f00:1', '::ffff:0:127.0.0.1', '0:0:0:0:ffff:0:808:808'])(
      '%s is blocked',
      (address) => {
        expect(classifyAddress(address)).toBe('blocked');
      },
    );
  });

  describe('NAT64 64:ff9b::/96, in every notation', () => {
    it.each([
      '64:ff9b::7f00:1',
      '64:ff9b::127.0.0.1',
      '64:FF9B::7F00:1',
      '64:ff9b:0:0:0:0:7f00:1',
      '0064:ff9b:0000:0000:0000:0000:7f00:0001',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::8.8.8.8',
      '64:ff9b::808:808',
    ])('%s is blocked', (address) => {
      expect(classifyAddress(address)).toBe('blocked');
    });
  });

  describe('loopback stays loopback only as itself', () => {
    it.each([
      ['::1', 'loopback'],
      ['0:0:0:0:0:0:0:1', 'loopback'],
      ['0000:0000:0000:0000:0000:0000:0000:0001', 'loopback'],
      ['127.0.0.1', 'loopback'],
      ['8.8.8.8', 'public'],
      ['::1:0:0:0', 'public'],
      ['2606:4700:4700::1111', 'public'],
      ['2606:4700:4700:0:0:0:0:1111', 'public'],
    ])('%s is %s', (address, verdict) => {
      expect(classifyAddress(address)).toBe(verdict);
    });
  });
});
