import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  avatarSchema,
  IDENTITY_LIMITS,
  IDENTITY_MESSAGES,
  ownProfileIdentitySchema,
  profileIdentityInputSchema,
} from '../../../shared/profile-identity.ts';
import type { AppDeps } from '../../app-deps.ts';
import { errors } from '../../errors.ts';
import { answers, imageAnswer, jsonBody, noContent } from '../../http/route-schemas.ts';
import type { RateRule } from '../../plugins/route-rules.ts';
import { currentUser } from '../../plugins/session.ts';
import { detailsModerationOf } from '../moderation/appeals.ts';
import {
  AvatarBytes,
  getIdentity,
  removeAvatar,
  saveAvatar,
  saveIdentity,
} from './identity.service.ts';

/** Saving the profile form: a person types and saves; 30 a minute is plenty. */
export const PROFILE_WRITE_LIMIT = {
  name: 'profile:write',
  per: 'user',
  limit: 30,
  windowMs: 60_000,
} as const satisfies RateRule;

/** Avatar uploads decode an image each: 10 a minute per user, 60 an hour per network. */
export const AVATAR_UPLOAD_LIMITS = [
  { name: 'avatar:user', per: 'user', limit: 10, windowMs: 60_000 },
  { name: 'avatar:ip', per: 'ip', limit: 60, windowMs: 60 * 60_000 },
] as const satisfies readonly RateRule[];

/** The content types an upload may declare; the bytes decide what it is (avatar-image.ts). */
export const AVATAR_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/octet-stream',
];

const AVATAR_FILE = /^([0-9a-f]{32})-(128|512)\.webp$/;
const avatarNotFound = () => errors.notFound(IDENTITY_MESSAGES.avatarNotFound);
const avatarParams = z.object({ file: z.string().regex(AVATAR_FILE) });

/** The raw image bytes: any declared type is read as bytes, and the bytes decide. */
const avatarBody = z
  .custom<Buffer>((value) => Buffer.isBuffer(value) && value.length > 0, {
    message: IDENTITY_MESSAGES.avatarWrongType,
  })
  .meta({ type: 'string', format: 'binary' });

/**
 * The profile's identity (issue 26, decision 101): the owner's form and avatar under /api/me, and
 * the avatars' immutable, content-hashed bytes for everyone.
 */
export async function profileIdentityRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, database } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const avatars = new AvatarBytes(db, deps.config.cacheBytes.avatars);
  /** The user's avatar before a change, whose cached bytes the change makes stale. */
  const avatarHashOf = async (userId: string) =>
    (await db.selectFrom('users').select('avatar_hash').where('id', '=', userId).executeTakeFirst())
      ?.avatar_hash;

  api.get(
    '/me/profile',
    {
      config: { auth: 'user' },
      schema: {
        summary: "The owner's profile identity: display name, bio, avatar, links, accent",
        response: answers({ 200: ownProfileIdentitySchema }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      reply.header('cache-control', 'no-store');
      return {
        ...(await getIdentity(db, user.id)),
        moderation: await detailsModerationOf(db, user.id),
      };
    },
  );

  api.put(
    '/me/profile',
    {
      config: { auth: 'user', rateLimits: [PROFILE_WRITE_LIMIT] },
      schema: {
        summary: 'Save the display name, bio, links and accent colour (empty text: not set)',
        body: jsonBody(profileIdentityInputSchema),
        response: answers({ 200: ownProfileIdentitySchema }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      reply.header('cache-control', 'no-store');
      const identity = await saveIdentity(db, user.id, request.body);
      return { ...identity, moderation: await detailsModerationOf(db, user.id) };
    },
  );

  // The upload's own scope: its body is bytes, whatever type it declares, up to 2 MB.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/me/avatar',
      {
        bodyLimit: IDENTITY_LIMITS.avatarMaxBytes,
        config: {
          auth: 'user',
          rateLimits: AVATAR_UPLOAD_LIMITS,
          tooLargeMessage: IDENTITY_MESSAGES.avatarTooLarge,
          bytesBody: true,
        },
        schema: {
          summary:
            'Upload an avatar: PNG, JPEG or WebP bytes (at most 2 MB and 40 megapixels), re-encoded to 512 and 128 px WebP',
          consumes: AVATAR_CONTENT_TYPES,
          body: avatarBody,
          response: answers({ 200: z.object({ avatar: avatarSchema }) }),
        },
      },
      async (request, reply) => {
        const user = await currentUser(request);
        const hash = await avatarHashOf(user.id);
        const identity = await saveAvatar(database, user.id, request.body);
        if (hash && !identity.avatar?.url512.includes(hash)) avatars.forget(hash);
        reply.header('cache-control', 'no-store');
        // saveAvatar always sets it.
        return { avatar: identity.avatar ?? { url128: '', url512: '' } };
      },
    );
  });

  api.delete(
    '/me/avatar',
    {
      config: { auth: 'user', rateLimits: [PROFILE_WRITE_LIMIT] },
      schema: {
        summary: 'Remove the avatar: the generated initial comes back',
        response: answers({ 204: noContent }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      const hash = await avatarHashOf(user.id);
      await removeAvatar(db, user.id);
      avatars.forget(hash);
      return reply.status(204).send();
    },
  );

  api.get(
    '/avatars/:file',
    {
      config: { notFound: avatarNotFound },
      schema: {
        summary: 'An avatar, 128 or 512 px WebP, by its content hash (immutable)',
        params: avatarParams,
        response: answers({ 200: imageAnswer('The avatar (WebP)', ['image/webp']) }),
      },
    },
    async (request, reply) => {
      const [, hash = '', size] = AVATAR_FILE.exec(request.params.file) ?? [];
      const bytes = await avatars.get(hash, size === '128' ? 128 : 512);
      if (!bytes) throw avatarNotFound();
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .type('image/webp')
        .send(bytes);
    },
  );
}
