import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import { isPossibleUsername } from '../../../shared/public-paths.ts';
import type { AppDeps } from '../../app-deps.ts';
import { errors } from '../../errors.ts';
import { contentEtag, isNotModified } from '../../http-cache.ts';
import { enforceLimit } from '../../plugins/rate-limiter.ts';
import { landingShareImage, profileShareImage, type ShareImage } from './share-images.service.ts';

/** Image requests one IP may make per minute: a crawler fetches one per shared link. */
export const SHARE_IMAGES_PER_IP_PER_MINUTE = 60;

function sendImage(request: FastifyRequest, reply: FastifyReply, image: ShareImage) {
  const etag = contentEtag(image.version);
  // The page links the image with its version: that URL may be cached for a day. Any other
  // (an old version's) is revalidated.
  const versioned = (request.query as { v?: string }).v === image.version;
  reply
    .header('etag', etag)
    .header(
      'cache-control',
      versioned ? 'public, max-age=86400' : 'public, max-age=0, must-revalidate',
    );
  if (isNotModified(request, etag)) return reply.status(304).send();
  return reply.type('image/png').send(image.png);
}

/** Link-preview images (`og:image`): a profile's, and the landing page's. */
export async function shareImagesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config, limiter } = deps;
  const host = new URL(config.appUrl).host;
  const limit = (request: FastifyRequest) =>
    enforceLimit(
      limiter,
      `share-image:ip:${request.ip}`,
      SHARE_IMAGES_PER_IP_PER_MINUTE,
      60_000,
      config.rateLimitScale,
    );

  app.get('/share-images/profiles/:username', async (request, reply) => {
    await limit(request);
    const { username } = request.params as { username: string };
    const notFound = () => errors.notFound('Profile not found', ERROR_CODES.userNotFound);
    if (!isPossibleUsername(username)) throw notFound();
    const image = await profileShareImage(db, username.toLowerCase(), host);
    if (!image) throw notFound();
    return sendImage(request, reply, image);
  });

  app.get('/share-images/landing', async (request, reply) => {
    await limit(request);
    return sendImage(request, reply, await landingShareImage(host));
  });
}
