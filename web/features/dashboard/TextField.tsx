import { type InputHTMLAttributes, useId } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown under the label, e.g. "Optional". */
  hint?: string;
  error?: string;
}

/** A labelled input whose error is page text tied to the input (forms use noValidate). */
export function TextField({ label, hint, error, className = '', ...rest }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800 dark:text-gray-100">
        {label}
        {hint && (
          <span className="ml-1 font-normal text-gray-600 dark:text-gray-400">({hint})</span>
        )}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`mt-1 min-h-11 w-full rounded-lg border bg-white px-3 text-base text-gray-900 sm:text-sm dark:bg-gray-950 dark:text-gray-100 ${
          error ? 'border-red-500 dark:border-red-400' : 'border-gray-300 dark:border-gray-600'
        }`}
        {...rest}
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
