import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, polyfillDialog, stubApi } from '../../test-support/render-page.tsx';
import ProfileRoute from './ProfileRoute.tsx';

const CODE_ID = '0190c5b2-0000-7000-8000-000000000001';
const profile = {
  username: 'alex',
  codes: [
    {
      id: CODE_ID,
      service: 'uber',
      serviceName: 'Uber',
      productName: 'First ride',
      code: 'RIDE',
      reward: '15',
      link: 'https://uber.com/invite/ride',
      createdAt: '2026-11-22T00:00:00.000Z',
    },
  ],
};

function Where() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="where">{location.pathname}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/:username" element={<ProfileRoute />} />
          <Route path="/:username/:codeId" element={<ProfileRoute />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

describe('ProfileRoute', () => {
  it("opens a card's popup at the code's URL, and Back closes it on the profile", async () => {
    stubApi({ 'GET /api/profiles/alex': () => json(200, profile) });
    renderAt('/alex');
    await userEvent.click(await screen.findByRole('link', { name: /Uber/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Uber referral code' });
    expect(screen.getByTestId('where').textContent).toBe(`/alex/${CODE_ID}`);
    // The profile stays behind the popup.
    expect(screen.getByRole('heading', { name: "@alex's referral codes" })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
    expect(screen.getByTestId('where').textContent).toBe('/alex');
  });

  it("closing the popup goes back to the profile's URL", async () => {
    stubApi({ 'GET /api/profiles/alex': () => json(200, profile) });
    renderAt('/alex');
    await userEvent.click(await screen.findByRole('link', { name: /Uber/ }));
    await screen.findByRole('dialog', { name: 'Uber referral code' });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/alex'));
  });

  it("opened directly, a code's URL is the code's own page, with its QR code", async () => {
    stubApi({ 'GET /api/profiles/alex': () => json(200, profile) });
    renderAt(`/alex/${CODE_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Uber referral code' }),
    ).toBeTruthy();
    expect(screen.getByTestId('referral-code').textContent).toBe('RIDE');
    expect(screen.getByRole('img', { name: 'QR code for Uber link' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: "See all of @alex's codes" }).getAttribute('href'),
    ).toBe('/alex');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows Page not found for a code the profile does not have', async () => {
    stubApi({ 'GET /api/profiles/alex': () => json(200, profile) });
    renderAt('/alex/0190c5b2-0000-7000-8000-0000000000ff');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it.each(['/not.a.name', '/alex/not-a-code-id'])(
    'shows Page not found for %s without asking the API',
    async (path) => {
      const fetchMock = stubApi({});
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );
});
