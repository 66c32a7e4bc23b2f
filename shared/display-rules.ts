/**
 * Display rules of spec §5 and decisions.md, shared by every card. Kept free of dependencies:
 * the public profile's first-load bundle imports it.
 */

const NUMERIC_REWARD = /^\d+(?:[.,]\d+)?$/;

/** The reward with a `$` prefix when it is a plain number ("15" → "$15"), else as written. */
export function formatReward(reward: string): string {
  const trimmed = reward.trim();
  return NUMERIC_REWARD.test(trimmed) ? `$${trimmed}` : reward;
}

/**
 * The link as a URL when it parses as an absolute http: or https: URL, else null (a note, or
 * a javascript:/data: link, which must never become clickable or a QR code).
 */
export function safeHttpUrl(link: string | null | undefined): string | null {
  if (!link) return null;
  const trimmed = link.trim();
  if (!URL.canParse(trimmed)) return null;
  const url = new URL(trimmed);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  return url.href;
}

/**
 * A service's name after 'a' or 'an', by its first letter: 'an Uber', 'an Airbnb', 'a Netflix'.
 * Brand names are read as spelled, so the vowel letter is a good enough guide.
 */
export function withArticle(name: string): string {
  return `${/^[aeiou]/i.test(name.trim()) ? 'an' : 'a'} ${name}`;
}

/**
 * `text` cut to at most `max` characters (code points), at a word boundary where one is near,
 * with '…' at the end when cut: for titles and previews that must stay short.
 */
export function shorten(text: string, max: number): string {
  const chars = [...text.trim()];
  if (chars.length <= max) return chars.join('');
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space >= max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
