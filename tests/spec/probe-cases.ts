/**
 * Inputs from the outside probe of issue 10, written out by hand: each was accepted before its
 * fix. The schema, API and screen tests all run them. Like spec-text.ts, no production module
 * imports this file and it imports nothing.
 */

/** Finding 4: address variants that reached `victim@example.test` and dodged its limits. */
export const ADDRESS_VARIANTS = [
  '<victim@example.test>',
  ',victim@example.test',
  'victim@example.test,',
  'x:victim@example.test;',
  '"victim@example.test',
  'victim@example.test>',
  'victim@example.test,x',
  'victim@example.test;bcc',
] as const;

/**
 * Finding 8: route-like names a future page could need (`/stats`, `/search`, `/s/…` service
 * pages), and files a browser or crawler asks for. `u` and `s` are below the 3-character minimum.
 */
export const ROUTE_LIKE_USERNAMES = [
  'stats',
  'sitemap',
  'settings',
  'search',
  'services',
  'discover',
  'explore',
  'feed',
  'new',
  'account',
  'profile',
  'robots',
  'favicon',
  'manifest',
  'openapi',
  'sitemaps',
] as const;
