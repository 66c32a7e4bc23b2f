import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { STATS_RANGES, type StatsDto } from '../../../shared/account-schemas.ts';
import { BackToDashboard } from '../../components/ui/BackToDashboard.tsx';
import { Banner } from '../../components/ui/Banner.tsx';
import { paths } from '../../paths.ts';
import { useStats } from './api.ts';
import { StatsChart, shortDay } from './StatsChart.tsx';

function ratio(copies: number, views: number): string {
  return views === 0 ? '–' : (copies / views).toFixed(2);
}

function totals(stats: StatsDto) {
  return stats.series.reduce(
    (sum, d) => ({
      views: sum.views + d.views,
      uniqueViews: sum.uniqueViews + d.uniqueViews,
      copies: sum.copies + d.copies,
      uniqueCopies: sum.uniqueCopies + d.uniqueCopies,
    }),
    { views: 0, uniqueViews: 0, copies: 0, uniqueCopies: 0 },
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <dt className="text-sm text-gray-600 dark:text-gray-400">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-gray-900 dark:text-white">
        {value}
      </dd>
      {detail && <dd className="text-xs text-gray-600 dark:text-gray-400">{detail}</dd>}
    </div>
  );
}

const muted = 'text-gray-500 dark:text-gray-400';

/** "3 / 1": Yes and No to 'Did it work?' (decision 070); a dash when nobody answered. */
function Answers({ yes, no }: { yes: number; no: number }) {
  if (yes + no === 0) {
    return (
      <>
        <span aria-hidden="true" className={muted}>
          –
        </span>
        <span className="sr-only">No answers</span>
      </>
    );
  }
  return (
    <>
      <span aria-hidden="true">
        <span className={yes > 0 ? 'text-green-700 dark:text-green-400' : muted}>{yes}</span>
        <span className={muted}> / </span>
        <span className={no > 0 ? 'text-red-700 dark:text-red-400' : muted}>{no}</span>
      </span>
      <span className="sr-only">{`${yes} worked, ${no} didn't`}</span>
    </>
  );
}

/** The profile's answers in one line, over the chosen days. */
function answersLine({ yes, no }: { yes: number; no: number }): string {
  const total = yes + no;
  if (total === 0) return "No 'Did it work?' answers in these days yet.";
  return `Visitors answered 'Did it work?' ${total} ${total === 1 ? 'time' : 'times'}: ${yes} yes, ${no} no.`;
}

const cell = 'px-2 py-2 text-right tabular-nums sm:px-3';
const head = 'px-2 py-2 text-right font-medium sm:px-3';
/** Columns the top codes table leaves out below `sm`, so Code, Copies and the answers fit 375 px. */
const wide = 'hidden sm:table-cell';

/** /dashboard/stats: the owner's copies and profile views per UTC day (decision 080). */
export default function StatsPage() {
  const [days, setDays] = useState<number>(30);
  const [codeId, setCodeId] = useState<string | null>(null);
  const stats = useStats(days, codeId);

  useEffect(() => {
    document.title = 'Stats · Refstash';
  }, []);

  const data = stats.data;
  const sum = data ? totals(data) : null;
  const chosen = data?.code ? data.codes.find((c) => c.id === data.code?.id) : undefined;
  const chart = data?.code?.series ?? data?.series ?? [];
  return (
    <section className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:py-10">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <BackToDashboard />
          <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl dark:text-white">
            Stats
          </h1>
          <p className="text-sm text-gray-600 dark:text-gray-300">
            Days are UTC days. A unique view counts each visitor once a day; a unique copy counts
            each visitor once a day for each code.
          </p>
        </div>
        <fieldset className="flex gap-1 rounded-xl bg-gray-100 p-1 dark:bg-gray-800">
          <legend className="sr-only">Period</legend>
          {STATS_RANGES.map((range) => (
            <button
              key={range}
              type="button"
              aria-pressed={days === range}
              onClick={() => setDays(range)}
              className={`min-h-11 rounded-lg px-3 text-sm font-medium ${
                days === range
                  ? 'bg-white text-gray-900 shadow-sm dark:bg-gray-950 dark:text-white'
                  : 'text-gray-700 dark:text-gray-300'
              }`}
            >
              {range} days
            </button>
          ))}
        </fieldset>
      </header>

      {stats.isError && <Banner tone="error">Failed to load stats</Banner>}
      {stats.isPending && (
        <div className="h-64 animate-pulse rounded-2xl bg-gray-100 dark:bg-gray-800" />
      )}

      {data && sum && (
        <>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Figure
              label="Profile views"
              value={String(sum.views)}
              detail={`${sum.uniqueViews} unique visitors`}
            />
            <Figure
              label="Copies"
              value={String(sum.copies)}
              detail={`${sum.uniqueCopies} unique per code`}
            />
            <Figure label="Copies per view" value={ratio(sum.copies, sum.views)} />
            <Figure
              label="Today (UTC)"
              value={`${data.series.at(-1)?.copies ?? 0} copies`}
              detail={`${data.series.at(-1)?.views ?? 0} views`}
            />
          </dl>

          <div className="space-y-3 rounded-2xl border border-gray-200 bg-white p-4 sm:p-6 dark:border-gray-800 dark:bg-gray-900">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 className="text-lg font-semibold text-gray-900 dark:text-white">
                {chosen ? `${chosen.serviceName} · ${chosen.code}: ` : ''}Per day,{' '}
                {shortDay(data.from)} – {shortDay(data.to)} (UTC)
              </h2>
              {chosen && (
                <button
                  type="button"
                  onClick={() => setCodeId(null)}
                  className="min-h-11 text-sm font-medium text-accent-700 hover:underline dark:text-accent-300"
                >
                  Whole profile
                </button>
              )}
              <div
                className="flex gap-4 text-xs text-gray-700 dark:text-gray-300"
                aria-hidden="true"
              >
                <span className="inline-flex items-center gap-1.5">
                  <span className="h-3 w-3 rounded-sm bg-gray-300 dark:bg-gray-600" /> Views
                </span>
                <span className="inline-flex items-center gap-1.5">
                  <span className="h-3 w-3 rounded-sm bg-accent-600 dark:bg-accent-400" /> Copies
                </span>
              </div>
            </div>
            <StatsChart series={chart} />
            <details className="text-sm">
              <summary className="min-h-11 cursor-pointer py-2 font-medium text-accent-700 dark:text-accent-300">
                Show the numbers as a table
              </summary>
              <div className="max-h-80 overflow-auto">
                <table className="w-full text-gray-900 dark:text-gray-100">
                  <caption className="sr-only">
                    Profile views and copies per UTC day, {data.from} to {data.to}
                  </caption>
                  <thead className="text-gray-600 dark:text-gray-300">
                    <tr>
                      <th scope="col" className="px-2 py-2 text-left font-medium sm:px-3">
                        Day (UTC)
                      </th>
                      <th scope="col" className={head}>
                        Views
                      </th>
                      <th scope="col" className={head}>
                        Unique
                      </th>
                      <th scope="col" className={head}>
                        Copies
                      </th>
                      <th scope="col" className={head}>
                        Unique
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
                    {[...chart].reverse().map((d) => (
                      <tr key={d.day}>
                        <th scope="row" className="px-2 py-2 text-left font-normal sm:px-3">
                          <time dateTime={d.day}>{shortDay(d.day)}</time>
                        </th>
                        <td className={cell}>{d.views}</td>
                        <td className={cell}>{d.uniqueViews}</td>
                        <td className={cell}>{d.copies}</td>
                        <td className={cell}>{d.uniqueCopies}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </div>

          <div className="space-y-3 rounded-2xl border border-gray-200 bg-white p-4 sm:p-6 dark:border-gray-800 dark:bg-gray-900">
            <div className="space-y-1">
              <h2 className="text-lg font-semibold text-gray-900 dark:text-white">Top codes</h2>
              <p className="text-sm text-gray-600 dark:text-gray-300">
                {answersLine(data.answers)}
              </p>
            </div>
            {data.codes.length === 0 ? (
              <p className="text-sm text-gray-600 dark:text-gray-300">
                No codes yet.{' '}
                <Link
                  to={`${paths.dashboard}?new`}
                  className="font-medium text-accent-700 underline underline-offset-2 dark:text-accent-300"
                >
                  Create a code
                </Link>
              </p>
            ) : (
              // `relative`: the cells' sr-only text is positioned; without it it would widen the page.
              <div className="relative overflow-x-auto">
                <table className="w-full text-sm text-gray-900 dark:text-gray-100">
                  <caption className="sr-only">
                    Copies and 'Did it work?' answers per code over the last {days} days
                  </caption>
                  <thead className="text-gray-600 dark:text-gray-300">
                    <tr>
                      <th scope="col" className="px-3 py-2 text-left font-medium">
                        Code
                      </th>
                      <th scope="col" className={head}>
                        Copies
                      </th>
                      <th scope="col" className={`${head} ${wide}`}>
                        Unique
                      </th>
                      <th scope="col" className={`${head} ${wide}`}>
                        Per view
                      </th>
                      <th scope="col" className={`${head} sm:whitespace-nowrap`}>
                        Worked / Didn't
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
                    {data.codes.map((code) => (
                      <tr key={code.id}>
                        <th scope="row" className="max-w-48 px-3 py-2 text-left font-normal">
                          <button
                            type="button"
                            aria-pressed={codeId === code.id}
                            onClick={() => setCodeId(code.id)}
                            className="block max-w-full truncate text-left font-medium text-accent-700 hover:underline dark:text-accent-300"
                          >
                            {code.serviceName}
                          </button>
                          <span className="block truncate font-mono text-xs text-gray-600 dark:text-gray-400">
                            {code.code}
                          </span>
                        </th>
                        <td className={cell}>{code.copies}</td>
                        <td className={`${cell} ${wide}`}>{code.uniqueCopies}</td>
                        <td className={`${cell} ${wide}`}>{ratio(code.copies, sum.views)}</td>
                        <td className={`${cell} sm:whitespace-nowrap`}>
                          <Answers {...code.answers} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
        </>
      )}
    </section>
  );
}
