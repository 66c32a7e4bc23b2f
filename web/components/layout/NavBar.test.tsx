import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Me, pageNavigation } from '../../lib/session.ts';
import { json, mockApi, renderAt, signedOut } from '../../test-support/api-stub.tsx';
import { NavBar } from './NavBar.tsx';

const me = (overrides: Partial<Me> = {}): Me => ({
  id: 'u1',
  email: 'ada@example.com',
  username: 'ada',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: '2026-01-01T00:00:00.000Z',
  isAdmin: false,
  listNewCodes: true,
  listingFrom: '2026-01-01',
  ...overrides,
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('NavBar', () => {
  it('signed out: Sign in and Sign up', async () => {
    mockApi(() => signedOut());
    renderAt('/', <NavBar />);
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe(
      '/login',
    );
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
  });

  it('signed in: Dashboard, @username and Sign out; no Admin for a non-admin', async () => {
    mockApi(() => json(200, me()));
    renderAt('/', <NavBar />);
    expect((await screen.findByRole('link', { name: 'Dashboard' })).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.getByRole('link', { name: '@ada' }).getAttribute('href')).toBe('/ada');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('shows only Sign out before the username step is done', async () => {
    mockApi(() => json(200, me({ username: null, isAdmin: true })));
    renderAt('/finishSignUp', <NavBar />);
    await screen.findByRole('button', { name: 'Sign out' });
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('shows Admin to an admin', async () => {
    mockApi(() => json(200, me({ isAdmin: true })));
    renderAt('/', <NavBar />);
    expect((await screen.findByRole('link', { name: 'Admin' })).getAttribute('href')).toBe(
      '/admin',
    );
  });

  it('gives up on the admin check after 3 s and treats the user as a non-admin', async () => {
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => {};
    mockApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderAt('/', <NavBar />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    await act(async () => {
      answer(json(200, me({ isAdmin: true })));
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('still shows Admin when the check answers within 3 s', async () => {
    vi.useFakeTimers();
    let answer: (response: Response) => void = () => {};
    mockApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderAt('/', <NavBar />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2999);
    });
    await act(async () => {
      answer(json(200, me({ isAdmin: true })));
      await vi.advanceTimersByTimeAsync(500);
    });
    expect(screen.getByRole('link', { name: 'Admin' })).toBeTruthy();
  });

  it('Sign out deletes the session on the server, then loads / afresh', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const calls = mockApi((call) =>
      call.url === '/api/auth/sign-out' ? new Response(null, { status: 204 }) : json(200, me()),
    );
    renderAt('/dashboard', <NavBar />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/auth/sign-out')).toBe(true);
  });
});
