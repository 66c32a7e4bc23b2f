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
} as const;
