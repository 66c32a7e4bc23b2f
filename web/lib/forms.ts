import { zodResolver } from '@hookform/resolvers/zod';
import {
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { type ApiErrorOptions, applyApiError } from './form-errors.ts';

/** A zod object schema of a form: what the fields hold in, what the submit gets out. */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * The one way to set up a form (see CONTRIBUTING.md): the shared zod schema checks the values;
 * nothing is checked before the first submit, after it every field re-checks as it changes, so a
 * message goes as soon as its cause is fixed. A failed submit moves focus to the first invalid
 * field, which scrolls it and its message into view (issue 24; decision 051 amended): on a phone
 * the first errors were out of view while focus stayed on the button.
 */
export function useZodForm<S extends FormSchema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
    resolver: zodResolver(schema),
  });
}

/**
 * The form's submit handler: `send` gets the parsed values; while it runs the form is submitting
 * (the button shows its spinner); when it fails, the error goes onto the fields or into the
 * banner, by the one mapping in form-errors.ts.
 */
export function submitRequest<TIn extends FieldValues, TOut>(
  form: UseFormReturn<TIn, unknown, TOut>,
  send: (values: TOut) => Promise<unknown>,
  errors: ApiErrorOptions<Path<TIn>>,
) {
  return form.handleSubmit(async (values) => {
    try {
      await send(values);
    } catch (error) {
      applyApiError(error, form, errors);
    }
  });
}

/** A text field's props: react-hook-form's registration and the field's message. */
export function textField<TIn extends FieldValues, TOut>(
  form: UseFormReturn<TIn, unknown, TOut>,
  name: Path<TIn>,
) {
  return {
    ...form.register(name),
    error: form.getFieldState(name, form.formState).error?.message,
  };
}
