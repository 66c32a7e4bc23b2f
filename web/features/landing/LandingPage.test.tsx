import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { markAccountDeleted } from '../../lib/account-deleted.ts';
import { json, renderPage, stubApi } from '../../test-support/render-page.tsx';
import LandingPage from './LandingPage.tsx';

const me = {
  id: 'u1',
  email: 'ada@example.com',
  username: 'ada',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
  isAdmin: false,
  listNewCodes: true,
  renameAllowedAt: null,
};

function renderLanding(signedIn: boolean) {
  stubApi({
    'GET /api/me': () =>
      signedIn ? json(200, me) : json(401, { error: { code: 'unauthenticated', message: 'x' } }),
    'GET /api/landing/preview': () => json(200, { username: 'demo', codes: [] }),
  });
  return renderPage(<LandingPage />, { path: '/', pattern: '/' });
}

describe('LandingPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("offers a signed-in user their dashboard, not 'Get Started'", async () => {
    renderLanding(true);
    const go = await screen.findByRole('link', { name: 'Go to your dashboard' });
    expect(go.getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
  });

  it("offers 'Get Started' to a visitor", async () => {
    renderLanding(false);
    expect((await screen.findByRole('link', { name: 'Get Started' })).getAttribute('href')).toBe(
      '/signup',
    );
  });

  it('confirms a deletion once, on the page the deletion leads to', async () => {
    markAccountDeleted();
    const first = renderLanding(false);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your account has been deleted, with its codes and statistics.',
    );
    first.unmount();
    renderLanding(false);
    await screen.findByRole('link', { name: 'Get Started' });
    expect(screen.queryByText(/Your account has been deleted/)).toBeNull();
  });
});
