import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { errors } from '../../errors.ts';
import { countListedProfiles, listedUsernames } from './crawlers.repository.ts';

/** The sitemap protocol's limit of URLs per file; past it /sitemap.xml becomes an index. */
export const SITEMAP_MAX_URLS = 50_000;

const CACHE = 'public, max-age=3600';

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function urlset(urls: string[]): string {
  const entries = urls.map((url) => `<url><loc>${escapeXml(url)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

function sitemapIndex(urls: string[]): string {
  const entries = urls.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
}

/**
 * `/robots.txt` and `/sitemap.xml` for search engines. The sitemap lists the landing page and every
 * profile with at least one code; with more than 50,000 entries it becomes an index of files of
 * 50,000 each (`/sitemaps/:page.xml`).
 */
export async function crawlersRoutes(
  app: FastifyInstance,
  { db, config, discovery }: AppDeps,
  { maxUrls = SITEMAP_MAX_URLS }: { maxUrls?: number } = {},
): Promise<void> {
  const origin = config.appUrl;
  // Each path segment percent-encoded: a sitemap URL must be a valid URL whatever a row holds.
  const profileUrl = (username: string) => `${origin}/${encodeURIComponent(username)}`;

  app.get('/robots.txt', async (_request, reply) => {
    const lines = [
      'User-agent: *',
      // Link previews and the logos on public pages are served under /api but are for everyone.
      'Allow: /api/share-images/',
      'Allow: /api/logos/',
      'Disallow: /api/',
      'Disallow: /dashboard',
      'Disallow: /admin',
      'Disallow: /magic-link',
      'Disallow: /finishSignUp',
      'Allow: /',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ];
    return reply
      .header('cache-control', CACHE)
      .type('text/plain; charset=utf-8')
      .send(lines.join('\n'));
  });

  /**
   * The first file starts with the landing page, the service directory, the rules and every service page
   * with a listed code (decision 070: bounded by the catalogue, far below one file).
   */
  const headUrls = async () => {
    const { services } = await discovery.directory();
    return [
      `${origin}/`,
      `${origin}/s`,
      `${origin}/rules`,
      ...services.map((s) => `${origin}/s/${encodeURIComponent(s.id)}`),
    ];
  };

  app.get('/sitemap.xml', async (_request, reply) => {
    reply.header('cache-control', CACHE).type('application/xml; charset=utf-8');
    const profiles = await countListedProfiles(db);
    const head = await headUrls();
    if (profiles + head.length <= maxUrls) {
      const usernames = await listedUsernames(db, 0, profiles);
      return urlset([...head, ...usernames.map(profileUrl)]);
    }
    const files = Math.ceil((profiles + head.length) / maxUrls);
    return sitemapIndex(
      Array.from({ length: files }, (_, page) => `${origin}/sitemaps/${page + 1}.xml`),
    );
  });

  app.get('/sitemaps/:page', async (request, reply) => {
    const match = /^([1-9]\d{0,6})\.xml$/.exec((request.params as { page: string }).page);
    if (!match) throw errors.notFound();
    const page = Number(match[1]);
    // File 1 starts with the landing and service pages, so it holds that many profiles fewer.
    const head = await headUrls();
    const offset = page === 1 ? 0 : (page - 1) * maxUrls - head.length;
    const limit = page === 1 ? Math.max(0, maxUrls - head.length) : maxUrls;
    const usernames = await listedUsernames(db, offset, limit);
    if (usernames.length === 0 && page > 1) throw errors.notFound();
    const urls = usernames.map(profileUrl);
    reply.header('cache-control', CACHE).type('application/xml; charset=utf-8');
    return urlset(page === 1 ? [...head, ...urls] : urls);
  });
}
