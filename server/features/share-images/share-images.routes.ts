import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import {
  answers,
  imageAnswer,
  moved,
  notModified,
  usernameParams,
} from '../../http/route-schemas.ts';
import { contentEtag, isNotModified, queryOf, sendMoved } from '../../http-cache.ts';
import type { RateRule } from '../../plugins/route-rules.ts';
import { serviceIdParam } from '../discovery/discovery.routes.ts';
import { serviceNotFound } from '../discovery/discovery.service.ts';
import { avatarPngDataUri } from '../profile-identity/identity.service.ts';
import { profileNotFound } from '../profiles/profiles.service.ts';
import { currentNameOfHolder } from '../usernames/username-holds.ts';
import { createShareImages, type ShareImage } from './share-images.service.ts';

/** Image requests one IP may make per minute: a crawler fetches one per shared link. */
export const SHARE_IMAGES_LIMIT = {
  name: 'share-image',
  per: 'ip',
  limit: 60,
  windowMs: 60_000,
} as const satisfies RateRule;

// `v` names the version the page linked; anything else in it is simply not the current version.
const imageQuery = z.object({ v: z.string().optional().catch(undefined) });
const imageAnswers = answers({
  200: imageAnswer('A 1200 × 630 PNG', ['image/png']),
  301: moved,
  304: notModified,
});

function sendImage(request: FastifyRequest, reply: FastifyReply, image: ShareImage, v?: string) {
  const etag = contentEtag(image.version);
  // The page links the image with its version: that URL may be cached for a day. Any other
  // (an old version's) is revalidated.
  reply
    .header('etag', etag)
    .header(
      'cache-control',
      v === image.version ? 'public, max-age=86400' : 'public, max-age=0, must-revalidate',
    );
  if (isNotModified(request, etag)) return reply.status(304).send();
  return reply.type('image/png').send(image.png);
}

/** Link-preview images (`og:image`): a profile's, a service page's, and the landing page's. */
export async function shareImagesRoutes(
  app: FastifyInstance,
  { db, config, discovery, profiles, foregroundWork }: AppDeps,
) {
  const images = createShareImages({
    host: new URL(config.appUrl).host,
    cacheBytes: config.cacheBytes.shareImages,
    avatarPng: (hash) => avatarPngDataUri(db, hash),
    foreground: foregroundWork,
  });
  app.addHook('onClose', () => images.close());
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/share-images/profiles/:username',
    {
      config: { notFound: profileNotFound, rateLimits: [SHARE_IMAGES_LIMIT] },
      schema: {
        summary: "A profile's link-preview image",
        params: usernameParams,
        querystring: imageQuery,
        response: imageAnswers,
      },
    },
    async (request, reply) => {
      const username = request.params.username.toLowerCase();
      const row = (await profiles.find(username))?.row;
      if (!row) {
        const current = await currentNameOfHolder(db, username, Date.now());
        if (current === undefined) throw profileNotFound();
        return sendMoved(reply, `/api/share-images/profiles/${current}${queryOf(request.url)}`);
      }
      return sendImage(request, reply, await images.profile(row), request.query.v);
    },
  );

  api.get(
    '/share-images/services/:id',
    {
      config: { notFound: serviceNotFound, rateLimits: [SHARE_IMAGES_LIMIT] },
      schema: {
        summary: "A service page's link-preview image",
        params: z.object({ id: serviceIdParam }),
        querystring: imageQuery,
        response: imageAnswers,
      },
    },
    async (request, reply) => {
      const listing = await discovery.listing(request.params.id);
      if (!listing) throw serviceNotFound();
      const image = await images.service(listing.service, listing.codes.length);
      return sendImage(request, reply, image, request.query.v);
    },
  );

  api.get(
    '/share-images/landing',
    {
      config: { rateLimits: [SHARE_IMAGES_LIMIT] },
      schema: {
        summary: "The landing page's link-preview image",
        querystring: imageQuery,
        response: imageAnswers,
      },
    },
    async (request, reply) => sendImage(request, reply, await images.landing(), request.query.v),
  );
}
