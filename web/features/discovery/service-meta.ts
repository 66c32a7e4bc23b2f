import type { ServiceCodesDto } from '../../../shared/discovery-schemas.ts';
import { SHARE_IMAGE_SIZE } from '../../../shared/limits.ts';
import type { PageHead } from '../../../shared/page-render.ts';

export function serviceTitle(name: string): string {
  return `${name} referral codes · Refstash`;
}

export const DIRECTORY_TITLE = 'Find a referral code · Refstash';

/** The head of `/s/:serviceId`. */
export function serviceHead(page: ServiceCodesDto, appUrl: string): PageHead {
  const { name, id, domain } = page.service;
  const description =
    page.total === 0
      ? `No ${name} referral codes are listed on Refstash yet. Add yours.`
      : `${page.total} ${name} (${domain}) referral ${page.total === 1 ? 'code' : 'codes'} shared by Refstash members, in a fair rotation, with feedback on which worked.`;
  return {
    title: serviceTitle(name),
    description,
    canonical: `${appUrl}/s/${id}`,
    // The image's version is the count it draws (server/features/share-images).
    image: {
      url: `${appUrl}/api/share-images/services/${id}?v=${page.total}`,
      ...SHARE_IMAGE_SIZE,
      alt: `${name} referral codes on Refstash`,
    },
    type: 'website',
  };
}

export function directoryHead(appUrl: string, count: number): PageHead {
  return {
    title: DIRECTORY_TITLE,
    description: `Referral codes for ${count} ${count === 1 ? 'service' : 'services'}, shared by Refstash members.`,
    canonical: `${appUrl}/s`,
    type: 'website',
  };
}

export function serviceNotFoundHead(): PageHead {
  return { title: 'Service not found · Refstash', description: '', noindex: true };
}
