const SHORT_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** Spec §9: service-request dates in US English short format, e.g. "Nov 22, 2026". */
export function formatShortDate(iso: string): string {
  return SHORT_DATE.format(new Date(iso));
}
