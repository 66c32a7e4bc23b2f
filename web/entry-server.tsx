import { PassThrough } from 'node:stream';
import { dehydrate } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { PageHead, RenderInput, RenderOptions, RenderOutput } from '../shared/page-render.ts';
import { App } from './App.tsx';
import { AppRoot, createQueryClient } from './app-root.tsx';
import { notFoundHead } from './components/errors/not-found-meta.ts';
import { directoryQueryKey, serviceCodesQueryKey } from './features/discovery/api.ts';
import {
  directoryHead,
  serviceHead,
  serviceNotFoundHead,
} from './features/discovery/service-meta.ts';
import { landingPreviewQueryKey } from './features/landing/api.ts';
import { landingHead } from './features/landing/landing-meta.ts';
import { profileQueryKey } from './features/profile/api.ts';
import { profileHead, profileNotFoundHead } from './features/profile/profile-meta.ts';
import { rulesHead } from './features/rules/rules-meta.ts';

async function toText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream.pipe(new PassThrough())) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

function headFor(input: RenderInput): PageHead {
  const { page } = input;
  switch (page.kind) {
    case 'landing':
      return landingHead(input.appUrl, input.imageVersion);
    case 'profile':
      return profileHead(page.profile, input.url, input.appUrl, input.imageVersion);
    case 'profile-not-found':
      return profileNotFoundHead(page.username);
    case 'not-found':
      return notFoundHead();
    case 'service':
      return serviceHead(page.codes, input.appUrl);
    case 'service-not-found':
      return serviceNotFoundHead();
    case 'directory':
      return directoryHead(input.appUrl, page.directory.services.length);
    case 'rules':
      return rulesHead(input.appUrl);
  }
}

/** React's marker of a Suspense boundary whose content came later, with an inline script. */
const DEFERRED_BOUNDARY = '<template id="B:';
/** React's marker of a Suspense boundary that suspended in a synchronous render. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * Renders until no boundary is deferred: a lazy chunk suspends only on its first render. React
 * would also defer ("outline") any boundary larger than `progressiveChunkSize` to stream it later;
 * a page here is sent whole, so that size is unbounded.
 */
async function renderComplete(element: ReactNode, stream: boolean): Promise<string> {
  // Once a page kind's lazy chunks are loaded nothing suspends, and the synchronous render to a
  // string is the cheaper one (no stream, no bytes to decode; decision 113). A boundary that
  // suspended is left to the client there (`<!--$!`): then the page is rendered to completion.
  if (!stream) {
    const quick = renderToString(element);
    if (!quick.includes(CLIENT_RENDERED_BOUNDARY)) return quick;
  }
  for (let attempt = 0; ; attempt += 1) {
    const { prelude } = await prerenderToNodeStream(element, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    });
    const html = await toText(prelude);
    if (!html.includes(DEFERRED_BOUNDARY)) return html;
    if (attempt === 3) throw new Error('a page kept suspending while it was rendered');
  }
}

/**
 * Renders a public page with the components the browser hydrates. The markup must be complete
 * and carry no inline script (the CSP allows none): React completes a boundary inline only once
 * its lazy chunks are loaded, which the first render of a page kind does.
 */
export async function render(
  input: RenderInput,
  { stream = false }: RenderOptions = {},
): Promise<RenderOutput> {
  const queryClient = createQueryClient();
  const { page } = input;
  if (page.kind === 'landing') queryClient.setQueryData(landingPreviewQueryKey, page.preview);
  if (page.kind === 'profile') {
    queryClient.setQueryData(profileQueryKey(page.profile.username), page.profile);
  }
  if (page.kind === 'service') {
    queryClient.setQueryData(serviceCodesQueryKey(page.serviceId, page.country), {
      pages: [page.codes],
      pageParams: [undefined],
    });
  }
  if (page.kind === 'service-not-found') {
    queryClient.setQueryData(serviceCodesQueryKey(page.serviceId, undefined), {
      pages: [null],
      pageParams: [undefined],
    });
  }
  if (page.kind === 'directory') queryClient.setQueryData(directoryQueryKey, page.directory);
  if (page.kind === 'profile-not-found') {
    queryClient.setQueryData(profileQueryKey(page.username), null);
  }
  const html = await renderComplete(
    <AppRoot queryClient={queryClient}>
      <StaticRouter location={input.url}>
        <App />
      </StaticRouter>
    </AppRoot>,
    stream,
  );
  return {
    html,
    state: JSON.stringify(dehydrate(queryClient)),
    head: headFor(input),
  };
}
