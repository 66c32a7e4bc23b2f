import { z } from 'zod';

/**
 * The wire shape of every error answer, `{ error: { code, message, fields? } }`: declared on every
 * route's 4xx and 5xx answers, so the OpenAPI document shows it. Its own module, so the browser's
 * light pages, which only need the type (`ApiErrorBody` in error-codes.ts), never load zod for it.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
