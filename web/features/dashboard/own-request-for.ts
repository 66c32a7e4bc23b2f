import {
  type OwnServiceRequest,
  serviceIdFromName,
} from '../../../shared/service-request-schemas.ts';
import type { Service } from '../../components/services/services-api.ts';

/**
 * The user's own request behind what they typed in the service box, when that service is not in
 * the catalogue (yet): matched by the derived service id or the name, the newest request first.
 * An approved request is left out: its service is in the list, and choosing it is the answer.
 */
export function ownRequestFor(
  typed: string,
  requests: readonly OwnServiceRequest[],
  services: readonly Service[],
): OwnServiceRequest | undefined {
  const name = typed.trim().toLowerCase();
  if (!name) return undefined;
  const id = serviceIdFromName(name);
  if (services.some((s) => s.id === id || s.name.toLowerCase() === name)) return undefined;
  const request = requests.find((r) => r.serviceId === id || r.displayName.toLowerCase() === name);
  return request?.status === 'approved' ? undefined : request;
}
