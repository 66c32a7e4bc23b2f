import type { SimpleIcon } from 'simple-icons';
import { isKnownService } from '../../../shared/known-services.ts';

/** Known ids whose simple-icons slug differs from the id. */
const SLUG_ALIASES: Readonly<Record<string, string>> = {
  booking: 'bookingdotcom',
  hotels: 'hotelsdotcom',
  amex: 'americanexpress',
};

interface BrandIcon {
  path: string;
  hex: string;
}

let iconsBySlug: Promise<Map<string, BrandIcon>> | undefined;

/** simple-icons holds ~3,500 icons: load them on the first lookup, not at startup. */
function loadIcons(): Promise<Map<string, BrandIcon>> {
  iconsBySlug ??= import('simple-icons').then(
    (icons) =>
      new Map(
        Object.values(icons)
          .filter((icon): icon is SimpleIcon => typeof icon === 'object' && 'slug' in icon)
          .map((icon) => [icon.slug, { path: icon.path, hex: icon.hex }]),
      ),
  );
  return iconsBySlug;
}

/**
 * The bundled simple-icons logo of a known service, drawn in its brand colour at the given
 * size, as SVG text; null when the service is unknown or simple-icons has no such brand.
 */
export async function brandSvg(
  serviceId: string,
  width: number,
  height: number,
): Promise<string | null> {
  const id = serviceId.toLowerCase();
  if (!isKnownService(id)) return null;
  const icon = (await loadIcons()).get(SLUG_ALIASES[id] ?? id);
  if (!icon) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="${width}" height="${height}"><path fill="#${icon.hex}" d="${icon.path}"/></svg>`;
}
