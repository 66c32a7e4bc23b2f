import { z } from 'zod';
import { CODE_MESSAGES, codeFormSchema } from '../../../shared/code-schemas.ts';
import type { Service } from '../../components/services/services-api.ts';

/** What the service combobox holds: the chosen id ('' when none) and the text in the box. */
export interface ServiceChoice {
  id: string;
  query: string;
}

/**
 * The code form's schema: the shared one, with the combobox's choice turned into a service id
 * first. Typing a service's exact name counts as choosing it; while the list is still loading any
 * id passes (the server checks it against the services table anyway).
 */
export function codeFormSchemaFor(services: readonly Service[] | undefined) {
  return codeFormSchema.extend({
    service: z
      .object({ id: z.string(), query: z.string() })
      .transform(({ id, query }) => {
        if (id) return id;
        const typed = query.trim().toLowerCase();
        return services?.find((s) => s.name.toLowerCase() === typed)?.id ?? query;
      })
      .pipe(codeFormSchema.shape.service)
      .refine((id) => !services || services.some((s) => s.id === id), CODE_MESSAGES.serviceInvalid),
  });
}
