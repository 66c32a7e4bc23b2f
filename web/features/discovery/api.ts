import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ServiceCodesDto, ServiceDirectoryDto } from '../../../shared/discovery-schemas.ts';
import { api, isApiError } from '../../lib/api-client.ts';

export const serviceCodesQueryKey = (serviceId: string, country: string | undefined) =>
  ['service-codes', serviceId.toLowerCase(), country ?? ''] as const;
export const directoryQueryKey = ['service-directory'] as const;

/** A rendered page's first 20 arrive with it: they are the rotation this view was given. */
const STALE_MS = Number.POSITIVE_INFINITY;

/** GET /api/services/:id/codes; null when there is no such service (404). */
export async function fetchServiceCodes(
  serviceId: string,
  country: string | undefined,
  cursor: string | undefined,
): Promise<ServiceCodesDto | null> {
  const query = new URLSearchParams();
  if (country) query.set('country', country);
  if (cursor) query.set('cursor', cursor);
  const suffix = query.size > 0 ? `?${query}` : '';
  try {
    return await api<ServiceCodesDto>(
      'GET',
      `/api/services/${encodeURIComponent(serviceId)}/codes${suffix}`,
    );
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/** The service page's codes: the first page, then 'Show more' follows the cursor. */
export function useServiceCodes(serviceId: string, country: string | undefined) {
  return useInfiniteQuery({
    queryKey: serviceCodesQueryKey(serviceId, country),
    queryFn: ({ pageParam }) => fetchServiceCodes(serviceId, country, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last?.nextCursor ?? undefined,
    staleTime: STALE_MS,
    retry: 2,
  });
}

export function useServiceDirectory() {
  return useQuery({
    queryKey: directoryQueryKey,
    queryFn: () => api<ServiceDirectoryDto>('GET', '/api/services/directory'),
    staleTime: 60_000,
  });
}
