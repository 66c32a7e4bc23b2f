/** Shown while a screen's code or data loads: the page's shape, not an empty screen. */
export function PageSkeleton() {
  return (
    <div className="mx-auto max-w-5xl animate-pulse px-4 py-10" role="status" aria-busy="true">
      <span className="sr-only">Loading…</span>
      <div className="h-8 w-1/3 rounded-lg bg-gray-200 dark:bg-gray-800" />
      <div className="mt-4 h-4 w-1/2 rounded bg-gray-200 dark:bg-gray-800" />
      <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((key) => (
          <div key={key} className="h-28 rounded-xl bg-gray-200 dark:bg-gray-800" />
        ))}
      </div>
    </div>
  );
}
