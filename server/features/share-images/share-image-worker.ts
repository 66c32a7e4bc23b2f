import os from 'node:os';
import { LRUCache } from 'lru-cache';
import { brandSvg } from '../logos/brand-icons.ts';
import {
  type ImageLogo,
  landingImageLayout,
  profileImageLayout,
  serviceImageLayout,
  TILE_SHADOW,
} from './share-image-layout.ts';
import { rasterDataUri, renderPng } from './share-image-renderer.ts';

/** What a render worker receives: the drawing, and the avatar's pixels when it has one. */
export type ImageTask = ImageDrawing & { readonly avatarDataUri?: string };

/** Everything a share image shows: its cache key (with the task, what a worker receives). */
export type ImageDrawing =
  | {
      readonly kind: 'profile';
      readonly username: string;
      /** The owner's display name and avatar hash (issue 26); null when not set or hidden. */
      readonly displayName: string | null;
      readonly avatar: string | null;
      readonly codeCount: number;
      /** The services drawn as logos, in profile order. */
      readonly services: ReadonlyArray<{ id: string; name: string }>;
      readonly moreServices: number;
      readonly host: string;
    }
  | {
      readonly kind: 'service';
      readonly service: { id: string; name: string };
      /** Codes listed on its page (one per owner). */
      readonly codeCount: number;
      readonly host: string;
    }
  | {
      readonly kind: 'landing';
      readonly services: ReadonlyArray<{ id: string; name: string }>;
      readonly host: string;
    };

const LOGO_PX = 160;

// The lowest priority, for this thread only (Linux keeps a nice value per thread): when the cores
// are busy, pages go first and an image waits (decision 091).
os.setPriority(19);

/** Each service's logo as a PNG data URI ('' when it has no bundled logo); a few KB each. */
const logoUris = new LRUCache<string, string>({
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (uri, id) => uri.length + id.length + 1,
});

async function logoDataUri(serviceId: string): Promise<string | null> {
  let uri = logoUris.get(serviceId);
  if (uri === undefined) {
    const svg = await brandSvg(serviceId, LOGO_PX, LOGO_PX);
    uri = svg ? await rasterDataUri(svg, LOGO_PX) : '';
    logoUris.set(serviceId, uri);
  }
  return uri || null;
}

/** TILE_SHADOW drawn once per worker, as a PNG data URI. */
let tileShadow: Promise<string> | undefined;
function tileShadowUri(): Promise<string> {
  tileShadow ??= rasterDataUri(TILE_SHADOW.svg, TILE_SHADOW.px);
  return tileShadow;
}

function imageLogos(services: ReadonlyArray<{ id: string; name: string }>): Promise<ImageLogo[]> {
  return Promise.all(
    services.map(async (service) => ({
      name: service.name,
      dataUri: await logoDataUri(service.id),
    })),
  );
}

/**
 * Draws one share image as a PNG. It runs in a worker thread of the pool (piscina): laying out
 * and drawing take 30–95 ms that the event loop must not wait for (decision 091).
 */
export default async function drawShareImage(drawing: ImageTask): Promise<Uint8Array> {
  if (drawing.kind === 'service') {
    const [logo] = await imageLogos([drawing.service]);
    return renderPng(
      serviceImageLayout({
        name: drawing.service.name,
        codeCount: drawing.codeCount,
        logo: logo as ImageLogo,
        footer: `${drawing.host}/s/${drawing.service.id}`,
        tileShadow: await tileShadowUri(),
      }),
    );
  }
  const logos = await imageLogos(drawing.services);
  if (drawing.kind === 'landing') {
    return renderPng(landingImageLayout(logos, drawing.host, await tileShadowUri()));
  }
  return renderPng(
    profileImageLayout({
      username: drawing.username,
      displayName: drawing.displayName,
      avatarDataUri: drawing.avatarDataUri ?? null,
      codeCount: drawing.codeCount,
      logos,
      moreServices: drawing.moreServices,
      footer: `${drawing.host}/${drawing.username}`,
      tileShadow: await tileShadowUri(),
    }),
  );
}
