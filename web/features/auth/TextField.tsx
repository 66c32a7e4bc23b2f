import { type ReactNode, useId } from 'react';

const INPUT_CLASSES =
  'block min-h-11 w-full rounded-lg border bg-white px-3 text-base text-gray-900 shadow-sm placeholder:text-gray-400 focus:border-accent-500 focus:outline-none focus:ring-2 focus:ring-accent-500/30 dark:bg-gray-950 dark:text-white dark:placeholder:text-gray-500';

/** A labelled input with its spec message shown as text beneath it. */
export function TextField({
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  autoComplete,
  placeholder,
  autoFocus,
  prefix,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  type?: 'text' | 'email';
  autoComplete?: string;
  placeholder?: string;
  autoFocus?: boolean;
  prefix?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  const border = error
    ? 'border-red-500 dark:border-red-400'
    : 'border-gray-300 dark:border-gray-600';
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800 dark:text-gray-100">
        {label}
      </label>
      <div className="relative mt-1.5">
        {prefix && (
          <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-base text-gray-500 dark:text-gray-400">
            {prefix}
          </span>
        )}
        <input
          id={id}
          type={type}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          placeholder={placeholder}
          // biome-ignore lint/a11y/noAutofocus: the field is the only task on its screen
          autoFocus={autoFocus}
          spellCheck={false}
          autoCapitalize="none"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`${INPUT_CLASSES} ${border} ${prefix ? 'pl-7' : ''}`}
        />
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {hint && !error && (
        <div id={hintId} className="mt-1.5 text-sm text-gray-600 dark:text-gray-300">
          {hint}
        </div>
      )}
    </div>
  );
}

/** The e-mail field of the request and confirm forms. */
export function EmailField(props: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      autoFocus
      {...props}
    />
  );
}
