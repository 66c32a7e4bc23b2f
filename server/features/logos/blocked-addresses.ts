import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** Loopback: allowed only by the test-only LOGO_FETCH_ALLOW_LOOPBACK setting. */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** `::1` alone: checked before the embedded-IPv4 ranges, which contain it. */
const IPV6_LOOPBACK = new BlockList();
IPV6_LOOPBACK.addAddress('::1', 'ipv6');

/**
 * IPv6 ranges that carry an IPv4 address in their last 32 bits, refused WHOLE (finding 8b):
 * whatever IPv4 address they embed, a public one included, since no resolver hands these out for
 * a real site and each is a way to spell an inside address that an IPv4 rule might miss.
 * BlockList compares parsed bytes, so every notation (`::ffff:127.0.0.1`, `::ffff:7f00:1`,
 * `0:0:0:0:0:ffff:7f00:1`, zero-padded, upper case) matches. Only ever checked for IPv6
 * addresses: BlockList also matches IPv4 addresses against IPv4-mapped rules.
 */
const EMBEDS_IPV4 = new BlockList();
for (const [network, prefix] of [
  ['::', 96], // IPv4-compatible (deprecated), and `::` itself
  ['::ffff:0:0', 96], // IPv4-mapped
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT)
  ['64:ff9b::', 96], // NAT64
] as const) {
  EMBEDS_IPV4.addSubnet(network, prefix, 'ipv6');
}

/**
 * Every range a server-side fetch must never reach: private, shared (CGNAT), link-local
 * (including the 169.254.169.254 cloud metadata address), multicast, reserved and
 * documentation ranges, for IPv4 and IPv6. Loopback is kept apart (see above), and so are the
 * IPv6 ranges that embed an IPv4 address (`::`, NAT64, …: see below).
 */
const NEVER = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT (also Alibaba's 100.100.100.200 metadata)
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NEVER.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
  ['fc00::', 7], // unique local (includes AWS fd00:ec2::254 metadata)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) {
  NEVER.addSubnet(network, prefix, 'ipv6');
}

export type AddressVerdict = 'public' | 'loopback' | 'blocked';

/**
 * Classifies a resolved IP address; anything that is not a valid IP is blocked, and so is every
 * IPv6 address that embeds an IPv4 one (loopback included: only `::1` and 127/8 are loopback).
 */
export function classifyAddress(address: string): AddressVerdict {
  const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
  if (!type) return 'blocked';
  if (type === 'ipv6') {
    if (IPV6_LOOPBACK.check(address, 'ipv6')) return 'loopback';
    if (EMBEDS_IPV4.check(address, 'ipv6')) return 'blocked';
  }
  if (LOOPBACK.check(address, type)) return 'loopback';
  if (NEVER.check(address, type)) return 'blocked';
  return 'public';
}
