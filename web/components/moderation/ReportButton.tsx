import { lazy, Suspense, useState } from 'react';
import type { ReportTarget } from '../../../shared/moderation-schemas.ts';

// The dialog (and the form library it needs) downloads on the first click: public pages stay
// within their first-load budget (scripts/bundle-budget.test.ts).
const ReportDialog = lazy(() => import('./ReportDialog.tsx'));

/**
 * The 'Report' action of a code or a profile (issue 23), for every visitor. Its label is written
 * here: the shared messages module builds zod schemas, which a profile's first load must not carry.
 */
export function ReportButton({
  target,
  className = '',
}: {
  target: ReportTarget;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-gray-600 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white ${className}`}
      >
        <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" fill="currentColor">
          <path d="M4 2.75a.75.75 0 0 0-1.5 0v14.5a.75.75 0 0 0 1.5 0v-4.392l1.657-.348a6.449 6.449 0 0 1 4.271.572 7.948 7.948 0 0 0 5.965.524l2.078-.64A.75.75 0 0 0 18.5 12.25v-8.5a.75.75 0 0 0-.904-.734l-2.38.501a6.449 6.449 0 0 1-4.186-.553 7.948 7.948 0 0 0-5.271-.58L4 2.75Z" />
        </svg>
        Report
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <ReportDialog open={open} onClose={() => setOpen(false)} target={target} />
        </Suspense>
      )}
    </>
  );
}
