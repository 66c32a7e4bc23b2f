import type { ReactNode } from 'react';

/** One card of the settings screen, with its heading. */
export function SettingsSection({
  title,
  description,
  tone = 'normal',
  children,
}: {
  title: string;
  description?: ReactNode;
  tone?: 'normal' | 'danger';
  children: ReactNode;
}) {
  const border =
    tone === 'danger'
      ? 'border-red-200 dark:border-red-900'
      : 'border-gray-200 dark:border-gray-800';
  return (
    <section
      aria-labelledby={`settings-${title.replaceAll(' ', '-').toLowerCase()}`}
      className={`space-y-4 rounded-2xl border bg-white p-5 shadow-sm sm:p-6 dark:bg-gray-900 ${border}`}
    >
      <div className="space-y-1">
        <h2
          id={`settings-${title.replaceAll(' ', '-').toLowerCase()}`}
          className={`text-lg font-semibold ${tone === 'danger' ? 'text-red-700 dark:text-red-400' : 'text-gray-900 dark:text-white'}`}
        >
          {title}
        </h2>
        {description && <p className="text-sm text-gray-600 dark:text-gray-300">{description}</p>}
      </div>
      {children}
    </section>
  );
}
