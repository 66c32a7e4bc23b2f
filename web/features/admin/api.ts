import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminView, EditRequestInput } from '../../../shared/admin-schemas.ts';
import type { ServiceRequestView } from '../../../shared/service-request-schemas.ts';
import { servicesQueryKey } from '../../components/services/services-api.ts';
import { api } from '../../lib/api-client.ts';

/** A service request as GET /api/admin/service-requests returns it. */
export type ServiceRequest = ServiceRequestView;

/** An admin as GET /api/admin/admins returns it. */
export type AdminRecord = AdminView;

export const requestsQueryKey = ['admin', 'service-requests'] as const;
export const adminsQueryKey = ['admin', 'admins'] as const;

export function useServiceRequests() {
  return useQuery({
    queryKey: requestsQueryKey,
    queryFn: async () =>
      (await api<{ requests: ServiceRequest[] }>('GET', '/api/admin/service-requests')).requests,
    retry: false,
  });
}

export function useAdmins() {
  return useQuery({
    queryKey: adminsQueryKey,
    queryFn: async () => (await api<{ admins: AdminRecord[] }>('GET', '/api/admin/admins')).admins,
    retry: false,
  });
}

const requestUrl = (id: string) => `/api/admin/service-requests/${encodeURIComponent(id)}`;

export type ReviewAction =
  | { kind: 'approve' | 'reject'; id: string; notes: string | null }
  | { kind: 'edit'; id: string; input: EditRequestInput };

/** Approve, reject or edit, then refresh the queue (and the service list after an approval). */
export function useReviewAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      action: ReviewAction,
    ): Promise<{ request: ServiceRequest; serviceCreated?: boolean }> => {
      if (action.kind === 'edit') return api('PATCH', requestUrl(action.id), action.input);
      return api('POST', `${requestUrl(action.id)}/${action.kind}`, { notes: action.notes });
    },
    onSuccess: async (_result, action) => {
      if (action.kind === 'approve') {
        // The code form's service list must show the new service at once.
        await queryClient.invalidateQueries({ queryKey: servicesQueryKey });
      }
      await queryClient.invalidateQueries({ queryKey: requestsQueryKey });
    },
  });
}

export function useAddAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api<{ admin: AdminRecord }>('POST', '/api/admin/admins', { email }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsQueryKey }),
  });
}

/** PUT /api/admin/services/:id/link-hosts, then the services list (the code form's hints). */
export function useSaveLinkHosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceId, hosts }: { serviceId: string; hosts: string[] }) =>
      api<{ hosts: string[] }>(
        'PUT',
        `/api/admin/services/${encodeURIComponent(serviceId)}/link-hosts`,
        { hosts },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesQueryKey }),
  });
}
