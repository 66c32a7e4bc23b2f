import type { StatsDay } from '../../../shared/account-schemas.ts';

const HEIGHT = 160;
const PAD_TOP = 8;
const PAD_BOTTOM = 2;

/** "23 Nov", in UTC (the days are UTC days). */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/**
 * Views and copies per UTC day as a small hand-drawn SVG (decision 080: no charting library fits
 * the dashboard's budget for two bar series). It scales to its box (viewBox), so it reads at
 * 375 px; colours come from `currentColor` classes, so dark mode follows the page. Screen readers
 * get the table next to it instead (the SVG is aria-hidden).
 */
export function StatsChart({ series }: { series: StatsDay[] }) {
  const width = Math.max(series.length * 12, 240);
  const max = Math.max(1, ...series.map((d) => Math.max(d.views, d.copies)));
  const slot = width / Math.max(series.length, 1);
  const bar = Math.max(1, Math.min(10, slot / 2 - 1));
  const y = (value: number) => PAD_TOP + (HEIGHT - PAD_TOP - PAD_BOTTOM) * (1 - value / max);
  const base = y(0);
  const first = series[0];
  const middle = series[Math.floor(series.length / 2)];
  const last = series.at(-1);
  // Whole numbers on the value axis: the top line is the highest day, the middle one half of it.
  const half = max / 2;
  return (
    <div>
      <div className="flex gap-2">
        <div
          data-testid="chart-value-axis"
          className="flex h-44 shrink-0 flex-col justify-between text-right text-xs tabular-nums text-gray-600 dark:text-gray-400"
          style={{ paddingTop: `${((PAD_TOP - 6) / HEIGHT) * 100}%` }}
        >
          <span>{max}</span>
          <span>{Number.isInteger(half) ? half : ''}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="h-44 min-w-0 flex-1"
          aria-hidden="true"
          focusable="false"
        >
          {[0.5, 1].map((f) => (
            <line
              key={f}
              x1={0}
              x2={width}
              y1={y(max * f)}
              y2={y(max * f)}
              className="stroke-gray-200 dark:stroke-gray-800"
              strokeWidth={1}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {series.map((d, i) => {
            const x = i * slot + slot / 2;
            return (
              <g key={d.day}>
                {/* Hovering a day shows its numbers (the table below has them for everyone). */}
                <title>{`${shortDay(d.day)}: ${d.views} ${d.views === 1 ? 'view' : 'views'}, ${d.copies} ${d.copies === 1 ? 'copy' : 'copies'}`}</title>
                <rect x={x - slot / 2} y={0} width={slot} height={HEIGHT} fill="transparent" />
                <rect
                  x={x - bar - 0.5}
                  y={y(d.views)}
                  width={bar}
                  height={base - y(d.views)}
                  className="fill-gray-300 dark:fill-gray-600"
                />
                <rect
                  x={x + 0.5}
                  y={y(d.copies)}
                  width={bar}
                  height={base - y(d.copies)}
                  className="fill-accent-600 dark:fill-accent-400"
                />
              </g>
            );
          })}
          <line
            x1={0}
            x2={width}
            y1={base}
            y2={base}
            className="stroke-gray-400 dark:stroke-gray-600"
            strokeWidth={1}
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      </div>
      {/* Day labels in HTML, so they stay readable however far the SVG is scaled. */}
      <div className="mt-1 flex justify-between pl-8 text-xs text-gray-600 dark:text-gray-400">
        <span>{first && shortDay(first.day)}</span>
        <span>{middle && series.length > 2 && shortDay(middle.day)}</span>
        <span>{last && `${shortDay(last.day)} (UTC)`}</span>
      </div>
    </div>
  );
}
