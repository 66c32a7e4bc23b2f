import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../lib/api-client.ts';

/** The signed-in user as GET /api/me returns it. */
export interface Me {
  id: string;
  email: string;
  username: string | null;
  createdAt: string;
  lastLoginAt: string | null;
  isAdmin: boolean;
}

export const meQueryKey = ['me'] as const;

/** The current user, or null when signed out. Rejects only when the check itself fails. */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await api<Me>('GET', '/api/me');
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000, retry: 1 });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('POST', '/api/auth/sign-out'),
    onSettled: () => {
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
    },
  });
}
