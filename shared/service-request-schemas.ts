import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { hasNoNul, NUL_MESSAGE } from './text-rules.ts';

/** The example host the spec's domain messages name. */
const EXAMPLE_HOST = 'example.com';

/** The exact domain messages of spec §5, in the order they are checked. */
export const DOMAIN_MESSAGES = Object.freeze({
  required: 'Domain is required',
  invalid: `Please enter a valid domain (e.g., ${EXAMPLE_HOST})`,
  www: `Please enter the domain without 'www.' (e.g., ${EXAMPLE_HOST})`,
  protocol: `Please enter only the domain (e.g., ${EXAMPLE_HOST})`,
  tooLong: `Domain is too long (max ${LIMITS.domainMax} characters)`,
  partTooLong: `Domain parts are too long (max ${LIMITS.domainPartMax} characters per part)`,
  consecutiveDots: 'Domain cannot contain consecutive dots',
  edgeDot: 'Domain cannot start or end with a dot',
});

export const SERVICE_REQUEST_MESSAGES = Object.freeze({
  nameRequired: 'Service name is required',
  nameTooLong: `Service name is too long (max ${LIMITS.serviceNameMax} characters)`,
  serviceExists: 'This service already exists',
  requestPending: 'A request for this service is already pending',
  submitFailed: 'Failed to submit service request. Please try again.',
  nameWithoutId: 'Service name must contain a letter (A–Z) or a digit (0–9)',
});

/** Letters, digits and inner hyphens per label; a final label of letters (a TLD) at least 2 long. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const TLD = /^[a-z][a-z0-9-]*[a-z0-9]$/;

/**
 * Returns the first spec §5 message the domain breaks, or null when it is valid. The checks
 * that name a specific mistake (protocol, www., length, dots) come before the generic format
 * message, so the user learns what to fix.
 */
export function domainProblem(domain: string): string | null {
  if (domain.length === 0) return DOMAIN_MESSAGES.required;
  // A scheme, or a path, query or fragment after the host: the user pasted a URL.
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(domain) || /[/?#]/.test(domain)) {
    return DOMAIN_MESSAGES.protocol;
  }
  if (domain.startsWith('www.')) return DOMAIN_MESSAGES.www;
  if (domain.length > LIMITS.domainMax) return DOMAIN_MESSAGES.tooLong;
  if (domain.includes('..')) return DOMAIN_MESSAGES.consecutiveDots;
  if (domain.startsWith('.') || domain.endsWith('.')) return DOMAIN_MESSAGES.edgeDot;
  const labels = domain.split('.');
  if (labels.some((label) => label.length > LIMITS.domainPartMax)) {
    return DOMAIN_MESSAGES.partTooLong;
  }
  const tld = labels[labels.length - 1] ?? '';
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || !TLD.test(tld)) {
    return DOMAIN_MESSAGES.invalid;
  }
  return null;
}

/** A domain as typed: trimmed and lowercased (domains are stored lowercase), then checked. */
export const domainSchema = z
  .string({ error: DOMAIN_MESSAGES.required })
  .transform((value) => value.trim().toLowerCase())
  .superRefine((value, ctx) => {
    const problem = domainProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The service name field: required, trimmed. */
export const serviceNameSchema = z
  .string({ error: SERVICE_REQUEST_MESSAGES.nameRequired })
  .trim()
  .min(1, SERVICE_REQUEST_MESSAGES.nameRequired)
  .max(LIMITS.serviceNameMax, SERVICE_REQUEST_MESSAGES.nameTooLong)
  .refine(hasNoNul, NUL_MESSAGE);

/** POST /api/service-requests and the request form: the name must give the service an id. */
export const serviceRequestSchema = z.object({
  displayName: serviceNameSchema.refine(
    (name) => serviceIdFromName(name) !== '',
    SERVICE_REQUEST_MESSAGES.nameWithoutId,
  ),
  domain: domainSchema,
});

export type ServiceRequestInput = z.input<typeof serviceRequestSchema>;

/**
 * Spec §5: the service id is the name lowercased with all whitespace removed. The id is also the
 * address of the service's page, so it keeps only what `/s/{id}` accepts (decision 092): accents
 * come off their letters (Café → cafe), anything else outside a–z, 0–9, '.', '-' and '_' is
 * dropped (emoji, CJK, right-to-left text, markup's brackets), and so are separators before the
 * first letter or digit. Empty when nothing is left; the request schema refuses such a name.
 */
export function serviceIdFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/^[._-]+/, '')
    .slice(0, LIMITS.serviceNameMax);
}

export const serviceRequestStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type ServiceRequestStatus = z.infer<typeof serviceRequestStatusSchema>;

/** A service request on the wire (camelCase; raw rows never leave the server). */
export const serviceRequestViewSchema = z.object({
  id: z.string(),
  serviceId: z.string(),
  displayName: z.string(),
  domain: z.string(),
  /** Null once the requester deleted their account (decision 080): the request stays. */
  requestedBy: z.string().nullable(),
  /** The requester's username (lowercase, no `@`); null while they have none (or the account is gone). */
  requestedByUsername: z.string().nullable(),
  requestedAt: z.string(),
  status: serviceRequestStatusSchema,
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  notes: z.string().nullable(),
  updatedAt: z.string(),
});
export type ServiceRequestView = z.infer<typeof serviceRequestViewSchema>;

/**
 * A request as its requester sees it (GET /api/service-requests): no one's user id, and the
 * admin's notes only once the request is reviewed (notes written while it waits are the admins').
 */
export const ownServiceRequestSchema = serviceRequestViewSchema.pick({
  id: true,
  serviceId: true,
  displayName: true,
  domain: true,
  requestedAt: true,
  status: true,
  reviewedAt: true,
  notes: true,
});
export type OwnServiceRequest = z.infer<typeof ownServiceRequestSchema>;
