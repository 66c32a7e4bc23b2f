import { LISTING_MESSAGES, linkBelongsToService } from '../../../shared/listing-rules.ts';
import { formatExpiry, utcToday } from '../../components/codes/expiry.ts';
import type { Service } from '../../components/services/services-api.ts';

export interface ListingNoticeProps {
  /** The chosen service; null before one is chosen. */
  service: Service | null;
  /** The link field as typed. */
  link: string;
  /** The account's first listing day (`me.listingFrom`), when known. */
  listingFrom: string | undefined;
}

/**
 * Says, before saving, why a code the owner wants listed will stay off its service page
 * (decision 094): its link is not on the service's site, or the account is still new.
 */
export function ListingNotice({ service, link, listingFrom }: ListingNoticeProps) {
  const reasons: string[] = [];
  if (service && !linkBelongsToService(link, service.domain, service.linkHosts)) {
    reasons.push(LISTING_MESSAGES.linkHost(service.name, service.domain));
  }
  if (listingFrom && listingFrom > utcToday()) {
    reasons.push(LISTING_MESSAGES.probation(formatExpiry(listingFrom)));
  }
  if (reasons.length === 0) return null;
  return (
    <div
      role="status"
      data-testid="listing-notice"
      className="space-y-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      {reasons.map((reason) => (
        <p key={reason}>{reason}</p>
      ))}
    </div>
  );
}
