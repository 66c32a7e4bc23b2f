import type { CodeDto } from '../../../shared/code-schemas.ts';
import { DashboardCodeCard } from './DashboardCodeCard.tsx';

/** The owner's cards, newest first, or the empty state. */
export function CodeList({
  codes,
  onEdit,
  onDelete,
}: {
  codes: CodeDto[];
  onEdit: (code: CodeDto) => void;
  onDelete: (code: CodeDto) => void;
}) {
  if (codes.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-gray-300 px-4 py-12 text-center dark:border-gray-700">
        <p className="font-semibold text-gray-900 dark:text-white">No codes yet</p>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">
          Add your first referral code and share your profile.
        </p>
      </div>
    );
  }
  return (
    <ul aria-label="Your codes" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {codes.map((code) => (
        <DashboardCodeCard key={code.id} code={code} onEdit={onEdit} onDelete={onDelete} />
      ))}
    </ul>
  );
}

/** Card-shaped placeholders while the list loads. */
export function CodeListSkeleton() {
  return (
    <div
      role="status"
      aria-busy="true"
      className="grid animate-pulse gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      <span className="sr-only">Loading codes…</span>
      {[0, 1, 2].map((key) => (
        <div key={key} className="h-44 rounded-xl bg-gray-200 dark:bg-gray-800" />
      ))}
    </div>
  );
}
