import { type Control, type FieldValues, useFormState } from 'react-hook-form';
import { Banner } from './Banner.tsx';

/**
 * A form's failure banner (role=alert): what applyApiError put in the form's root error. It
 * reads the form's state itself, so an error set before it mounted (sign-in's automatic first
 * attempt) shows too.
 */
export function FormBanner<T extends FieldValues>({
  form,
}: {
  form: { control: Control<T, unknown, unknown> };
}) {
  const { errors } = useFormState({ control: form.control });
  const message = errors.root?.server?.message;
  return message ? <Banner tone="error">{message}</Banner> : null;
}
