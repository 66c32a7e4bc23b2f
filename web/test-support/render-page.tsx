import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/** JSON response helper for the fetch stub. */
export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Stubs fetch with "METHOD /path" → handler routes; anything else answers 404. Returns the
 * mock, so tests can see what was called.
 */
export function stubApi(routes: Record<string, Handler>) {
  const mock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(url)}`;
    const handler = routes[key];
    return handler ? handler(init) : json(404, { error: { code: 'not_found', message: 'x' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** Renders `routes` at `path` inside a memory router and a fresh query client (no retries). */
export function renderInApp(path: string, routes: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{routes}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Renders `element` at `path` under `pattern`, with a fresh query client and no retries. */
export function renderPage(
  element: ReactNode,
  { path, pattern }: { path: string; pattern: string },
) {
  return renderInApp(
    path,
    <Routes>
      <Route path={pattern} element={element} />
    </Routes>,
  );
}

/** jsdom has no <dialog> behaviour: enough of it for the Modal. */
export function polyfillDialog(): void {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}
