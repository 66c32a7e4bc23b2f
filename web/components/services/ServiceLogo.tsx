import { lazy, Suspense, useState } from 'react';
import { logoImageUrl } from '../../../shared/logo-urls.ts';

// Drawn only if the logo image itself cannot load (the server answers a generated icon when a
// service has no logo, so this is for a failed request).
const FallbackIcon = lazy(() =>
  import('./FallbackIcon.tsx').then((module) => ({ default: module.FallbackIcon })),
);

export interface ServiceLogoProps {
  serviceId: string;
  /** Display name, for the alt text and the fallback icon. */
  name: string;
  /** Pixel size of the square logo. */
  size?: number;
  className?: string;
  /**
   * Lazy by default: a logo is never a page's largest content, and the browser then fetches only
   * the logos it shows.
   */
  loading?: 'eager' | 'lazy';
}

/**
 * A service's logo as an image the server resolves by spec §4's flow (bundled brand logo, the
 * service's own site icon, else the category's generated icon). It needs no script, so it is in
 * the server-rendered HTML of every card.
 */
export function ServiceLogo({
  serviceId,
  name,
  size = 40,
  className = '',
  loading = 'lazy',
}: ServiceLogoProps) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <Suspense
        fallback={
          <span
            className={`inline-block shrink-0 ${className}`}
            style={{ width: size, height: size }}
          />
        }
      >
        <FallbackIcon name={name} size={size} className={className} />
      </Suspense>
    );
  }
  return (
    <img
      src={logoImageUrl(serviceId)}
      alt={`${name} logo`}
      width={size}
      height={size}
      loading={loading}
      decoding="async"
      draggable={false}
      className={`shrink-0 rounded-xl bg-white object-contain ring-1 ring-gray-200 dark:ring-gray-700 ${className}`}
      // Padding in px: a percentage would follow the parent's width, not the logo's.
      style={{ width: size, height: size, padding: Math.round(size * 0.12) }}
      onError={() => setFailed(true)}
    />
  );
}
