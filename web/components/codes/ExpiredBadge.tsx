import { isExpired } from './expiry.ts';

/** The 'Expired' mark of a code whose expiry date is past (issue 14 §4); nothing otherwise. */
export function ExpiredBadge({
  expiresAt,
  className = '',
}: {
  expiresAt: string | null;
  className?: string;
}) {
  if (!isExpired(expiresAt)) return null;
  return (
    <span
      data-testid="expired-badge"
      className={`inline-flex w-fit shrink-0 items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100 ${className}`}
    >
      Expired
    </span>
  );
}
