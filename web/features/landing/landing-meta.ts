import { SHARE_IMAGE_SIZE } from '../../../shared/limits.ts';
import type { PageHead } from '../../../shared/page-render.ts';

export const LANDING_TITLE = 'Refstash · Share your referral codes';

export function landingHead(appUrl: string, imageVersion: string): PageHead {
  return {
    title: LANDING_TITLE,
    description:
      'Keep all your referral codes in one place and share them on a single public page.',
    canonical: `${appUrl}/`,
    image: {
      url: `${appUrl}/api/share-images/landing?v=${imageVersion}`,
      ...SHARE_IMAGE_SIZE,
      alt: 'Refstash: one page for every referral code you share',
    },
    type: 'website',
  };
}
