import { useQuery } from '@tanstack/react-query';
import type { ProfileDto } from '../../../shared/code-schemas.ts';
import { api, isApiError } from '../../lib/api-client.ts';

export const profileQueryKey = (username: string) => ['profile', username.toLowerCase()] as const;

/** GET /api/profiles/:username. An unknown user is not retried. */
export function useProfile(username: string) {
  return useQuery({
    queryKey: profileQueryKey(username),
    queryFn: () => api<ProfileDto>('GET', `/api/profiles/${encodeURIComponent(username)}`),
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
}

/**
 * Records a copy. Failures (429 over the per-IP limit, a network blip) are ignored on purpose:
 * the copy itself already worked (decisions.md).
 */
export function recordClick(codeId: string): void {
  api<void>('POST', `/api/codes/${encodeURIComponent(codeId)}/clicks`).catch(() => {});
}
