/** Something with a display name: a service of the list. */
interface Named {
  readonly name: string;
}

const byName = (a: Named, b: Named) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });

/**
 * The code form's search (issue 13, item 4): names that start with the query first, then names
 * with a word that starts with it (after a space, hyphen or other non-letter), then names that
 * only contain it; each group A–Z. "ub" gives Uber, Uber Eats, …, Grubhub, Public, YouTube.
 * Case and the spaces around the query do not count; an empty query gives the whole list A–Z.
 */
export function rankServices<T extends Named>(services: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...services].sort(byName);
  const groups: [T[], T[], T[]] = [[], [], []];
  for (const service of services) {
    const name = service.name.toLowerCase();
    if (name.startsWith(needle)) groups[0].push(service);
    else if (wordStarts(name, needle)) groups[1].push(service);
    else if (name.includes(needle)) groups[2].push(service);
  }
  return groups.flatMap((group) => group.sort(byName));
}

/** Whether a word of `name` (not its first) starts with `needle`. */
function wordStarts(name: string, needle: string): boolean {
  for (let at = name.indexOf(needle, 1); at !== -1; at = name.indexOf(needle, at + 1)) {
    if (!/[\p{L}\p{N}]/u.test(name[at - 1] ?? '')) return true;
  }
  return false;
}
