import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileSchema } from '../../../shared/code-schemas.ts';
import { LANDING_PREVIEW_COUNT } from '../../../shared/limits.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { FastAnswer } from '../../http/fast-reads.ts';
import { answers, moved, notModified, usernameParams } from '../../http/route-schemas.ts';
import { isNotModified, PUBLIC_PAGE_CACHE, sendMoved } from '../../http-cache.ts';
import { preferredEncoding } from '../pages/rendered-pages.ts';
import { currentNameOfHolder } from '../usernames/username-holds.ts';
import { getLandingPreview, profileNotFound } from './profiles.service.ts';
import { type PublicProfile, profileBody } from './public-profiles.ts';

const PROFILE_PATH = '/api/profiles/';
const CANONICAL_USERNAME = /^[a-z0-9_]+$/;

/** The answer about a found profile: the JSON in the encoding asked for, or a 304. */
function profileAnswer(
  profile: PublicProfile,
  request: Pick<FastifyRequest, 'headers'>,
): FastAnswer {
  const headers: Record<string, string> = {
    etag: profile.etag,
    'cache-control': PUBLIC_PAGE_CACHE,
    vary: 'Accept-Encoding',
  };
  if (isNotModified(request, profile.etag)) return { status: 304, headers };
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  headers['content-type'] = 'application/json; charset=utf-8';
  return { status: 200, headers, body: profileBody(profile, encoding) };
}

/** Public profiles, and the landing page's demo preview. */
export async function profilesRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, config, profiles } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/profiles/:username',
    {
      config: { notFound: profileNotFound },
      // The answer is sent in the copy the cached profile keeps for the encoding (decision 117).
      compress: false,
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
      const answer = profileAnswer(profile, request);
      return reply
        .status(answer.status)
        .headers(answer.headers)
        .send(answer.body as never);
    },
  );

  // The same answer for a cached profile, before Fastify (decision 117).
  deps.fastReads.add((request) => {
    if (!request.path.startsWith(PROFILE_PATH)) return undefined;
    const username = request.path.slice(PROFILE_PATH.length);
    // Only the canonical, lowercase name: anything else takes the route above.
    if (!CANONICAL_USERNAME.test(username)) return undefined;
    const profile = profiles.cached(username);
    return profile && profileAnswer(profile, request);
  });

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
