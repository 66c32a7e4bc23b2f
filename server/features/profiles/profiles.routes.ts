import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileSchema } from '../../../shared/code-schemas.ts';
import { LANDING_PREVIEW_COUNT } from '../../../shared/limits.ts';
import type { AppDeps } from '../../app-deps.ts';
import { answers, moved, notModified, usernameParams } from '../../http/route-schemas.ts';
import { isNotModified, PUBLIC_PAGE_CACHE, sendMoved } from '../../http-cache.ts';
import { currentNameOfHolder } from '../usernames/username-holds.ts';
import { getLandingPreview, profileNotFound } from './profiles.service.ts';

/** Public profiles, and the landing page's demo preview. */
export async function profilesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config, profiles } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/profiles/:username',
    {
      config: { notFound: profileNotFound },
      schema: {
        summary: 'A public profile: the username and its codes, newest first',
        params: usernameParams,
        // The profile is sent as the JSON text the database keeps (migration 0052): a string is
        // never re-serialised, so this schema documents it; the tests hold the text to it.
        response: answers({ 200: profileSchema, 301: moved, 304: notModified }),
      },
    },
    async (request, reply) => {
      const username = request.params.username.toLowerCase();
      const profile = await profiles.find(username);
      if (!profile) {
        // A name its owner renamed away from still leads to them for the hold's 90 days.
        const current = await currentNameOfHolder(db, username, Date.now());
        if (current === undefined) throw profileNotFound();
        return sendMoved(reply, `/api/profiles/${current}`);
      }
      reply.header('etag', profile.etag).header('cache-control', PUBLIC_PAGE_CACHE);
      if (isNotModified(request, profile.etag)) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(profile.json as never);
    },
  );

  // The browser does not know DEMO_USERNAME; this names no user and shows only the preview.
  api.get(
    '/landing/preview',
    {
      schema: {
        summary: "The landing page's demo codes",
        response: answers({ 200: profileSchema }),
      },
    },
    async () => getLandingPreview(profiles, config.demoUsername, LANDING_PREVIEW_COUNT),
  );
}
