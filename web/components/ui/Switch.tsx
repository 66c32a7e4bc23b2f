import { type ReactNode, type Ref, useId } from 'react';

export interface SwitchFieldProps {
  label: string;
  /** One line under the label saying what the switch does. */
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLInputElement>;
  error?: string;
  /** Shown but not changeable (an e-mail that cannot be switched off); the hint says why. */
  disabled?: boolean;
}

/**
 * An on/off setting: a checkbox with `role=switch`, its label and hint, in a bordered row (the
 * code form's listing switch, the settings' listing default).
 */
export function SwitchField({
  label,
  hint,
  checked,
  onChange,
  onBlur,
  ref,
  error,
  disabled = false,
}: SwitchFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return (
    <div className="rounded-lg border border-gray-200 p-3 dark:border-gray-700">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-gray-800 dark:text-gray-100">
          {label}
        </label>
        <input
          id={id}
          ref={ref}
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-checked={checked}
          aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
          className="peer relative h-7 w-12 shrink-0 cursor-pointer appearance-none rounded-full bg-gray-300 transition-colors before:absolute before:left-1 before:top-1 before:h-5 before:w-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-accent-600 checked:before:translate-x-5 dark:bg-gray-600 dark:checked:bg-accent-500 disabled:cursor-not-allowed disabled:opacity-60"
        />
      </div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-600 dark:text-gray-300">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
