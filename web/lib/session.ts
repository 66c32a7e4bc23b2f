import { useMutation, useQuery } from '@tanstack/react-query';
import type { Me } from '../../shared/auth-schemas.ts';
import { SIGNED_IN_HINT_COOKIE } from '../../shared/session-hint.ts';
import { paths } from '../paths.ts';
import { api, isApiError } from './api-client.ts';

export type { Me };

/**
 * The signed-in user, shared by every screen (the nav bar, the guards, the dashboard and admin
 * pages) and written by the sign-in flow. It lives here, not in a feature, so that no feature
 * imports another.
 */
export const meQueryKey = ['me'] as const;

/** Without the hint the visitor is signed out, and the browser need not ask the server. */
function hasSignedInHint(): boolean {
  return document.cookie.split(/;\s*/).includes(`${SIGNED_IN_HINT_COOKIE}=1`);
}

/** The current user, or null when signed out. Rejects only when the check itself fails. */
export async function fetchMe(): Promise<Me | null> {
  if (!hasSignedInHint()) return null;
  try {
    return await api<Me>('GET', '/api/me');
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: fetchMe,
    staleTime: 60_000,
    retry: 1,
    // Known at once in the browser when there is no hint; never guessed on the server.
    initialData: typeof document !== 'undefined' && !hasSignedInHint() ? null : undefined,
  });
}

/** Full-page navigation, behind an object so tests can observe it. */
export const pageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/**
 * Ends the session on the server, then loads / afresh (spec §2). A full load, not a router
 * navigation: the router moves in a transition, so clearing the user first would let the guard of
 * the page being left send the user to /login; and nothing the previous user loaded stays in
 * memory.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: () => api<void>('POST', '/api/auth/sign-out'),
    onSettled: () => pageNavigation.assign(paths.home),
  });
}
