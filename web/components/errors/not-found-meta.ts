import type { PageHead } from '../../../shared/page-render.ts';

export function notFoundHead(): PageHead {
  return { title: 'Page not found · Refstash', description: '', noindex: true };
}
