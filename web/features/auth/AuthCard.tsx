import type { ReactNode } from 'react';

/** The centred card every sign-in mode sits in. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8 dark:border-gray-800 dark:bg-gray-900">
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 dark:text-white">{title}</h1>
        {description && (
          <div className="mt-2 text-sm leading-6 text-gray-600 dark:text-gray-300">
            {description}
          </div>
        )}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}
