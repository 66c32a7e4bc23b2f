import {
  type ListingReason,
  type ListingState,
  linkBelongsToService,
  listingFromDay,
} from '../../../shared/listing-rules.ts';
import { utcDay } from './days.ts';

/** What the listing rules read of one code the owner switched on. */
export interface ListingFacts {
  link: string | null;
  /** The owner's account creation time (ISO 8601). */
  ownerCreatedAt: string;
  service: { domain: string; linkHosts: readonly string[] };
  /** The link failed 3 checks in a row (decision 111). The service pages' queries leave such codes out. */
  linkBroken?: boolean;
}

export interface ListingContext {
  /** Today, UTC, 'YYYY-MM-DD': a service listing is cached per day, so the rules move by day. */
  today: string;
  /** config.listingProbationDays. */
  probationDays: number;
}

/** The rules' context at `now`. */
export function listingContextAt(now: Date, probationDays: number): ListingContext {
  return { today: utcDay(now), probationDays };
}

/** Why a code is kept off its service page, and until when if that ends by itself. */
export interface ListingBlock {
  reason: ListingReason;
  until?: string;
}

/** One rule: undefined when the code may be listed, else why not. */
type ListingRule = (facts: ListingFacts, context: ListingContext) => ListingBlock | undefined;

const linkRule: ListingRule = ({ link, service }) =>
  linkBelongsToService(link, service.domain, service.linkHosts)
    ? undefined
    : { reason: 'link_host' };

const linkHealthRule: ListingRule = ({ linkBroken }) =>
  linkBroken ? { reason: 'link_broken' } : undefined;

const probationRule: ListingRule = ({ ownerCreatedAt }, { today, probationDays }) => {
  const from = listingFromDay(ownerCreatedAt, probationDays);
  return from > today ? { reason: 'probation', until: from } : undefined;
};

/**
 * Every rule a listed code must pass to appear on its service page, beyond the owner's switch
 * (decision 094), in the order a blocked code's owner is told about them. A new rule (a code an
 * admin hid) is one more entry here: the service pages, the directory, the sitemap and the owner's
 * `listing` state all ask `listingBlock`.
 */
const LISTING_RULES: readonly ListingRule[] = [linkRule, linkHealthRule, probationRule];

/** The first rule that keeps this code off its service page, or undefined. */
export function listingBlock(
  facts: ListingFacts,
  context: ListingContext,
): ListingBlock | undefined {
  for (const rule of LISTING_RULES) {
    const block = rule(facts, context);
    if (block) return block;
  }
  return undefined;
}

/** The owner's view of a code's listing: switched off, blocked (and why), or listed. */
export function listingState(
  listed: boolean,
  facts: ListingFacts,
  context: ListingContext,
): ListingState {
  if (!listed) return { listed: false };
  const block = listingBlock(facts, context);
  return block ? { listed: false, ...block } : { listed: true };
}

/** A service's allowed link hosts from their column (a JSON array). */
export function parseLinkHosts(text: string | null | undefined): string[] {
  if (!text) return [];
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.map(String) : [];
}
