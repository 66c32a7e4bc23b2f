import { KNOWN_SERVICE_NAMES } from './service-catalogue.ts';

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * The display-name rule of spec §3: the known map first; else a dotted id uses its first
 * part, split on hyphens or underscores and capitalised; else the id capitalised.
 */
export function serviceDisplayName(serviceId: string): string {
  const known = KNOWN_SERVICE_NAMES.get(serviceId.toLowerCase());
  if (known) return known;
  if (serviceId.includes('.')) {
    const [first = ''] = serviceId.split('.');
    return first
      .split(/[-_]/)
      .filter((part) => part.length > 0)
      .map(capitalise)
      .join(' ');
  }
  return capitalise(serviceId);
}
