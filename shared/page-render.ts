import type { ProfileDto } from './code-schemas.ts';
import type { ServiceCodesDto, ServiceDirectoryDto } from './discovery-schemas.ts';

/**
 * The contract between the server and the web app's server entry (web/entry-server.tsx): the
 * server loads a public page's data and says what it found; the web app renders the same React
 * components the browser hydrates, and names the page's head tags.
 */
export type PageData =
  | { readonly kind: 'landing'; readonly preview: ProfileDto }
  | { readonly kind: 'profile'; readonly profile: ProfileDto }
  | { readonly kind: 'profile-not-found'; readonly username: string }
  | { readonly kind: 'not-found' }
  | {
      readonly kind: 'service';
      readonly serviceId: string;
      readonly country: string | undefined;
      readonly codes: ServiceCodesDto;
    }
  | { readonly kind: 'service-not-found'; readonly serviceId: string }
  | { readonly kind: 'directory'; readonly directory: ServiceDirectoryDto }
  | { readonly kind: 'rules' };

export interface RenderInput {
  /** The request's path (and query), as the router sees it. */
  readonly url: string;
  /** APP_URL's origin: canonical and Open Graph URLs are absolute. */
  readonly appUrl: string;
  readonly page: PageData;
  /** Changes whenever the page's share image changes; cache-busts `og:image`. */
  readonly imageVersion: string;
}

/** One page's head: its title, description and link-preview tags. */
export interface PageHead {
  readonly title: string;
  readonly description: string;
  /** Absolute; absent for pages that must not be indexed (404s). */
  readonly canonical?: string;
  readonly image?: {
    readonly url: string;
    readonly width: number;
    readonly height: number;
    readonly alt: string;
  };
  /** `og:type`: `website` for pages, `profile` for profiles. */
  readonly type?: 'website' | 'profile';
  readonly noindex?: boolean;
  /**
   * Structured data for the head's `<script type="application/ld+json">` (a profile's
   * `ProfilePage` with its `Person`, issue 26); the server escapes it (`<` as \u003c).
   */
  readonly jsonLd?: Readonly<Record<string, unknown>>;
}

export interface RenderOutput {
  /** The markup inside `<div id="root">`. */
  readonly html: string;
  /** The query cache the browser hydrates from (TanStack Query's dehydrated state), as JSON. */
  readonly state: string;
  readonly head: PageHead;
}

export interface RenderOptions {
  /**
   * Always render through the prerendering stream, as before decision 113 (bench/cold-renders.ts
   * compares); by default a page is rendered to a string once nothing suspends.
   */
  readonly stream?: boolean;
}

/** The server entry's one export. */
export type RenderPage = (input: RenderInput, options?: RenderOptions) => Promise<RenderOutput>;
