import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '../../../shared/auth-schemas.ts';
import { api } from '../../lib/api-client.ts';
import { meQueryKey } from '../../lib/session.ts';

/** POST /api/auth/email-link: mails a sign-in link (202, whether or not the account exists). */
export function useRequestSignInLink() {
  return useMutation({
    mutationFn: (email: string) => api<{ sent: true }>('POST', '/api/auth/email-link', { email }),
  });
}

export interface SignInResult {
  user: Me;
  /** True until the user has chosen a username. */
  isNewUser: boolean;
}

/** POST /api/auth/email-link/verify: completes sign-in and caches the signed-in user. */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; token: string }) =>
      api<SignInResult>('POST', '/api/auth/email-link/verify', input),
    onSuccess: (result) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
      queryClient.setQueryData(meQueryKey, result.user);
    },
  });
}

/** PUT /api/me/username: the username step. */
export function useSetUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (username: string) => api<Me>('PUT', '/api/me/username', { username }),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}

const EMAIL_KEY = 'refstash.emailForSignIn';

/** The address a link was sent to, kept while the user waits for the mail (spec §4). */
export const storedSignInEmail = {
  read(): string | null {
    try {
      return window.localStorage.getItem(EMAIL_KEY);
    } catch {
      return null;
    }
  },
  write(email: string): void {
    try {
      window.localStorage.setItem(EMAIL_KEY, email);
    } catch {
      // Storage off (private mode): completion will ask for the address instead.
    }
  },
  clear(): void {
    try {
      window.localStorage.removeItem(EMAIL_KEY);
    } catch {
      // Nothing stored, nothing to clear.
    }
  },
};
