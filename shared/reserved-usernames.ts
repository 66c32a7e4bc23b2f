/**
 * Names that would shadow a route or a served file (`/admin`, `/api`, …), a page the product may
 * add (`/stats`, `/search`, `/s/…` service pages), or read as the site speaking. They are
 * refused as taken, and their paths never reach a profile page (`isPossibleUsername`). Names shorter than the minimum (`u`, `s`) are listed too, so the list stays
 * right if the minimum ever changes.
 */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'about',
  'account',
  'admin',
  'administrator',
  'api',
  'app',
  'assets',
  'dashboard',
  'discover',
  'explore',
  'favicon',
  'feed',
  'finishsignup',
  'healthz',
  'help',
  'index',
  'login',
  'logout',
  'magic_link',
  'magiclink',
  'manifest',
  'me',
  'new',
  'null',
  'openapi',
  'privacy',
  'profile',
  'refstash',
  'robots',
  'root',
  'rules',
  's',
  'search',
  'services',
  'settings',
  'signin',
  'signout',
  'signup',
  'sitemap',
  'sitemaps',
  'static',
  'stats',
  'support',
  'system',
  'terms',
  'u',
  'undefined',
  'usernames',
  'www',
]);

/** True when the name (any case) is reserved. */
export function isReservedUsername(name: string): boolean {
  return RESERVED_USERNAMES.has(name.toLowerCase());
}
