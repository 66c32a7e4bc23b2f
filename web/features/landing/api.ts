import { useQuery } from '@tanstack/react-query';
import type { ProfileDto } from '../../../shared/code-schemas.ts';
import { api } from '../../lib/api-client.ts';

export const landingPreviewQueryKey = ['landing-preview'] as const;

/** The first codes of the demo profile (GET /api/landing/preview; the server knows its name). */
export function useLandingPreview() {
  return useQuery({
    queryKey: landingPreviewQueryKey,
    queryFn: () => api<ProfileDto>('GET', '/api/landing/preview'),
    staleTime: 5 * 60_000,
  });
}
