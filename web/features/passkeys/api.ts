import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '../../../shared/auth-schemas.ts';
import type { PasskeyView } from '../../../shared/passkey-schemas.ts';
import { api } from '../../lib/api-client.ts';
import { meQueryKey } from '../../lib/session.ts';

/** SimpleWebAuthn's browser half loads when a passkey is first used, not with the page. */
const webAuthn = () => import('@simplewebauthn/browser');

export const passkeysQueryKey = ['passkeys'] as const;

/** GET /api/me/passkeys: the owner's passkeys, oldest first. */
export function usePasskeys() {
  return useQuery({
    queryKey: passkeysQueryKey,
    queryFn: async () =>
      (await api<{ passkeys: PasskeyView[] }>('GET', '/api/me/passkeys')).passkeys,
  });
}

/** 'Add a passkey': options from the server, the browser's ceremony, then the server's check. */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const { startRegistration } = await webAuthn();
      const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>(
        'POST',
        '/api/me/passkeys/registration/options',
      );
      const response = await startRegistration({ optionsJSON });
      return (
        await api<{ passkey: PasskeyView }>('POST', '/api/me/passkeys/registration/verify', {
          response,
        })
      ).passkey;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api<{ passkey: PasskeyView }>('PATCH', `/api/me/passkeys/${id}`, { name }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `/api/me/passkeys/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

interface PasskeySignInResult {
  user: Me;
  isNewUser: boolean;
}

/**
 * Sign-in with a passkey: from the button, or (`autofill`) offered in the e-mail field's
 * suggestions, where the browser supports that (conditional mediation). On success the signed-in
 * user is cached as the e-mail link's completion does.
 */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ autofill }: { autofill: boolean }) => {
      const { startAuthentication } = await webAuthn();
      const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>(
        'POST',
        '/api/auth/passkey/options',
      );
      const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
      return api<PasskeySignInResult>('POST', '/api/auth/passkey/verify', { response });
    },
    onSuccess: (result) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
      queryClient.setQueryData(meQueryKey, result.user);
    },
  });
}

/** Whether this browser offers passkeys in an input's autofill suggestions. */
export async function supportsPasskeyAutofill(): Promise<boolean> {
  const { browserSupportsWebAuthnAutofill } = await webAuthn();
  return browserSupportsWebAuthnAutofill();
}

/** Ends a ceremony still waiting (the autofill offer) when its screen goes away. */
export async function cancelPasskeyCeremony(): Promise<void> {
  const { WebAuthnAbortService } = await webAuthn();
  WebAuthnAbortService.cancelCeremony();
}
