import { useMutation, useQuery } from '@tanstack/react-query';
import type { ServiceRequestInput } from '../../../shared/service-request-schemas.ts';
import { api } from '../../lib/api-client.ts';

export interface Service {
  id: string;
  name: string;
  domain: string;
}

export const servicesQueryKey = ['services'] as const;

/** Every service in the catalogue table (GET /api/services). */
export function useServices() {
  return useQuery({
    queryKey: servicesQueryKey,
    queryFn: async () => (await api<{ services: Service[] }>('GET', '/api/services')).services,
    staleTime: 5 * 60_000,
  });
}

/** POST /api/service-requests: asks the admins to add a service. */
export function useSubmitServiceRequest() {
  return useMutation({
    mutationFn: (input: ServiceRequestInput) =>
      api<{ request: { id: string; serviceId: string; displayName: string; domain: string } }>(
        'POST',
        '/api/service-requests',
        input,
      ),
  });
}
