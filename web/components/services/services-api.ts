import { useQuery } from '@tanstack/react-query';
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
