import { countryName } from '../../../shared/countries.ts';
import { formatExpiry, isExpired } from './expiry.ts';

/** The countries' names, by name: ['US', 'GB'] → 'United Kingdom, United States'. */
export function countryNames(countries: readonly string[]): string {
  return countries
    .map(countryName)
    .sort((a, b) => a.localeCompare(b, 'en'))
    .join(', ');
}

/** Up to this many countries are named on a card; more read 'Works in 5 countries'. */
const CARD_COUNTRY_NAMES = 2;

interface TermsProps {
  expiresAt: string | null;
  countries: readonly string[] | null;
}

/**
 * Where a code works and until when, for a visitor about to copy it (issue 24): the popup and the
 * code's page say it in full; an expired code says when it expired and that it may not work.
 */
export function CodeTerms({ expiresAt, countries }: TermsProps) {
  const expired = isExpired(expiresAt);
  if (!countries?.length && !expiresAt) return null;
  return (
    <div className="space-y-2 text-sm">
      {countries && countries.length > 0 && (
        <p className="text-gray-700 dark:text-gray-200">
          <span className="font-semibold">Works in</span> {countryNames(countries)}
        </p>
      )}
      {expiresAt &&
        (expired ? (
          <p
            data-testid="expired-notice"
            className="rounded-lg bg-amber-100 px-3 py-2 font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100"
          >
            Expired on {formatExpiry(expiresAt)}. It may no longer work.
          </p>
        ) : (
          <p className="text-gray-700 dark:text-gray-200">
            <span className="font-semibold">Valid until</span> {formatExpiry(expiresAt)}
          </p>
        ))}
    </div>
  );
}

/** The same, in one short line for a card: 'United Kingdom · until 30 Jun 2027'. */
export function CodeTermsLine({ expiresAt, countries }: TermsProps) {
  const parts: string[] = [];
  if (countries?.length) {
    parts.push(
      countries.length <= CARD_COUNTRY_NAMES
        ? `Works in ${countryNames(countries)}`
        : `Works in ${countries.length} countries`,
    );
  }
  if (expiresAt && !isExpired(expiresAt)) parts.push(`Until ${formatExpiry(expiresAt)}`);
  if (parts.length === 0) return null;
  return (
    <p className="mt-1 wrap-anywhere text-xs text-gray-600 dark:text-gray-300">
      {parts.join(' · ')}
    </p>
  );
}
