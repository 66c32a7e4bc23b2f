import { z } from 'zod';
import { apiErrorSchema } from '../../shared/api-error-schema.ts';
import { isPossibleUsername, isUuid } from '../../shared/public-paths.ts';

/**
 * Building blocks of route declarations (`schema: { params, querystring, body, response }`, see
 * CONTRIBUTING.md "How to add a route"). The type provider validates input with them, types the
 * handler, serialises answers through them, and the OpenAPI document is generated from them.
 */

/** A route's answers: its own success bodies, and the one error shape for every 4xx and 5xx. */
export function answers<const T extends Record<number, unknown>>(ok: T) {
  return { ...ok, '4xx': apiErrorSchema, '5xx': apiErrorSchema };
}

/** 204: nothing in the body. */
export const noContent = z.undefined().describe('Done; no body');

/** 301: a username its owner renamed away from leads to the current one (90 days). */
export const moved = z.undefined().describe('Moved: the profile now has another username');

/** 304: the copy the client holds (its `If-None-Match`) is current. */
export const notModified = z.undefined().describe('Not modified');

/**
 * A JSON body; an absent body is checked as `{}`, so a POST with no body gets the fields' own
 * messages (or passes, when every field is optional), never "body must be an object".
 */
export function jsonBody<T extends z.ZodType<object>>(schema: T) {
  return schema.prefault({} as z.input<T>);
}

/** Bytes (an image): the handler sends a Buffer or a string, which is never re-serialised. */
export const binary = z
  .custom<Buffer | string>((value) => Buffer.isBuffer(value) || typeof value === 'string')
  .meta({ type: 'string', format: 'binary' });

/** An answer that is an image of one of `types`, for the OpenAPI document. */
export function imageAnswer(description: string, types: readonly string[]) {
  return {
    description,
    content: Object.fromEntries(types.map((type) => [type, { schema: binary }])),
  };
}

/** `:username` in a public path: a text no username could be is refused before any query. */
export const usernameParams = z.object({ username: z.string().refine(isPossibleUsername) });

/** A code's id in a path (every id is a UUID), lowercased; anything else names no code. */
export const codeIdSchema = z
  .string()
  .refine(isUuid)
  .transform((id) => id.toLowerCase());
