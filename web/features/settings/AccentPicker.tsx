import type { UseFormRegisterReturn } from 'react-hook-form';
import { ACCENT_LABELS, ACCENT_PALETTE } from '../../../shared/accent-palette.ts';
import { ACCENT_NAMES, type AccentName } from '../../../shared/profile-identity.ts';

/**
 * The accent colour as a radio group of 8 swatches (issue 26): native radios, so arrow keys move
 * the choice and a screen reader reads each colour's name; the swatch shows the button shade.
 */
export function AccentPicker({
  registration,
  value,
  error,
}: {
  registration: UseFormRegisterReturn<'accent'>;
  value: AccentName | undefined;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? 'accent-error' : undefined}>
      <legend className="block text-sm font-medium text-gray-800 dark:text-gray-100">
        Accent colour
      </legend>
      <div className="mt-2 flex flex-wrap gap-1">
        {ACCENT_NAMES.map((name) => (
          <label
            key={name}
            className="relative inline-flex cursor-pointer"
            title={ACCENT_LABELS[name]}
          >
            <input
              type="radio"
              value={name}
              {...registration}
              className="peer absolute inset-0 h-full w-full cursor-pointer opacity-0"
            />
            <span
              aria-hidden="true"
              data-swatch={name}
              className="flex h-11 w-11 items-center justify-center rounded-full ring-offset-2 ring-offset-white peer-checked:ring-2 peer-checked:ring-gray-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-gray-900 dark:ring-offset-gray-900 dark:peer-checked:ring-white dark:peer-focus-visible:outline-white"
              style={{ backgroundColor: ACCENT_PALETTE[name][600] }}
            >
              {value === name && (
                <svg
                  viewBox="0 0 20 20"
                  className="h-5 w-5 text-white"
                  fill="currentColor"
                  aria-hidden="true"
                >
                  <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                </svg>
              )}
            </span>
            <span className="sr-only">{ACCENT_LABELS[name]}</span>
          </label>
        ))}
      </div>
      {value && ACCENT_LABELS[value] && (
        <p className="mt-1.5 text-sm text-gray-600 dark:text-gray-300">{ACCENT_LABELS[value]}</p>
      )}
      {error && (
        <p id="accent-error" className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
