import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage, stubApi } from '../../test-support/render-page.tsx';
import ProfileRoute from './ProfileRoute.tsx';

function renderProfile(username = 'alex') {
  return renderPage(<ProfileRoute />, { path: `/${username}`, pattern: '/:username' });
}

const code = {
  id: '0190c5b2-0000-7000-8000-000000000001',
  service: 'uber',
  serviceName: 'Uber',
  productName: 'First ride',
  code: 'RIDE',
  reward: '15',
  link: null,
  createdAt: '2026-11-22T00:00:00.000Z',
};

describe('ProfilePage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is titled with the username's codes and shows small cards with the $ rule", async () => {
    stubApi({ 'GET /api/profiles/alex': () => json(200, { username: 'alex', codes: [code] }) });
    renderProfile();
    expect(await screen.findByRole('heading', { name: "@alex's referral codes" })).toBeTruthy();
    const card = screen.getByRole('link', { name: /Uber/ });
    expect(card.textContent).toContain('$15');
    // A real link to the code's own page: it works without JavaScript and in a new tab.
    expect(card.getAttribute('href')).toBe(`/alex/${code.id}`);
    expect(screen.getByText('First ride')).toBeTruthy();
  });

  it("marks a card 'Expired' once its last day has passed (UTC), and only that card", async () => {
    stubApi({
      'GET /api/profiles/alex': () =>
        json(200, {
          username: 'alex',
          codes: [
            { ...code, expiresAt: '2020-06-30', countries: null },
            { ...code, id: '0190c5b2-0000-7000-8000-000000000002', expiresAt: '2999-12-31' },
          ],
        }),
    });
    renderProfile();
    const cards = await screen.findAllByRole('link', { name: /Uber/ });
    // The live code comes first although the expired one is newer (issue 24).
    expect(cards.map((card) => card.textContent?.includes('Expired'))).toEqual([false, true]);
    expect(cards.map((card) => card.getAttribute('href'))).toEqual([
      '/alex/0190c5b2-0000-7000-8000-000000000002',
      `/alex/${code.id}`,
    ]);
  });

  it('shows on each card where the code works and until when, in short', async () => {
    stubApi({
      'GET /api/profiles/alex': () =>
        json(200, {
          username: 'alex',
          codes: [
            { ...code, expiresAt: '2999-06-30', countries: ['US', 'GB'] },
            {
              ...code,
              id: '0190c5b2-0000-7000-8000-000000000002',
              expiresAt: null,
              countries: ['DE', 'FR', 'IT'],
            },
          ],
        }),
    });
    renderProfile();
    const cards = await screen.findAllByRole('link', { name: /Uber/ });
    expect(cards[0]?.textContent).toContain(
      'Works in United Kingdom, United States · Until 30 Jun 2999',
    );
    expect(cards[1]?.textContent).toContain('Works in 3 countries');
  });

  it("says 'No referral codes yet' for a profile without codes", async () => {
    stubApi({ 'GET /api/profiles/alex': () => json(200, { username: 'alex', codes: [] }) });
    renderProfile();
    expect(await screen.findByText('No referral codes yet')).toBeTruthy();
  });

  it("shows 'Profile not found' with Go Home and Get Started for USER_NOT_FOUND", async () => {
    stubApi({
      'GET /api/profiles/ghost': () =>
        json(404, { error: { code: 'USER_NOT_FOUND', message: 'Profile not found' } }),
    });
    renderProfile('ghost');
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/signup');
    // The server's title stays: the missing profile is not '@ghost's referral codes'.
    expect(document.title).toBe('Profile not found · Refstash');
  });

  it.each([
    [false, 'This username is not available. Check the link.'],
    [true, 'Nobody has this username yet. Check the link, or make it yours.'],
  ])(
    "says whether a missing profile's name can be had (available: %s)",
    async (available, text) => {
      stubApi({
        'GET /api/profiles/ghost': () =>
          json(404, { error: { code: 'USER_NOT_FOUND', message: 'Profile not found' } }),
        'GET /api/usernames/ghost': () => json(200, { available }),
      });
      renderProfile('ghost');
      expect(await screen.findByText(text)).toBeTruthy();
    },
  );

  it("says 'Failed to load codes' when the profile cannot be loaded", {
    timeout: 10_000,
  }, async () => {
    stubApi({
      'GET /api/profiles/alex': () => json(500, { error: { code: 'internal', message: 'x' } }),
    });
    renderProfile();
    // The profile query retries twice (1 s, 2 s) before giving up.
    const alert = await screen.findByRole('alert', {}, { timeout: 6000 });
    expect(alert.textContent).toBe('Failed to load codes');
  });
});
