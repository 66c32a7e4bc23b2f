import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { canUsePasskeysAt, passkeyErrorMessage } from './passkey-support.ts';

describe('where passkeys can be used', () => {
  it('needs WebAuthn and a host name: localhost and domains yes, IP addresses no', () => {
    expect(canUsePasskeysAt('localhost', true)).toBe(true);
    expect(canUsePasskeysAt('refstash.example', true)).toBe(true);
    expect(canUsePasskeysAt('refstash.example', false)).toBe(false);
    expect(canUsePasskeysAt('127.0.0.1', true)).toBe(false);
    expect(canUsePasskeysAt('192.168.1.20', true)).toBe(false);
    expect(canUsePasskeysAt('[::1]', true)).toBe(false);
  });

  it("shows the server's passkey messages, says when the person cancelled, else the fallback", () => {
    const clone = new ApiError(400, 'passkey/clone-warning', 'Copied, refused');
    expect(passkeyErrorMessage(clone, 'Fallback')).toBe('Copied, refused');
    expect(passkeyErrorMessage(new ApiError(500, 'internal', 'Boom'), 'Fallback')).toBe('Fallback');
    const cancelled = Object.assign(new Error('x'), { name: 'NotAllowedError' });
    expect(passkeyErrorMessage(cancelled, 'Fallback')).toBe('The passkey request was cancelled.');
    expect(passkeyErrorMessage(new TypeError('x'), 'Fallback')).toBe('Fallback');
  });
});
