import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.ts';
import { answers } from '../http/route-schemas.ts';
import { sessionCookieName } from './session.ts';

const zodTransform = createJsonSchemaTransform({
  // Image answers are bytes: `binary` carries its own JSON Schema in its metadata.
  zodToJsonConfig: { unrepresentable: 'any' },
});

/**
 * The OpenAPI 3.1 document of the JSON API, generated from the routes' own declarations (the
 * same zod schemas that validate and serialise). Pages and other non-/api paths are left out.
 * Register before the routes: the document collects routes as they are added.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Refstash API',
        description:
          'Keep referral codes and share them on a public profile. Errors are always `{ error: { code, message, fields? } }`. State-changing calls need `Origin` equal to the app and a JSON body.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(config) },
          // Personal API tokens (decision 107): an operation lists the scope it needs.
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'rs_…',
            description:
              'A personal API token from Settings → API tokens, as `Authorization: Bearer rs_…`. Scopes: `codes:read`, `codes:write`, `stats:read`. Never with a session cookie; no Origin check. Operations without a `bearer` requirement refuse tokens (403).',
          },
        },
      },
    },
    transform: (document) => {
      if (!document.url.startsWith('/api/')) return { schema: { hide: true }, url: document.url };
      return zodTransform(document);
    },
  });
}

/** GET /api/openapi.json: the document, for client generators and API explorers. */
export async function openApiRoutes(api: FastifyInstance): Promise<void> {
  api.get(
    '/openapi.json',
    {
      schema: {
        summary: 'This document',
        response: answers({ 200: z.record(z.string(), z.unknown()) }),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return api.swagger() as unknown as Record<string, unknown>;
    },
  );
}
