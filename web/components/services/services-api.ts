import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ServiceRequestInput } from '../../../shared/service-request-schemas.ts';
import type { ServiceSummary } from '../../../shared/service-schemas.ts';
import { api } from '../../lib/api-client.ts';
import { ownRequestsQueryKey } from './own-requests-api.ts';

/** A catalogue service as GET /api/services lists it. */
export type Service = ServiceSummary;

export const servicesQueryKey = ['services'] as const;

/** Every service in the catalogue table (GET /api/services). */
export function useServices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: servicesQueryKey,
    enabled,
    queryFn: async () => (await api<{ services: Service[] }>('GET', '/api/services')).services,
    staleTime: 5 * 60_000,
  });
}

/** POST /api/service-requests: asks the admins to add a service (and lists it as the user's). */
export function useSubmitServiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ServiceRequestInput) =>
      api<{ request: { id: string; serviceId: string; displayName: string; domain: string } }>(
        'POST',
        '/api/service-requests',
        input,
      ),
    // The code form's notice and the dashboard's list know of the request before "Thanks!".
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownRequestsQueryKey }),
  });
}
