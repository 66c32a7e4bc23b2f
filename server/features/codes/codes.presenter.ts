import type { CodeDto, CodeFeedback } from '../../../shared/code-schemas.ts';
import type { CodeModeration } from '../../../shared/moderation-schemas.ts';
import {
  type ListingContext,
  listingState,
  parseLinkHosts,
} from '../discovery/listing-eligibility.ts';
import type { CodeWithServiceRow, VoteCountRow } from './codes.repository.ts';

export const noFeedback = (): CodeFeedback => ({
  yes: 0,
  no: 0,
  reasons: { expired: 0, not_accepted: 0, not_eligible: 0 },
});

/** Sums vote rows into each code's feedback (decision 070). */
export function feedbackByCode(rows: VoteCountRow[]): Map<string, CodeFeedback> {
  const byCode = new Map<string, CodeFeedback>();
  for (const row of rows) {
    let feedback = byCode.get(row.code_id);
    if (!feedback) {
      feedback = noFeedback();
      byCode.set(row.code_id, feedback);
    }
    const n = Number(row.n);
    if (Number(row.worked) === 1) {
      feedback.yes += n;
    } else {
      feedback.no += n;
      if (
        row.reason === 'expired' ||
        row.reason === 'not_accepted' ||
        row.reason === 'not_eligible'
      ) {
        feedback.reasons[row.reason] += n;
      }
    }
  }
  return byCode;
}

/** The JSON array text of `codes.countries`, or null. */
export function parseCountries(text: string | null): string[] | null {
  if (!text) return null;
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.map(String) : null;
}

/** A code row's fields for its owner, but its listing state (the export's codes). */
export function presentCode(
  row: CodeWithServiceRow,
  feedback: CodeFeedback = noFeedback(),
  moderation: CodeModeration = null,
): Omit<CodeDto, 'listing'> {
  return {
    id: row.id,
    service: row.service,
    serviceName: row.service_name,
    productName: row.product_name,
    code: row.code,
    reward: row.reward,
    link: row.link,
    clicks: Number(row.clicks),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    expiresAt: row.expires_on,
    countries: parseCountries(row.countries),
    listed: Number(row.listed) === 1,
    feedback,
    moderation,
  };
}

/**
 * A code row as its owner sees it, with whether its service page shows it (decision 094).
 * Visitors see the public profile's fields instead, which the database builds itself (migration
 * 0052).
 */
export function presentOwnedCode(
  row: CodeWithServiceRow,
  context: ListingContext,
  feedback: CodeFeedback = noFeedback(),
  moderation: CodeModeration = null,
): CodeDto {
  const service = { domain: row.service_domain, linkHosts: parseLinkHosts(row.service_link_hosts) };
  const facts = {
    link: row.link,
    ownerCreatedAt: row.owner_created_at,
    service,
    linkBroken: row.link_state === 'broken',
  };
  return {
    ...presentCode(row, feedback, moderation),
    listing: listingState(Number(row.listed) === 1, facts, context),
    linkHealth:
      row.link_state === null || row.link === null
        ? null
        : { state: row.link_state, checkedAt: row.link_checked_at },
  };
}
