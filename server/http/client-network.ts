import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** The eight 16-bit groups of a valid IPv6 address (zone index dropped), or undefined. */
export function ipv6Groups(ip: string): number[] | undefined {
  const zone = ip.indexOf('%');
  let text = zone === -1 ? ip : ip.slice(0, zone);
  if (!isIPv6(text)) return undefined;
  // A dotted IPv4 tail (`::ffff:1.2.3.4`) is the last two groups.
  const tailStart = text.lastIndexOf(':') + 1;
  const tail = text.slice(tailStart);
  if (isIPv4(tail)) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, tailStart)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const gap = text.indexOf('::');
  if (gap === -1) return parse(text);
  const head = parse(text.slice(0, gap));
  const rest = parse(text.slice(gap + 2));
  return [...head, ...Array<number>(8 - head.length - rest.length).fill(0), ...rest];
}

/** The dotted IPv4 address an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) carries, or undefined. */
export function mappedIPv4(groups: readonly number[]): string | undefined {
  if (!groups.slice(0, 5).every((group) => group === 0) || groups[5] !== 0xffff) return undefined;
  const [high, low] = [groups[6]!, groups[7]!];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** The /64 of an IPv6 address, as `2001:db8:1:2::/64`. */
export function ipv6Prefix64(groups: readonly number[]): string {
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * The network an address belongs to (decision 093): its /24 for IPv4 (`203.0.113.0/24`), its /64
 * for IPv6 (`2001:db8:1:2::/64`); an IPv4-mapped IPv6 address is its IPv4 /24. Anything else (a
 * test's or a Unix socket's address) is returned unchanged, so it is still one network.
 */
export function networkOf(ip: string): string {
  // Every IPv6 text has a colon: an IPv4 peer, the common case, skips the IPv6 parser (~1 µs of
  // a cached page's answer, decision 120).
  const groups = ip.includes(':') ? ipv6Groups(ip) : undefined;
  const v4 = groups ? mappedIPv4(groups) : isIPv4(ip) ? ip : undefined;
  if (v4 !== undefined) return `${v4.slice(0, v4.lastIndexOf('.'))}.0/24`;
  return groups ? ipv6Prefix64(groups) : ip;
}

/**
 * The network a request comes from. `request.ip` is the socket's peer, or with `TRUST_PROXY`
 * the client address the proxy put in `X-Forwarded-For` (Fastify's `trustProxy`): the one place
 * that decides which address counts.
 */
export function clientNetwork(request: Pick<FastifyRequest, 'ip'>): string {
  return networkOf(request.ip);
}

/**
 * The keyed hash of a network that rows store (never the address): HMAC-SHA256 under the
 * server's secret. It does not rotate, so "from 3 distinct networks" can be counted over weeks.
 */
export function networkHash(secret: string, network: string): string {
  return createHmac('sha256', secret).update(`network:${network}`).digest('hex');
}
