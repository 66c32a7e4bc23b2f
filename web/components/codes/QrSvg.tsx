import { create } from 'qrcode';
import { QR_OPTIONS } from '../../../shared/limits.ts';

/**
 * The QR code's dark modules as one SVG path (one unit per module, offset by the margin): each
 * horizontal run of dark modules is one rectangle, which keeps the markup small.
 */
export function qrPath(text: string): { path: string; size: number } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const count = modules.size;
  const margin = QR_OPTIONS.margin;
  let path = '';
  for (let y = 0; y < count; y += 1) {
    let x = 0;
    while (x < count) {
      if (!modules.get(y, x)) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < count && modules.get(y, x)) x += 1;
      path += `M${start + margin} ${y + margin}h${x - start}v1h-${x - start}z`;
    }
  }
  return { path, size: count + margin * 2 };
}

/**
 * A QR code of `url` as inline SVG (spec §9: 240 px wide, margin 2, #1f2937 on white). Drawn the
 * same on the server and in the browser, so a code's page shows it without JavaScript. Callers
 * pass only links that passed safeHttpUrl.
 */
export function QrSvg({
  url,
  label,
  className = 'h-60 w-60',
}: {
  url: string;
  label: string;
  /** The drawn size; the SVG's own size stays the spec's 240 px. */
  className?: string;
}) {
  const { path, size } = qrPath(url);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={QR_OPTIONS.width}
      height={QR_OPTIONS.width}
      shapeRendering="crispEdges"
      className={`rounded-lg ${className}`}
    >
      <rect width={size} height={size} fill={QR_OPTIONS.color.light} />
      <path d={path} fill={QR_OPTIONS.color.dark} />
    </svg>
  );
}

/** The same QR code as a standalone SVG file (the dashboard's "Download SVG"). */
export function qrSvgDocument(url: string): string {
  const { path, size } = qrPath(url);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${QR_OPTIONS.width}" height="${QR_OPTIONS.width}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="${QR_OPTIONS.color.light}"/><path d="${path}" fill="${QR_OPTIONS.color.dark}"/></svg>\n`;
}
