import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useOwnServiceRequests } from '../../components/services/own-requests-api.ts';
import {
  type Service,
  servicesQueryKey,
  useServices,
} from '../../components/services/services-api.ts';

/**
 * `/dashboard?service=<id>` (the link in an approval e-mail) opens the code form with that
 * service chosen, once the list knows it; `/dashboard?new` (Stats with no codes) opens it empty.
 * The parameter is then dropped, so closing the form or reloading does not open it again. An id
 * the list does not know opens nothing.
 */
export function useServiceFromLink(open: (service?: Service) => void): void {
  const [params, setParams] = useSearchParams();
  const services = useServices();
  const wanted = params.get('service');
  const fresh = params.has('new');
  useEffect(() => {
    if ((wanted === null && !fresh) || services.isPending) return;
    const service = services.data?.find((s) => s.id === wanted);
    if (service) open(service);
    else if (fresh) open();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('service');
        next.delete('new');
        return next;
      },
      { replace: true },
    );
  }, [wanted, fresh, services.isPending, services.data, open, setParams]);
}

/**
 * The services list is kept for 5 minutes; a request approved meanwhile must be choosable at
 * once. When an approved request's service is missing from the list, the list is fetched again,
 * once per request (a service whose creation failed stays missing, and is not asked for again).
 */
export function useServicesKnowApproved(): void {
  const queryClient = useQueryClient();
  const services = useServices();
  const requests = useOwnServiceRequests();
  const refreshedFor = useRef(new Set<string>());
  useEffect(() => {
    if (!services.data || !requests.data) return;
    const known = new Set(services.data.map((s) => s.id));
    const missing = requests.data.filter(
      (r) => r.status === 'approved' && !known.has(r.serviceId) && !refreshedFor.current.has(r.id),
    );
    if (missing.length === 0) return;
    for (const request of missing) refreshedFor.current.add(request.id);
    void queryClient.invalidateQueries({ queryKey: servicesQueryKey });
  }, [services.data, requests.data, queryClient]);
}
