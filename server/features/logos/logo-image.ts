import { serviceDisplayName } from '../../../shared/display-name.ts';
import type { LogoSize } from '../../../shared/limits.ts';
import { AppError } from '../../errors.ts';
import { fallbackIconSvg } from './fallback-svg.ts';
import {
  type LogoAnswer,
  primaryLookup,
  type SecondaryDeps,
  secondaryLookup,
} from './logos.service.ts';

/** The size logos are looked up at for images: a 80 px logo on a 2× screen. */
const IMAGE_SIZE: LogoSize = 160;

export interface LogoImage {
  type: string;
  body: Buffer;
  /** A generated icon may become a real logo later: it is cached for less time. */
  fallback: boolean;
}

function fromAnswer(answer: LogoAnswer): LogoImage | null {
  if (!answer.logoData || !answer.logoType?.startsWith('image/')) return null;
  return { type: answer.logoType, body: Buffer.from(answer.logoData, 'base64'), fallback: false };
}

async function attempt(lookup: () => Promise<LogoAnswer>): Promise<LogoImage | null> {
  try {
    return fromAnswer(await lookup());
  } catch (error) {
    // "No logo" (404) or a refused network fetch (429) moves on to the next step; a real failure
    // (the database is down) is the answer.
    if (error instanceof AppError && (error.status === 404 || error.status === 429)) return null;
    throw error;
  }
}

/**
 * A service's logo as an image, by spec §4's flow run on the server: the primary lookup (bundled
 * brand logo, known ids only), then the secondary (the service's own site icon, cached), then the
 * generated category icon. Always an image, so a card never shows a broken one.
 */
export async function logoImage(
  deps: SecondaryDeps,
  serviceId: string,
  serviceName: string | undefined,
): Promise<LogoImage> {
  const query = { serviceId, width: IMAGE_SIZE, height: IMAGE_SIZE };
  const found =
    (await attempt(() => primaryLookup(deps.db, query))) ??
    (await attempt(() => secondaryLookup(deps, query)));
  if (found) return found;
  return {
    type: 'image/svg+xml',
    body: Buffer.from(fallbackIconSvg(serviceName ?? serviceDisplayName(serviceId))),
    fallback: true,
  };
}
