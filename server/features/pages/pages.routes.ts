import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ProfileDto } from '../../../shared/code-schemas.ts';
import {
  type ServiceCodesDto,
  serviceCodesQuerySchema,
} from '../../../shared/discovery-schemas.ts';
import { LANDING_PREVIEW_COUNT } from '../../../shared/limits.ts';
import type { PageData } from '../../../shared/page-render.ts';
import { EMPTY_IDENTITY } from '../../../shared/profile-identity.ts';
import {
  CANONICAL_SERVICE_ID,
  isPossibleServiceId,
  isPossibleUsername,
  isUuid,
} from '../../../shared/public-paths.ts';
import { SIGNED_IN_HINT_COOKIE } from '../../../shared/session-hint.ts';
import type { AppDeps } from '../../app-deps.ts';
import { clientNetwork } from '../../http/client-network.ts';
import type { FastAnswer } from '../../http/fast-reads.ts';
import { contentVersion, isNotModified, PUBLIC_PAGE_CACHE, sendMoved } from '../../http-cache.ts';
import { ipKey } from '../../plugins/rate-limiter.ts';
import { sessionCookieName, setSignedInHint } from '../../plugins/session.ts';
import { isPageRequest, readShell, sendNotFound } from '../../plugins/web-app.ts';
import { createViewRecorder } from '../account/profile-views.ts';
import { serviceIdParam } from '../discovery/discovery.routes.ts';
import type { Rotation } from '../discovery/rotation.ts';
import {
  LANDING_IMAGE_VERSION,
  profileImageVersion,
} from '../share-images/share-images.service.ts';
import { currentNameOfHolder } from '../usernames/username-holds.ts';
import type { PageRenderer, ServedPage } from './page-renderer.ts';
import { encodedBody, preferredEncoding } from './rendered-pages.ts';

/** Name-specific 404 pages one network may have rendered a minute (decision 091). */
const NAMED_NOT_FOUND_PER_MINUTE = 60;

/** The screens rendered in the browser only (spec §2): sent as the app's shell. */
const BROWSER_SCREENS = [
  '/signup',
  '/login',
  '/magic-link',
  '/finishSignUp',
  '/dashboard',
  '/dashboard/stats',
  '/settings',
  '/admin',
];

/**
 * A session from before the signed-in hint existed (or whose hint was lost) gets the hint with the
 * next page, so the browser asks who it is. True when it was set: that answer is then private.
 */
function offerSignedInHint(
  request: FastifyRequest,
  reply: FastifyReply,
  config: AppDeps['config'],
): boolean {
  const needsHint =
    request.cookies[sessionCookieName(config)] !== undefined &&
    request.cookies[SIGNED_IN_HINT_COOKIE] === undefined;
  if (needsHint) setSignedInHint(reply, config);
  return needsHint;
}

/**
 * What a rendered page's answer sends: its headers and the bytes in the encoding the request
 * accepts, or a 304 when the client holds it. The route and the fast read (decision 117) share it.
 */
function pageAnswer(
  request: Pick<FastifyRequest, 'headers'>,
  { page, cache }: ServedPage,
  needsHint: boolean,
): FastAnswer {
  const headers: Record<string, string> = {
    'server-timing': `page-cache;desc=${cache}`,
    'cache-control': needsHint ? 'private, no-cache' : PUBLIC_PAGE_CACHE,
    etag: page.etag,
    vary: 'Accept-Encoding',
    'content-type': 'text/html; charset=utf-8',
  };
  if (page.status === 200 && isNotModified(request, page.etag)) return { status: 304, headers };
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  return { status: page.status, headers, body: encodedBody(page, encoding) };
}

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  served: ServedPage,
  config: AppDeps['config'],
) {
  const answer = pageAnswer(request, served, offerSignedInHint(request, reply, config));
  return reply.status(answer.status).headers(answer.headers).send(answer.body);
}

/** A page's cache key: it names the profile's content, so an edit renders a new page. */
const profilePageKey = (canonicalPath: string, version: string) =>
  `profile:${canonicalPath}:${version}`;

const CANONICAL_USERNAME = /^[a-z0-9_]+$/;

const SERVICE_PATH = '/s/';

/** A service page's cache key: the listing's content and the view's place in the rotation. */
const servicePageKey = (canonical: string, version: string, rotation: Rotation) =>
  `service:${canonical}:${version}:${rotation.epoch}:${rotation.slot}`;

/**
 * The public pages, rendered on the server with the React components the browser hydrates:
 * the landing page, profiles, a code's own page and the 404 pages (decision 060).
 */
export async function pagesRoutes(
  app: FastifyInstance,
  { db, database, config, discovery, limiter, profiles, fastReads }: AppDeps,
  renderer: PageRenderer,
): Promise<void> {
  const shell = readShell(config.webDistDir, config.env);
  const host = new URL(config.appUrl).host;
  const views = createViewRecorder(database, app.log, {
    limiter,
    scale: config.rateLimitScale,
    dedupBytes: config.viewDedupBytes,
  });
  // Views still queued are written before the app (and then the database) closes.
  app.addHook('onClose', () => views.close());
  const render = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    key: string,
    page: PageData,
    // A function is called only when the page is rendered, not on every request.
    { imageVersion = '' as string | (() => string), cached = true } = {},
  ) => {
    const input = {
      url: request.url,
      appUrl: config.appUrl,
      page,
      get imageVersion() {
        return typeof imageVersion === 'string' ? imageVersion : imageVersion();
      },
    };
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    return renderer
      .page(key, status, input, { cached, encoding })
      .then((rendered) => sendPage(request, reply, rendered, config));
  };

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    isPageRequest(request)
      ? render(request, reply, 404, 'not-found', { kind: 'not-found' })
      : sendNotFound(reply);

  /**
   * A 404 that names what was asked for ('Profile not found' and the name's own head and data),
   * rendered for this request only: a made-up name must not take a cache entry. It costs a render
   * (about 3 ms), so each network has NAMED_NOT_FOUND_PER_MINUTE; past it, the plain 404 page,
   * which is cached once (decision 091).
   */
  async function namedNotFound(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    page: PageData,
  ) {
    const { allowed } = await limiter.hit(
      `named-404:${ipKey(request.ip)}`,
      Math.round(NAMED_NOT_FOUND_PER_MINUTE * config.rateLimitScale),
      60_000,
    );
    if (!allowed) return notFound(request, reply);
    return render(request, reply, 404, key, page, { cached: false });
  }

  /** A view of the profile page (decisions 080, 093), counted once the page is sent. */
  const viewOf = (userId: string, ip: string, userAgent: string | undefined) => ({
    userId,
    ip,
    network: clientNetwork({ ip }),
    userAgent,
    secret: config.sessionSecret,
    now: new Date(),
  });

  // A cached profile page, before Fastify (decision 117): the plain request of a visitor
  // without cookies; anything else takes `profilePage` below.
  fastReads.add((request) => {
    const username = request.path.slice(1);
    if (!CANONICAL_USERNAME.test(username) || !isPossibleUsername(username)) return undefined;
    const found = profiles.cached(username);
    if (!found) return undefined;
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const page = renderer.cached(profilePageKey(request.path, found.version), 200, encoding);
    if (!page) return undefined;
    const answer = pageAnswer(request, { page, cache: 'hit' }, false);
    if (request.method !== 'GET' || answer.status !== 200) return answer;
    const view = viewOf(found.row.id, request.ip(), request.headers['user-agent']);
    return { ...answer, sent: () => views.record(view) };
  });

  async function profilePage(request: FastifyRequest, reply: FastifyReply, codeId?: string) {
    const { username } = request.params as { username: string };
    // `/api`, `/assets/…` and the other reserved words are nobody's profile (decision 091).
    if (!isPossibleUsername(username) || (codeId !== undefined && !isUuid(codeId))) {
      return notFound(request, reply);
    }
    const lower = username.toLowerCase();
    const canonicalPath = `/${lower}${codeId ? `/${codeId.toLowerCase()}` : ''}`;
    if (request.url.split('?')[0] !== canonicalPath) return reply.redirect(canonicalPath, 301);
    const found = await profiles.find(lower);
    if (!found) {
      // A name its owner renamed away from still leads to them for the hold's 90 days.
      const current = await currentNameOfHolder(db, lower, Date.now());
      if (current !== undefined) {
        return sendMoved(reply, `/${current}${codeId ? `/${codeId.toLowerCase()}` : ''}`);
      }
      return namedNotFound(request, reply, `profile-not-found:${lower}`, {
        kind: 'profile-not-found',
        username: lower,
      });
    }
    const { row, version } = found;
    if (!codeId && request.method === 'GET') {
      // A view of the profile page (decisions 080, 093): a full 200 answer to a GET, once it is
      // sent; HEAD and a 304 revalidation never count, and the page never waits for the write.
      const view = viewOf(row.id, request.ip, request.headers['user-agent']);
      reply.raw.once('finish', () => {
        if (reply.statusCode === 200) views.record(view);
      });
    }

    if (codeId && !row.profile_codes.includes(`"${codeId.toLowerCase()}"`)) {
      // One 'Page not found' per profile, whatever the made-up id: it carries none of the codes.
      return render(request, reply, 404, `code-not-found:${row.username}`, {
        kind: 'profile',
        // Kept once per profile: none of its codes, nor its identity (which may change).
        profile: { username: row.username, identity: EMPTY_IDENTITY, codes: [] },
      });
    }
    // Parsed once, when the page is rendered: the renderer reads `profile` several times (the
    // query cache, its key, the head), and a cached page never parses it (decision 113).
    let parsed: ProfileDto | undefined;
    const profile = (): ProfileDto =>
      (parsed ??= {
        username: row.username,
        identity: found.identity,
        codes: JSON.parse(row.profile_codes),
      });
    const imageVersion = () => profileImageVersion(row, host, profile().codes);
    return render(
      request,
      reply,
      200,
      profilePageKey(canonicalPath, version),
      {
        kind: 'profile',
        get profile() {
          return profile();
        },
      },
      { imageVersion },
    );
  }

  app.get('/', async (request, reply) => {
    const demo = await profiles.find(config.demoUsername);
    const text = demo?.row.profile_codes ?? '[]';
    const version = demo?.version ?? contentVersion(text);
    const preview: ProfileDto = {
      username: config.demoUsername,
      identity: demo?.identity ?? EMPTY_IDENTITY,
      codes: JSON.parse(text).slice(0, LANDING_PREVIEW_COUNT),
    };
    return render(
      request,
      reply,
      200,
      `landing:${version}`,
      { kind: 'landing', preview },
      { imageVersion: LANDING_IMAGE_VERSION },
    );
  });

  // Service pages (decision 070): each view is the next place in the service's rotation; the
  // rendered page is cached by the listing's content, the rotation and the country filter.
  app.get('/s', async (request, reply) => {
    const directory = await discovery.directory();
    const version = contentVersion(JSON.stringify(directory));
    return render(request, reply, 200, `directory:${version}`, { kind: 'directory', directory });
  });

  app.get('/s/:serviceId', async (request, reply) => {
    const { serviceId } = request.params as { serviceId: string };
    const parsedId = serviceIdParam.safeParse(serviceId);
    const query = serviceCodesQuerySchema.safeParse(request.query);
    if (!parsedId.success) return notFound(request, reply);
    const id = parsedId.data;
    const country = query.success ? query.data.country : undefined;
    const canonical = `/s/${id}${country ? `?country=${country}` : ''}`;
    // One address per page: the id in lowercase; an unknown country filter is dropped.
    if (request.url.split('?')[0] !== `/s/${id}` || !query.success) {
      return reply.redirect(canonical, 301);
    }
    const listing = await discovery.listing(id);
    if (!listing) {
      return namedNotFound(request, reply, `service-not-found:${id}`, {
        kind: 'service-not-found',
        serviceId: id,
      });
    }
    const rotation = discovery.nextRotation(listing, country);
    // The page's codes are read only when it is rendered, not on every view of a cached page.
    let codes: ServiceCodesDto | undefined;
    return render(request, reply, 200, servicePageKey(canonical, listing.version, rotation), {
      kind: 'service',
      serviceId: id,
      country,
      get codes() {
        codes ??= discovery.page(listing, country, rotation);
        return codes;
      },
    });
  });

  // A cached service page, before Fastify (decision 117): its first page, no country filter.
  // The view takes its rotation slot only when the page for that slot is cached; otherwise the
  // route above takes it, once.
  fastReads.add((request) => {
    if (!request.path.startsWith(SERVICE_PATH)) return undefined;
    const id = request.path.slice(SERVICE_PATH.length);
    if (!CANONICAL_SERVICE_ID.test(id) || !isPossibleServiceId(id)) return undefined;
    const listing = discovery.cachedListing(id);
    if (!listing) return undefined;
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const key = servicePageKey(
      request.path,
      listing.version,
      discovery.peekRotation(listing, undefined),
    );
    const page = renderer.cached(key, 200, encoding);
    if (!page) return undefined;
    discovery.nextRotation(listing, undefined);
    return pageAnswer(request, { page, cache: 'hit' }, false);
  });

  app.get('/rules', (request, reply) => render(request, reply, 200, 'rules', { kind: 'rules' }));

  app.get('/:username', (request, reply) => profilePage(request, reply));
  app.get('/:username/:codeId', (request, reply) =>
    profilePage(request, reply, (request.params as { codeId: string }).codeId),
  );

  for (const screen of BROWSER_SCREENS) {
    app.get(screen, (request, reply) => {
      offerSignedInHint(request, reply, config);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(shell);
    });
  }

  app.setNotFoundHandler(notFound);
}
