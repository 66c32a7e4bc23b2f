/** Every route of spec §2, in one place. */
export const paths = {
  home: '/',
  signup: '/signup',
  login: '/login',
  magicLink: '/magic-link',
  finishSignUp: '/finishSignUp',
  dashboard: '/dashboard',
  admin: '/admin',
  profile: (username: string) => `/${encodeURIComponent(username)}`,
  /** One code's own page (its link is what a visitor shares). */
  code: (username: string, codeId: string) =>
    `/${encodeURIComponent(username)}/${encodeURIComponent(codeId)}`,
} as const;
