import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi, renderAt, signedOut } from '../../test-support/api-stub.tsx';
import { RequireAuth } from './RequireAuth.tsx';

const page = (
  <RequireAuth>
    <p>secret page</p>
  </RequireAuth>
);
const user = {
  id: 'u1',
  email: 'ada@example.com',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
  isAdmin: false,
  listNewCodes: true,
  listingFrom: '2026-01-01',
};

afterEach(() => vi.unstubAllGlobals());

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /login', async () => {
    mockApi(() => signedOut());
    renderAt('/dashboard', page);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
  });

  it('sends a user without a username back to the username step', async () => {
    mockApi(() => json(200, { ...user, username: null }));
    renderAt('/dashboard', page);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/finishSignUp'));
  });

  it('shows the page to a signed-in user with a username', async () => {
    mockApi(() => json(200, { ...user, username: 'ada' }));
    renderAt('/dashboard', page);
    expect(await screen.findByText('secret page')).toBeTruthy();
  });

  it('says Authentication error occurred when the session check fails', async () => {
    mockApi(() => apiError(503, 'unavailable', 'x'));
    renderAt('/dashboard', page);
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toBe(
      'Authentication error occurred',
    );
  });
});
