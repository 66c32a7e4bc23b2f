import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientNetwork, networkHash, networkOf } from './client-network.ts';

describe('networkOf', () => {
  it('takes the /24 of an IPv4 address, in either notation', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('203.0.113.250')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:cb00:7107')).toBe('203.0.113.0/24');
    expect(networkOf('203.0.114.7')).toBe('203.0.114.0/24');
  });

  it('takes the /64 of an IPv6 address, whatever its notation', () => {
    expect(networkOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:DB8:1:2::ffff')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('leaves what is not an address as it is', () => {
    expect(networkOf('not-an-ip')).toBe('not-an-ip');
  });
});

describe('networkHash', () => {
  it('is keyed by the secret and never shows the network', () => {
    const hash = networkHash('secret-a', '203.0.113.0/24');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(networkHash('secret-a', '203.0.113.0/24'));
    expect(hash).not.toBe(networkHash('secret-b', '203.0.113.0/24'));
    expect(hash).not.toBe(networkHash('secret-a', '203.0.114.0/24'));
  });
});

describe('clientNetwork', () => {
  async function networkSeen(trustProxy: boolean, headers: Record<string, string>) {
    const app = Fastify({ trustProxy });
    app.get('/', async (request) => clientNetwork(request));
    const answer = await app.inject({ url: '/', remoteAddress: '198.51.100.9', headers });
    await app.close();
    return answer.body;
  }

  it('uses the socket address unless TRUST_PROXY is set, then the forwarded client', async () => {
    const forwarded = { 'x-forwarded-for': '2001:db8:1:2::5' };
    expect(await networkSeen(false, forwarded)).toBe('198.51.100.0/24');
    expect(await networkSeen(true, forwarded)).toBe('2001:db8:1:2::/64');
  });
});
