import { Link } from 'react-router';
import { LANDING_PREVIEW_COUNT } from '../../../shared/limits.ts';
import { CodeSummary } from '../../components/codes/CodeSummary.tsx';
import { paths } from '../../paths.ts';
import { useLandingPreview } from './api.ts';
import { FROSTED } from './frosted.ts';

const PLACEHOLDER_KEYS = Array.from(
  { length: LANDING_PREVIEW_COUNT },
  (_, i) => `placeholder-${i}`,
);

/**
 * The first 6 codes of the demo profile, each with its 64 px logo (spec §2). Each card opens
 * that code's own page on the demo profile, where it can be copied (issue 24).
 */
export function DemoPreview() {
  const preview = useLandingPreview();
  if (preview.isError || (preview.data && preview.data.codes.length === 0)) return null;
  return (
    <section aria-labelledby="preview-heading" className="mx-auto max-w-5xl px-4 py-12">
      <div className={`${FROSTED} mx-auto max-w-2xl px-4 py-4 text-center`}>
        <h2
          id="preview-heading"
          className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white"
        >
          One page for every code you share
        </h2>
        <p className="mt-2 text-balance text-gray-700 dark:text-gray-300">
          This is what a Refstash profile looks like. Visitors open a card, copy the code and scan
          the link.
        </p>
      </div>
      {preview.isPending ? (
        <ul
          aria-busy="true"
          className="mt-8 grid animate-pulse gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          {PLACEHOLDER_KEYS.map((key) => (
            <li key={key} className="h-24 rounded-xl bg-gray-200 dark:bg-gray-800" />
          ))}
        </ul>
      ) : (
        <ul aria-label="Demo codes" className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {preview.data.codes.map((code) => (
            <li key={code.id} data-testid="demo-card" className="min-w-0">
              <Link
                to={paths.code(preview.data.username, code.id)}
                className="block h-full rounded-xl border border-gray-200 bg-white p-4 shadow-sm transition hover:border-accent-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 dark:border-gray-800 dark:bg-gray-900 dark:hover:border-accent-700"
              >
                <CodeSummary code={code} logoSize={64} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
