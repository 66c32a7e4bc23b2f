import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';

/** The look of the small text links and buttons under a card. */
export const FOOTER_LINK_CLASS =
  'inline-flex min-h-11 items-center font-medium text-accent-700 hover:underline dark:text-accent-300';

/** The e-mail field of the request and confirm forms (spread into the one TextField). */
export const EMAIL_INPUT = {
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
  placeholder: 'you@example.com',
  spellCheck: false,
  autoCapitalize: 'none',
} as const;

export function BackHomeLink() {
  return (
    <Link to={paths.home} className={FOOTER_LINK_CLASS}>
      ← Back to home
    </Link>
  );
}

/** The centred card every sign-in mode sits in, with an optional footer line. */
export function AuthCard({
  title,
  description,
  footer,
  children,
}: {
  title: string;
  description?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-800 dark:bg-gray-900">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">{title}</h1>
        {description && (
          <div className="mt-2 text-pretty text-sm leading-6 text-gray-600 dark:text-gray-300">
            {description}
          </div>
        )}
        <div className="mt-6">{children}</div>
        {footer && (
          <div className="mt-6 border-t border-gray-200 pt-4 text-center text-sm dark:border-gray-800">
            {footer}
          </div>
        )}
      </div>
    </section>
  );
}
