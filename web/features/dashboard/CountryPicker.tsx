import { type Ref, useMemo } from 'react';
import { countriesByName, countryName } from '../../../shared/countries.ts';
import { type FieldControlProps, inputClasses } from '../../components/ui/TextField.tsx';

export interface CountryPickerProps extends FieldControlProps {
  value: readonly string[];
  onChange: (value: string[]) => void;
  onBlur: () => void;
  invalid: boolean;
  ref?: Ref<HTMLSelectElement>;
}

/**
 * 'Works in': a native select that adds a country, and the chosen ones as removable chips, by
 * name (shared/countries.ts). No library: the select is the list, the chips are buttons.
 */
export function CountryPicker({
  value,
  onChange,
  onBlur,
  invalid,
  ref,
  ...control
}: CountryPickerProps) {
  const countries = useMemo(countriesByName, []);
  const chosen = new Set(value);
  return (
    <div className="space-y-2">
      <select
        ref={ref}
        {...control}
        value=""
        onBlur={onBlur}
        onChange={(event) => {
          const code = event.target.value;
          if (code && !chosen.has(code)) onChange([...value, code]);
        }}
        className={inputClasses(invalid)}
      >
        <option value="">{value.length === 0 ? 'Everywhere' : 'Add a country…'}</option>
        {countries.map(({ code, name }) =>
          chosen.has(code) ? null : (
            <option key={code} value={code}>
              {name}
            </option>
          ),
        )}
      </select>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen countries">
          {value.map((code) => (
            <li key={code}>
              <button
                type="button"
                aria-label={`Remove ${countryName(code)}`}
                onClick={() => onChange(value.filter((item) => item !== code))}
                className="inline-flex min-h-9 items-center gap-1.5 rounded-full bg-accent-50 px-3 text-sm font-medium text-accent-800 ring-1 ring-inset ring-accent-200 hover:bg-accent-100 dark:bg-gray-800 dark:text-gray-100 dark:ring-gray-600 dark:hover:bg-gray-700"
              >
                {countryName(code)}
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
