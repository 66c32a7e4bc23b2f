import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, CreatedToken, CreateTokenInput } from '../../../shared/token-schemas.ts';
import { api } from '../../lib/api-client.ts';

export const tokensQueryKey = ['me', 'tokens'] as const;

/** GET /api/me/tokens: the owner's tokens, never their secrets. */
export function useApiTokens() {
  return useQuery({
    queryKey: tokensQueryKey,
    queryFn: async () => (await api<{ tokens: ApiToken[] }>('GET', '/api/me/tokens')).tokens,
    retry: false,
  });
}

/** POST /api/me/tokens: the answer holds the secret, the only time it is sent. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTokenInput) => api<CreatedToken>('POST', '/api/me/tokens', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
  });
}

/** DELETE /api/me/tokens/:id: scripts using it are refused from the next request. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('DELETE', `/api/me/tokens/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
  });
}
