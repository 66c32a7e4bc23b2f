import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { type LogoResult, loadLogo, peekLogo } from './logo-loader.ts';

// Most logos load; the fallback icon's glyphs and keyword table are fetched only when one
// does not, which keeps them out of a profile's first load.
const FallbackIcon = lazy(() =>
  import('./FallbackIcon.tsx').then((module) => ({ default: module.FallbackIcon })),
);

function Placeholder({
  label,
  size,
  className,
}: {
  label: string;
  size: number;
  className: string;
}) {
  return (
    <span
      role="img"
      aria-label={`${label} logo`}
      aria-busy="true"
      className={`inline-block shrink-0 animate-pulse rounded-xl bg-gray-200 dark:bg-gray-700 ${className}`}
      style={{ width: size, height: size }}
    />
  );
}

export interface LookupLogoProps {
  serviceId: string;
  /**
   * Display name, for the alt text and the fallback icon. Required, so that the logo does not
   * pull the whole catalogue of names into pages that already have the name from the API.
   */
  name: string;
  /** Pixel size of the square logo. */
  size?: number;
  className?: string;
  /**
   * Called once per mounted logo when every lookup failed and the fallback icon is drawn
   * (the landing page's falling logos log it). Users never see an error.
   */
  onError?: (error: unknown) => void;
}

/**
 * A service's logo, loaded in the browser by the flow of spec §4 (primary lookup for known ids,
 * then the secondary lookup, then the generated fallback icon), telling its caller when it fell
 * back. The falling logos of the landing page use it, because they log each fallback; cards use
 * ServiceLogo, whose image the server resolves by the same flow.
 */
export function LookupLogo({
  serviceId,
  name,
  size = 40,
  className = '',
  onError,
}: LookupLogoProps) {
  const label = name;
  const [state, setState] = useState<{ id: string; result: LogoResult | undefined }>(() => ({
    id: serviceId,
    result: peekLogo(serviceId),
  }));
  const result = state.id === serviceId ? state.result : peekLogo(serviceId);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const reported = useRef(false);

  useEffect(() => {
    let live = true;
    loadLogo(serviceId).then((loaded) => {
      if (live) setState({ id: serviceId, result: loaded });
    });
    return () => {
      live = false;
    };
  }, [serviceId]);

  useEffect(() => {
    if (result?.status === 'failed' && !reported.current) {
      reported.current = true;
      onErrorRef.current?.(result.error);
    }
  }, [result]);

  if (result?.status === 'loaded') {
    return (
      <img
        src={result.src}
        alt={`${label} logo`}
        width={size}
        height={size}
        draggable={false}
        className={`shrink-0 rounded-xl bg-white object-contain ring-1 ring-gray-200 dark:ring-gray-700 ${className}`}
        // Padding in px: a percentage would follow the parent's width, not the logo's.
        style={{ width: size, height: size, padding: Math.round(size * 0.12) }}
        onError={() =>
          setState({
            id: serviceId,
            result: { status: 'failed', error: new Error(`The ${label} logo could not be drawn`) },
          })
        }
      />
    );
  }
  const placeholder = <Placeholder label={label} size={size} className={className} />;
  if (result?.status === 'failed') {
    return (
      <Suspense fallback={placeholder}>
        <FallbackIcon name={label} size={size} className={className} />
      </Suspense>
    );
  }
  return placeholder;
}
