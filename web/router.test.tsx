import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './components/errors/AppErrorBoundary.tsx';
import { RouteErrorBoundary } from './components/errors/RouteErrorBoundary.tsx';
import { AppRoutes } from './router.tsx';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname}</output>;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('routes', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{"error":{"code":"unauthenticated","message":"x"}}', { status: 401 }),
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each(['/signup', '/login'])('%s redirects to /magic-link', async (path) => {
    renderAt(path);
    expect((await screen.findByTestId('where')).textContent).toBe('/magic-link');
  });

  it('shows the 404 page for an unknown nested path', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go back home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
  });

  it('sends a signed-out visitor from /dashboard to /login and on to /magic-link', async () => {
    renderAt('/dashboard');
    await vi.waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/magic-link'));
  });
});

function Boom(): never {
  throw new Error('kaboom');
}

function Status(): never {
  throw { status: 404, statusText: 'Not Found' };
}

describe('error screens', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('the app boundary shows Something went wrong with Refresh Page', () => {
    render(
      <AppErrorBoundary>
        <Boom />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
  });

  it('the route boundary shows Unexpected Application Error! with the message', () => {
    render(
      <RouteErrorBoundary resetKey="/x">
        <Boom />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('kaboom')).toBeTruthy();
  });

  it('the route boundary shows a status when the error is a response', () => {
    render(
      <RouteErrorBoundary resetKey="/x">
        <Status />
      </RouteErrorBoundary>,
    );
    expect(screen.getByText('404 Not Found')).toBeTruthy();
  });
});
