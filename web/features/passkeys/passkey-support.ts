import { PASSKEY_MESSAGES } from '../../../shared/passkey-schemas.ts';
import { isApiError } from '../../lib/api-client.ts';

/**
 * Whether a page on `hostname` can use passkeys: the browser has WebAuthn, and the host is not an
 * IP address (browsers refuse one as the relying party; `localhost` is fine).
 */
export function canUsePasskeysAt(hostname: string, hasWebAuthn: boolean): boolean {
  if (!hasWebAuthn) return false;
  const isIp =
    /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[');
  return !isIp;
}

/** Whether this page can use passkeys (only known in the browser). */
export function canUsePasskeys(): boolean {
  if (typeof window === 'undefined') return false;
  return canUsePasskeysAt(
    window.location.hostname,
    typeof window.PublicKeyCredential === 'function',
  );
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
