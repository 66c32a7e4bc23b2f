import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage, stubApi } from '../../test-support/render-page.tsx';
import { SessionsSection } from './SessionsSection.tsx';

const sessions = [
  {
    id: 'aaaaaaaaaaaaaaaa',
    device: 'Chrome on Android',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastSeenAt: '2026-11-26T08:00:00.000Z',
    current: true,
  },
  {
    id: 'bbbbbbbbbbbbbbbb',
    device: 'Firefox on Windows',
    createdAt: '2026-11-01T10:00:00.000Z',
    lastSeenAt: '2026-11-10T10:00:00.000Z',
    current: false,
  },
];

const render = () => renderPage(<SessionsSection />, { path: '/settings', pattern: '/settings' });

describe('SessionsSection', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists each session with its device and dates, and marks this device', async () => {
    stubApi({ 'GET /api/me/sessions': () => json(200, { sessions }) });
    render();
    expect(screen.getByRole('heading', { name: "Where you're signed in" })).toBeTruthy();
    const current = (await screen.findByText('Chrome on Android')).closest('li');
    expect(within(current as HTMLElement).getByText('This device')).toBeTruthy();
    expect(within(current as HTMLElement).getByText(/Signed in Nov 20, 2026/)).toBeTruthy();
    expect(within(current as HTMLElement).queryByRole('button')).toBeNull();
    const other = screen.getByText('Firefox on Windows').closest('li') as HTMLElement;
    expect(within(other).queryByText('This device')).toBeNull();
    expect(within(other).getByText(/Last seen Nov 10, 2026/)).toBeTruthy();
    expect(within(other).getByRole('button', { name: /Sign out Firefox on Windows/ })).toBeTruthy();
  });

  it('signs one session out by its public id and says so', async () => {
    let listed = sessions;
    const api = stubApi({
      'GET /api/me/sessions': () => json(200, { sessions: listed }),
      'DELETE /api/me/sessions/bbbbbbbbbbbbbbbb': () => {
        listed = [sessions[0]!];
        return new Response(null, { status: 204 });
      },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: /Sign out Firefox on Windows/ }));
    expect(await screen.findByText('Signed out of that session')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).toBeNull());
    expect(
      api.mock.calls.some(
        ([url, init]) => init?.method === 'DELETE' && String(url).endsWith('/bbbbbbbbbbbbbbbb'),
      ),
    ).toBe(true);
  });

  it("'Sign out everywhere else' reports how many went; disabled with none", async () => {
    let listed = sessions;
    stubApi({
      'GET /api/me/sessions': () => json(200, { sessions: listed }),
      'POST /api/me/sessions/sign-out-others': () => {
        listed = [sessions[0]!];
        return json(200, { signedOut: 1 });
      },
    });
    render();
    const button = await screen.findByRole('button', { name: 'Sign out everywhere else' });
    fireEvent.click(button);
    expect(await screen.findByText('Signed out of 1 other session')).toBeTruthy();
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Sign out everywhere else' }) as HTMLButtonElement)
          .disabled,
      ).toBe(true),
    );
  });

  it('says so when signing out fails', async () => {
    stubApi({
      'GET /api/me/sessions': () => json(200, { sessions }),
      'POST /api/me/sessions/sign-out-others': () =>
        json(500, { error: { code: 'internal', message: 'x' } }),
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    expect(
      await screen.findByText('Could not sign that session out. Please try again.'),
    ).toBeTruthy();
  });
});
