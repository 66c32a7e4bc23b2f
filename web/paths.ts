/** Every route of spec §2, in one place. */
export const paths = {
  home: '/',
  signup: '/signup',
  login: '/login',
  magicLink: '/magic-link',
  finishSignUp: '/finishSignUp',
  dashboard: '/dashboard',
  settings: '/settings',
  stats: '/dashboard/stats',
  admin: '/admin',
  /** The directory of services with listed codes (decision 070); a service's page is /s/:id. */
  directory: '/s',
  /** What may be shared, what gets removed and how to appeal (issue 23). */
  rules: '/rules',
  profile: (username: string) => `/${encodeURIComponent(username)}`,
  /** One code's own page (its link is what a visitor shares). */
  code: (username: string, codeId: string) =>
    `/${encodeURIComponent(username)}/${encodeURIComponent(codeId)}`,
} as const;
