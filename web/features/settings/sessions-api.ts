import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceSession } from '../../../shared/session-schemas.ts';
import { api } from '../../lib/api-client.ts';

export const sessionsQueryKey = ['me', 'sessions'] as const;

/** GET /api/me/sessions: where the account is signed in. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: async () =>
      (await api<{ sessions: DeviceSession[] }>('GET', '/api/me/sessions')).sessions,
    retry: false,
  });
}

/** DELETE /api/me/sessions/:id: signs one session out. */
export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `/api/me/sessions/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** POST /api/me/sessions/sign-out-others: every session but this one. */
export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ signedOut: number }>('POST', '/api/me/sessions/sign-out-others'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
