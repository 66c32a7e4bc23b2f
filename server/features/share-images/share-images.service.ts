import { LRUCache } from 'lru-cache';
import { Piscina } from 'piscina';
import type { PublicCodeDto } from '../../../shared/code-schemas.ts';
import { serviceDisplayName } from '../../../shared/display-name.ts';
import { LANDING_LOGO_SERVICES } from '../../../shared/known-services.ts';
import { errors } from '../../errors.ts';
import type { ForegroundWork } from '../../http/foreground-work.ts';
import { contentVersion } from '../../http-cache.ts';
import type { PublicProfileRow } from '../profiles/profiles.repository.ts';
import type { ImageDrawing, ImageTask } from './share-image-worker.ts';

/** The most logos an image shows; more services become a "+N" tile. */
export const IMAGE_LOGOS = 6;

/**
 * Renders waiting for the worker, at most: a burst beyond it answers 503 with Retry-After (a
 * crawler asks again), so a flood of misses never holds memory or a queue of minutes.
 */
const RENDER_QUEUE = 64;
const RETRY_AFTER_SECONDS = 5;

export interface ShareImage {
  /** Changes whenever the image would: the page's `og:image` URL carries it. */
  version: string;
  png: Buffer;
}

/**
 * What a profile's image draws: its name, its number of live codes and their first services'
 * logos. Expired codes are not counted (issue 24): the page lists them last, the image not at all.
 */
export type ProfileImageRow = Pick<PublicProfileRow, 'username' | 'profile_codes'> &
  Partial<Pick<PublicProfileRow, 'display_name' | 'avatar_hash' | 'details_hidden_at'>>;

export function profileDrawing(
  row: ProfileImageRow,
  host: string,
  today: string = new Date().toISOString().slice(0, 10),
  // The row's codes when the caller has parsed them already (a page being rendered).
  parsed?: readonly PublicCodeDto[],
): ImageDrawing {
  const codes = (parsed ?? (JSON.parse(row.profile_codes) as PublicCodeDto[])).filter(
    (code) => code.expiresAt === null || code.expiresAt === undefined || code.expiresAt >= today,
  );
  const services = [...new Map(codes.map((c) => [c.service, c.serviceName])).entries()];
  const shown = services.slice(0, IMAGE_LOGOS).map(([id, name]) => ({ id, name }));
  const hidden = Boolean(row.details_hidden_at);
  return {
    kind: 'profile',
    username: row.username,
    displayName: hidden ? null : row.display_name || null,
    avatar: hidden ? null : (row.avatar_hash ?? null),
    codeCount: codes.length,
    services: shown,
    moreServices: services.length - shown.length,
    host,
  };
}

const drawingVersion = (drawing: ImageDrawing) => contentVersion(JSON.stringify(drawing));

/** The version of a profile's image: an edit it does not show (a reward, a link) keeps it. */
export function profileImageVersion(
  row: ProfileImageRow,
  host: string,
  parsed?: readonly PublicCodeDto[],
): string {
  return drawingVersion(profileDrawing(row, host, undefined, parsed));
}

const LANDING_SERVICES = LANDING_LOGO_SERVICES.slice(0, IMAGE_LOGOS).map((id) => ({
  id,
  name: serviceDisplayName(id),
}));

/** Changes only with the code that draws it: the landing image shows fixed services. */
export const LANDING_IMAGE_VERSION = contentVersion(
  `landing:1:${LANDING_SERVICES.map((s) => s.id).join(',')}`,
);

/**
 * The version of a service page's image: the number of codes it lists, which the page's head
 * knows too (`serviceHead`), so the page can name it without asking the server for a hash.
 */
export function serviceImageVersion(codeCount: number): string {
  return String(codeCount);
}

export interface ShareImages {
  profile(row: ProfileImageRow): Promise<ShareImage>;
  service(service: { id: string; name: string }, codeCount: number): Promise<ShareImage>;
  landing(): Promise<ShareImage>;
  close(): Promise<void>;
}

/**
 * Share images, drawn in one worker thread and kept by what they draw, least recently used
 * evicted first within `cacheBytes` (decision 091).
 */
export function createShareImages({
  host,
  cacheBytes,
  queue = RENDER_QUEUE,
  avatarPng,
  foreground,
}: {
  host: string;
  cacheBytes: number;
  queue?: number;
  /** Counts each render as a request's work under way (decision 120). */
  foreground?: ForegroundWork;
  /** The avatar of `hash` as a PNG data URI (satori draws PNG, not WebP), when it exists. */
  avatarPng?: (hash: string) => Promise<string | undefined>;
}): ShareImages {
  const pool = new Piscina<ImageTask, Uint8Array>({
    filename: new URL('./share-image-worker.ts', import.meta.url).href,
    // One thread: the event loop keeps the other core. It starts with the first image and
    // exits after a minute without one, so an instance that draws none holds no renderer.
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    maxQueue: queue,
  });
  const images = new LRUCache<string, Buffer>({
    maxSize: cacheBytes,
    sizeCalculation: (png, key) => png.length + key.length,
  });
  const inFlight = new Map<string, Promise<Buffer>>();

  async function draw(drawing: ImageDrawing): Promise<Buffer> {
    const key = drawingVersion(drawing);
    const found = images.get(key);
    if (found) return found;
    let pending = inFlight.get(key);
    if (!pending) {
      const avatar = drawing.kind === 'profile' && drawing.avatar ? drawing.avatar : undefined;
      const render = (async () => {
        const avatarDataUri = avatar && avatarPng ? await avatarPng(avatar) : undefined;
        return pool.run(avatarDataUri ? { ...drawing, avatarDataUri } : drawing);
      })();
      pending = (foreground ? foreground.track(render) : render)
        .then(
          (bytes) => {
            const png = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
            images.set(key, png);
            return png;
          },
          (error: Error) => {
            if (error.message !== 'Task queue is at limit') throw error;
            throw errors.unavailable(undefined, RETRY_AFTER_SECONDS);
          },
        )
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  return {
    async profile(row) {
      const drawing = profileDrawing(row, host);
      return { version: drawingVersion(drawing), png: await draw(drawing) };
    },
    async service(service, codeCount) {
      const png = await draw({
        kind: 'service',
        service: { id: service.id, name: service.name },
        codeCount,
        host,
      });
      return { version: serviceImageVersion(codeCount), png };
    },
    async landing() {
      const png = await draw({ kind: 'landing', services: LANDING_SERVICES, host });
      return { version: LANDING_IMAGE_VERSION, png };
    },
    close: () => pool.destroy(),
  };
}
