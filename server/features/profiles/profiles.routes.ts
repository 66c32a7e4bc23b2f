import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import { LANDING_PREVIEW_COUNT, LIMITS } from '../../../shared/limits.ts';
import type { AppDeps } from '../../app-deps.ts';
import { errors } from '../../errors.ts';
import { contentEtag, isNotModified, PUBLIC_PAGE_CACHE } from '../../http-cache.ts';
import { getLandingPreview, getProfileJson } from './profiles.service.ts';

/** Usernames are letters, digits and underscores, at most LIMITS.usernameMax long. */
const POSSIBLE_USERNAME = new RegExp(`^[A-Za-z0-9_]{1,${LIMITS.usernameMax}}$`);

const nullableString = { type: ['string', 'null'] } as const;

/**
 * The answer's shape. The preview is serialised with it; the profile itself is sent as the JSON
 * text the database keeps (migration 0052), which the tests hold to the same shape.
 */
const profileResponse = {
  200: {
    type: 'object',
    properties: {
      username: { type: 'string' },
      codes: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            service: { type: 'string' },
            serviceName: { type: 'string' },
            productName: nullableString,
            code: { type: 'string' },
            reward: { type: 'string' },
            link: nullableString,
            createdAt: { type: 'string' },
          },
        },
      },
    },
  },
} as const;

/** Public profiles, and the landing page's demo preview. */
export async function profilesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config } = deps;

  app.get('/profiles/:username', async (request, reply) => {
    const { username } = request.params as { username: string };
    // A name no username could have is answered without asking the database.
    if (!POSSIBLE_USERNAME.test(username)) {
      throw errors.notFound('Profile not found', ERROR_CODES.userNotFound);
    }
    const json = await getProfileJson(db, username);
    const etag = contentEtag(json);
    reply.header('etag', etag).header('cache-control', PUBLIC_PAGE_CACHE);
    if (isNotModified(request, etag)) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(json);
  });

  // The browser does not know DEMO_USERNAME; this names no user and shows only the preview.
  app.get('/landing/preview', { schema: { response: profileResponse } }, async () =>
    getLandingPreview(db, config.demoUsername, LANDING_PREVIEW_COUNT),
  );
}
