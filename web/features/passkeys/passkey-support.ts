import { PASSKEY_MESSAGES } from '../../../shared/passkey-schemas.ts';
import { isApiError } from '../../lib/api-client.ts';

/**
 * Whether this page can use passkeys: the browser has WebAuthn, and the page is not served from
 * an IP address (browsers refuse an IP address as the relying party; `localhost` is fine).
 */
export function canUsePasskeys(): boolean {
  if (typeof window === 'undefined' || typeof window.PublicKeyCredential !== 'function') {
    return false;
  }
  const host = window.location.hostname;
  return !(/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':') || host.startsWith('['));
}

/** The browser's own refusal: the person closed the dialog, or it timed out. */
export function isCancelled(error: unknown): boolean {
  const name = (error as { name?: string; code?: string } | null)?.name;
  const code = (error as { code?: string } | null)?.code;
  return name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED';
}

/** What a failed ceremony shows: the server's passkey message, 'cancelled', or `fallback`. */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    return error.code.startsWith('passkey/') ||
      error.code === 'rate_limited' ||
      error.code === 'auth/user-disabled'
      ? error.message
      : fallback;
  }
  if (isCancelled(error)) return PASSKEY_MESSAGES.cancelled;
  return fallback;
}
