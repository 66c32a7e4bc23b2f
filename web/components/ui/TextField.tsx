import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';

/**
 * The one text-input look (decision 050): white on light, gray-950 with a gray-600 border on dark
 * (gray-700 barely showed on the gray-900 modal surface), red borders for a field in error, 44 px
 * tall, 16 px text so phones do not zoom in. Focus keeps the app's accent outline.
 */
export function inputClasses(invalid: boolean): string {
  const border = invalid
    ? 'border-red-600 dark:border-red-400'
    : 'border-gray-300 dark:border-gray-600';
  return `block min-h-11 w-full rounded-lg border bg-white px-3 text-base text-gray-900 shadow-sm placeholder:text-gray-500 focus:border-accent-500 dark:bg-gray-950 dark:text-gray-100 dark:placeholder:text-gray-400 ${border}`;
}

/** What a control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: string;
  /** Says '(optional)' after the label. */
  optional?: boolean;
  /** Help under the control, read out with it (aria-describedby). */
  hint?: ReactNode;
  /** The spec's message, shown as page text under the control and tied to it. */
  error?: string;
  /** Under the error, e.g. a one-tap fix for it; shown only with the error. */
  errorAction?: ReactNode;
  /** Beside the label, e.g. a 'Request a new service' link-button. */
  labelAside?: ReactNode;
  /** Beside the control, e.g. the form's only button. */
  controlAside?: ReactNode;
  className?: string;
  /** An id for the control; one is made otherwise. */
  id?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled control with its hint and error (forms are noValidate: the messages are page text).
 * TextField and TextareaField are built on it, and so is the service combobox.
 */
export function Field({
  label,
  optional,
  hint,
  error,
  errorAction,
  labelAside,
  controlAside,
  className,
  id: givenId,
  children,
}: FieldProps) {
  const madeId = useId();
  const id = givenId ?? madeId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const labelElement = (
    <label htmlFor={id} className="block text-sm font-medium text-gray-800 dark:text-gray-100">
      {label}
      {optional && (
        <span className="font-normal text-gray-600 dark:text-gray-400"> (optional)</span>
      )}
    </label>
  );
  const control = children({
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  });
  return (
    <div className={className}>
      {labelAside ? (
        <div className="flex items-end justify-between gap-2">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {controlAside ? (
        <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
          <div className="relative min-w-0 flex-1">{control}</div>
          {controlAside}
        </div>
      ) : (
        <div className="relative mt-1.5">{control}</div>
      )}
      {hint && (
        <div id={hintId} className="mt-1.5 text-sm text-gray-600 dark:text-gray-300">
          {hint}
        </div>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {error && errorAction && <div className="mt-2">{errorAction}</div>}
    </div>
  );
}

type FieldOwnProps = Omit<FieldProps, 'children'>;

const FIELD_KEYS = [
  'label',
  'optional',
  'hint',
  'error',
  'errorAction',
  'labelAside',
  'controlAside',
  'className',
  'id',
] as const satisfies ReadonlyArray<keyof FieldOwnProps>;

/** Splits a field component's props into the Field's and the control's. */
function splitFieldProps<P extends FieldOwnProps>(
  props: P,
): [FieldOwnProps, Omit<P, keyof FieldOwnProps>] {
  const field: Record<string, unknown> = {};
  const control: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if ((FIELD_KEYS as readonly string[]).includes(key)) field[key] = value;
    else control[key] = value;
  }
  return [field as unknown as FieldOwnProps, control as Omit<P, keyof FieldOwnProps>];
}

export interface TextFieldProps
  extends FieldOwnProps,
    Omit<ComponentPropsWithRef<'input'>, 'className' | 'prefix' | 'id'> {
  /** A fixed character inside the box before the text, e.g. '@'. */
  prefix?: string;
  /** Extra classes for the input itself (e.g. font-mono). */
  inputClassName?: string;
}

/** The one labelled text input; spread react-hook-form's `register(name)` into it. */
export function TextField(props: TextFieldProps) {
  const [field, { prefix, inputClassName = '', ...input }] = splitFieldProps(props);
  return (
    <Field {...field}>
      {(control) => (
        <>
          {prefix && (
            <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-base text-gray-500 dark:text-gray-400">
              {prefix}
            </span>
          )}
          <input
            type="text"
            {...input}
            {...control}
            className={`${inputClasses(Boolean(field.error))} ${prefix ? 'pl-7' : ''} ${inputClassName}`}
          />
        </>
      )}
    </Field>
  );
}

export interface TextareaFieldProps
  extends FieldOwnProps,
    Omit<ComponentPropsWithRef<'textarea'>, 'className' | 'id'> {}

/** TextField's multi-line sibling, in the same look. */
export function TextareaField(props: TextareaFieldProps) {
  const [field, { rows = 3, ...textarea }] = splitFieldProps(props);
  return (
    <Field {...field}>
      {(control) => (
        <textarea
          rows={rows}
          {...textarea}
          {...control}
          className={`${inputClasses(Boolean(field.error))} py-2`}
        />
      )}
    </Field>
  );
}
