import { useQuery } from '@tanstack/react-query';
import type { ProfileDto } from '../../../shared/code-schemas.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import { api, isApiError } from '../../lib/api-client.ts';

export const profileQueryKey = (username: string) => ['profile', username.toLowerCase()] as const;

/** A server-rendered profile arrives with the page; it is not fetched again for a minute. */
const PROFILE_STALE_MS = 60_000;

/** GET /api/profiles/:username; null when no such profile exists (USER_NOT_FOUND). */
export async function fetchProfile(username: string): Promise<ProfileDto | null> {
  try {
    return await api<ProfileDto>('GET', `/api/profiles/${encodeURIComponent(username)}`);
  } catch (error) {
    if (isApiError(error, 404) && error.code === ERROR_CODES.userNotFound) return null;
    throw error;
  }
}

export function useProfile(username: string) {
  return useQuery({
    queryKey: profileQueryKey(username),
    queryFn: () => fetchProfile(username),
    staleTime: PROFILE_STALE_MS,
    retry: 2,
  });
}
