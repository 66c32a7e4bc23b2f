import { useQuery } from '@tanstack/react-query';
import type { OwnServiceRequest } from '../../../shared/service-request-schemas.ts';
import { api } from '../../lib/api-client.ts';

export const ownRequestsQueryKey = ['service-requests', 'own'] as const;

/** The signed-in user's own service requests, newest first (GET /api/service-requests). */
export function useOwnServiceRequests() {
  return useQuery({
    queryKey: ownRequestsQueryKey,
    queryFn: async () =>
      (await api<{ requests: OwnServiceRequest[] }>('GET', '/api/service-requests')).requests,
  });
}
