import type { Kysely } from 'kysely';
import type { PublicCodeDto } from '../../../shared/code-schemas.ts';
import { serviceDisplayName } from '../../../shared/display-name.ts';
import { LANDING_LOGO_SERVICES } from '../../../shared/known-services.ts';
import type { DB } from '../../db/schema.ts';
import { contentVersion } from '../../http-cache.ts';
import { brandSvg } from '../logos/brand-icons.ts';
import { findPublicProfile } from '../profiles/profiles.repository.ts';
import {
  type ImageLogo,
  landingImageLayout,
  profileImageLayout,
  TILE_SHADOW,
} from './share-image-layout.ts';
import { rasterDataUri, renderPng } from './share-image-renderer.ts';

/** The most logos an image shows; more services become a "+N" tile. */
export const IMAGE_LOGOS = 6;
/** Rendered images kept per instance (each is well under 300 KB). */
const CACHE_CAPACITY = 100;
const LOGO_PX = 160;

export interface ShareImage {
  /** Changes whenever the image would: the page's `og:image` URL carries it. */
  version: string;
  png: Buffer;
}

/** Images by the content they show; the least recently used goes first. */
const images = new Map<string, Promise<Buffer>>();
/** Each service's logo as a small PNG data URI (null: it has no bundled logo). */
const logoUris = new Map<string, Promise<string | null>>();

function remember<T>(map: Map<string, T>, key: string, make: () => T, capacity: number): T {
  const found = map.get(key);
  if (found !== undefined) {
    map.delete(key);
    map.set(key, found);
    return found;
  }
  const made = make();
  map.set(key, made);
  while (map.size > capacity) map.delete(map.keys().next().value!);
  return made;
}

/** The bundled brand logo of a known service, as a PNG data URI; null for other services. */
function logoDataUri(serviceId: string): Promise<string | null> {
  return remember(
    logoUris,
    serviceId,
    async () => {
      const svg = await brandSvg(serviceId, LOGO_PX, LOGO_PX);
      if (!svg) return null;
      return rasterDataUri(svg, LOGO_PX);
    },
    500,
  );
}

/** TILE_SHADOW drawn once per process, as a PNG data URI. */
let tileShadow: Promise<string> | undefined;
function tileShadowUri(): Promise<string> {
  tileShadow ??= rasterDataUri(TILE_SHADOW.svg, TILE_SHADOW.px);
  return tileShadow;
}

async function imageLogos(services: ReadonlyArray<{ id: string; name: string }>) {
  return Promise.all(
    services.map(
      async (service): Promise<ImageLogo> => ({
        name: service.name,
        dataUri: await logoDataUri(service.id),
      }),
    ),
  );
}

function cachedRender(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
  const pending = remember(images, key, render, CACHE_CAPACITY);
  // A failed render is not kept.
  pending.catch(() => images.delete(key));
  return pending;
}

/** A profile's share image, or undefined when there is no such profile. */
export async function profileShareImage(
  db: Kysely<DB>,
  username: string,
  host: string,
): Promise<ShareImage | undefined> {
  const row = await findPublicProfile(db, username);
  if (!row) return undefined;
  const version = contentVersion(row.profile_codes);
  const png = await cachedRender(`profile:${row.username}:${version}:${host}`, async () => {
    const codes = JSON.parse(row.profile_codes) as PublicCodeDto[];
    const services = [...new Map(codes.map((c) => [c.service, c.serviceName])).entries()];
    const shown = services.slice(0, IMAGE_LOGOS).map(([id, name]) => ({ id, name }));
    return renderPng(
      profileImageLayout({
        username: row.username,
        codeCount: codes.length,
        logos: await imageLogos(shown),
        moreServices: services.length - shown.length,
        footer: `${host}/${row.username}`,
        tileShadow: await tileShadowUri(),
      }),
    );
  });
  return { version, png };
}

const LANDING_SERVICES = LANDING_LOGO_SERVICES.slice(0, IMAGE_LOGOS).map((id) => ({
  id,
  name: serviceDisplayName(id),
}));

/** Changes only with the code that draws it: the landing image shows fixed services. */
export const LANDING_IMAGE_VERSION = contentVersion(
  `landing:1:${LANDING_SERVICES.map((s) => s.id).join(',')}`,
);

/** The landing page's share image: the same for everyone, drawn once per instance. */
export async function landingShareImage(host: string): Promise<ShareImage> {
  const shown = LANDING_SERVICES;
  const version = LANDING_IMAGE_VERSION;
  const png = await cachedRender(`landing:${version}:${host}`, async () =>
    renderPng(landingImageLayout(await imageLogos(shown), host, await tileShadowUri())),
  );
  return { version, png };
}
