import { z } from 'zod';
import { domainSchema } from './service-request-schemas.ts';

/** The most link hosts admins may allow for one service (decision 094). */
export const LINK_HOSTS_MAX = 20;

/**
 * What keeps a code the owner lists off its service page (decision 094; `link_broken`: its link
 * failed 3 checks in a row, decision 111).
 */
export type ListingReason = 'link_host' | 'link_broken' | 'probation';

/**
 * A code's place on its service page, as its owner sees it (GET /api/codes): `listed` when the
 * page shows it (or would, being the owner's newest), otherwise why not. No reason when the owner
 * switched listing off; `until` ('YYYY-MM-DD', UTC) is the first day a probation ends.
 */
export const listingStateSchema = z.object({
  listed: z.boolean(),
  reason: z.enum(['link_host', 'link_broken', 'probation']).optional(),
  until: z.string().optional(),
});
export type ListingState = z.infer<typeof listingStateSchema>;

/** Messages of the listing rules (decision 094): the form, the dashboard and the admin editor. */
export const LISTING_MESSAGES = Object.freeze({
  onlyAdminsUpdateServices: 'Only admins can update services',
  onlyAdminsViewServices: 'Only admins can view service settings',
  serviceNotFound: 'Service not found',
  hostsTooMany: `Allow at most ${LINK_HOSTS_MAX} link hosts`,
  hostsInvalid: 'Link hosts must be a list of domains',
  saved: 'Link hosts saved',
  saveFailed: 'Failed to save link hosts',
  /** The form and the card, before and after saving, when the link keeps the code off the page. */
  linkHost: (serviceName: string, domain: string) =>
    `Not listed on the ${serviceName} page: its link must be on ${domain}. Your profile shows it either way.`,
  /** The form and the card while the account is new. */
  probation: (date: string) =>
    `New accounts' codes join service pages after a few days: yours from ${date}. Your profile shows them now.`,
  cardLinkHost: (serviceName: string) => `Not listed: its link is not on ${serviceName}'s site`,
  cardProbation: (date: string) => `Listed from ${date}`,
});

/**
 * The host of an http(s) link, lowercased without a trailing dot; undefined for anything else
 * (a note, another scheme, a malformed URL).
 */
export function linkHost(link: string): string | undefined {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return url.hostname.toLowerCase().replace(/\.$/, '');
}

/**
 * True when a code's link lets it onto its service page (decision 094): no link; or an http(s)
 * link whose host is the service's domain or a subdomain of it, or one of the hosts the admins
 * allow for that service. Text that is not such a link (a note, `javascript:`) keeps it off.
 */
export function linkBelongsToService(
  link: string | null,
  domain: string,
  allowedHosts: readonly string[],
): boolean {
  if (link === null || link.trim() === '') return true;
  const host = linkHost(link);
  if (host === undefined) return false;
  return host === domain || host.endsWith(`.${domain}`) || allowedHosts.includes(host);
}

/**
 * The first UTC day ('YYYY-MM-DD') an account's codes may be listed: the day after it turns
 * `probationDays` days old, so it is older than that all day (decision 094).
 */
export function listingFromDay(createdAt: string, probationDays: number): string {
  const created = new Date(createdAt);
  const day = Date.UTC(created.getUTCFullYear(), created.getUTCMonth(), created.getUTCDate());
  const offset = probationDays === 0 ? 0 : probationDays + 1;
  return new Date(day + offset * 86_400_000).toISOString().slice(0, 10);
}

/** PUT /api/admin/services/:id/link-hosts: the domain rules of the service request form. */
export const linkHostsSchema = z.object({
  hosts: z
    .array(domainSchema, { error: LISTING_MESSAGES.hostsInvalid })
    .max(LINK_HOSTS_MAX, LISTING_MESSAGES.hostsTooMany)
    .transform((hosts) => [...new Set(hosts)].sort()),
});
export type LinkHostsInput = z.input<typeof linkHostsSchema>;

/** The admin editor's field: hosts one per line (or separated by spaces or commas). */
export const linkHostsFormSchema = z.object({
  hosts: z.string().transform((text, ctx) => {
    const parsed = linkHostsSchema.shape.hosts.safeParse(text.split(/[\s,]+/).filter(Boolean));
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '' });
    return z.NEVER;
  }),
});
