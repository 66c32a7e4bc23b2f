import type { PageHead } from '../../../shared/page-render.ts';

export const RULES_TITLE = 'Rules · Refstash';

/** The head of `/rules`. */
export function rulesHead(appUrl: string): PageHead {
  return {
    title: RULES_TITLE,
    description:
      'What may be shared on Refstash, what admins remove, how to report a code or a profile, and how to appeal.',
    canonical: `${appUrl}/rules`,
    type: 'website',
  };
}
