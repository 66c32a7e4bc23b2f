import type { PageHead, RenderOutput } from '../../../shared/page-render.ts';

/** Text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/**
 * JSON for a `<script type="application/json">` block: `<` is escaped so user text (a code, a
 * reward) can never close the script element, and the two line separators JavaScript once choked
 * on are escaped too. JSON.parse reads it back unchanged.
 */
export function scriptSafeJson(json: string): string {
  return json
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/**
 * The page's head tags: title, description, canonical, Open Graph and Twitter card, and the
 * page's structured data (JSON-LD).
 */
export function headTags(head: PageHead): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`];
  const meta = (key: 'name' | 'property', name: string, content: string) =>
    tags.push(`<meta ${key}="${name}" content="${escapeHtml(content)}">`);
  if (head.description) meta('name', 'description', head.description);
  if (head.noindex) meta('name', 'robots', 'noindex');
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  if (head.canonical) {
    meta('property', 'og:site_name', 'Refstash');
    meta('property', 'og:type', head.type ?? 'website');
    meta('property', 'og:title', head.title);
    if (head.description) meta('property', 'og:description', head.description);
    meta('property', 'og:url', head.canonical);
  }
  if (head.image) {
    meta('property', 'og:image', head.image.url);
    meta('property', 'og:image:type', 'image/png');
    meta('property', 'og:image:width', String(head.image.width));
    meta('property', 'og:image:height', String(head.image.height));
    meta('property', 'og:image:alt', head.image.alt);
    meta('name', 'twitter:card', 'summary_large_image');
    meta('name', 'twitter:title', head.title);
    if (head.description) meta('name', 'twitter:description', head.description);
    meta('name', 'twitter:image', head.image.url);
    meta('name', 'twitter:image:alt', head.image.alt);
  }
  if (head.jsonLd) {
    // User text (a display name) inside a script element: `<` never reaches the HTML parser.
    tags.push(
      `<script type="application/ld+json">${scriptSafeJson(JSON.stringify(head.jsonLd))}</script>`,
    );
  }
  return tags.join('');
}

/** The built index.html, cut where a page's head, markup and state go. */
export interface DocumentTemplate {
  /** Everything before `<title>`, with the default title and description removed. */
  readonly start: string;
  /** From after the title to the opening of the root element, inclusive. */
  readonly beforeRoot: string;
  /** From the root's closing tag to the end. */
  readonly end: string;
}

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta name="description"[^>]*>/;
const ROOT = '<div id="root"></div>';

/**
 * Splits the built index.html around the title and the root element; `htmlAttributes` are added to
 * `<html>` (the environment, which the route error screen reads).
 */
export function parseTemplate(indexHtml: string, htmlAttributes: string): DocumentTemplate {
  const withAttributes = indexHtml.replace(
    '<html lang="en">',
    `<html lang="en" ${htmlAttributes}>`,
  );
  const withoutDescription = withAttributes.replace(DESCRIPTION, '');
  const title = TITLE.exec(withoutDescription);
  const root = withoutDescription.indexOf(ROOT);
  if (!title || root < 0) throw new Error('index.html has no <title> or no empty #root');
  return {
    start: withoutDescription.slice(0, title.index),
    beforeRoot: withoutDescription.slice(title.index + title[0].length, root + ROOT.length - 6),
    end: withoutDescription.slice(root + ROOT.length - 6),
  };
}

/**
 * A whole page: the template around the rendered markup, its head and its state. The state's
 * element also lists the `modules` (URLs, space-separated) the entry preloads after the first
 * paint (web/boot.ts), and the `stylesheet` it then loads: the whole one, when the page inlines
 * only the public pages' (decision 113).
 */
export function renderDocument(
  template: DocumentTemplate,
  output: RenderOutput,
  modules: string,
  stateId: string,
  stylesheet?: string,
): string {
  const sheet = stylesheet ? ` data-stylesheet="${escapeHtml(stylesheet)}"` : '';
  const state = `<script type="application/json" id="${stateId}" data-modules="${escapeHtml(modules)}"${sheet}>${scriptSafeJson(output.state)}</script>`;
  return [
    template.start,
    headTags(output.head),
    template.beforeRoot,
    output.html,
    template.end.replace('</div>', `</div>${state}`),
  ].join('');
}
