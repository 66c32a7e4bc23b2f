import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, polyfillDialog, renderPage, stubApi } from '../../test-support/render-page.tsx';
import { ApiTokensSection } from './ApiTokensSection.tsx';

const SECRET = 'rs_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

const token = {
  id: '01930000-0000-7000-8000-000000000001',
  name: 'Backup script',
  scopes: ['codes:read', 'stats:read'],
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: '2027-02-18T10:00:00.000Z',
};

const render = () => renderPage(<ApiTokensSection />, { path: '/settings', pattern: '/settings' });

describe('ApiTokensSection', () => {
  beforeAll(polyfillDialog);
  afterEach(() => vi.restoreAllMocks());

  it('lists each token with its scopes, created, last used and expiry', async () => {
    stubApi({
      'GET /api/me/tokens': () =>
        json(200, {
          tokens: [
            token,
            {
              ...token,
              id: 't2',
              name: 'Forever',
              expiresAt: null,
              lastUsedAt: '2026-11-25T09:00:00.000Z',
            },
          ],
        }),
    });
    render();
    const row = (await screen.findByText('Backup script')).closest('li') as HTMLElement;
    expect(within(row).getByText('codes:read')).toBeTruthy();
    expect(within(row).getByText('stats:read')).toBeTruthy();
    expect(row.textContent).toContain(
      'Created Nov 20, 2026 · Last used never · Expires Feb 18, 2027',
    );
    const forever = screen.getByText('Forever').closest('li') as HTMLElement;
    expect(forever.textContent).toContain('Last used Nov 25, 2026 · Never expires');
  });

  it('creates a token with name, scopes and expiry, and shows its secret once', async () => {
    const tokens: unknown[] = [];
    const api = stubApi({
      'GET /api/me/tokens': () => json(200, { tokens }),
      'POST /api/me/tokens': () => {
        tokens.push(token);
        return json(201, { token, secret: SECRET });
      },
    });
    render();
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Backup script' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /stats:read/ }));
    fireEvent.change(screen.getByLabelText('Expires'), { target: { value: '365' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText(SECRET)).toBeTruthy();
    expect(
      screen.getByText('Copy this token now. It is shown only once; we keep only a hash of it.'),
    ).toBeTruthy();
    const post = api.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Backup script',
      scopes: ['codes:read', 'stats:read'],
      expiresInDays: '365',
    });
    // 'Done' hides it for good: the list never holds the secret.
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
    expect(await screen.findByText('Backup script')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create token' })).toBeTruthy();
  });

  it('asks for a name and a scope before sending anything', async () => {
    const api = stubApi({ 'GET /api/me/tokens': () => json(200, { tokens: [] }) });
    render();
    fireEvent.click(await screen.findByRole('checkbox', { name: /codes:read/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Please enter a name for the token')).toBeTruthy();
    expect(screen.getByText('Please choose at least one scope')).toBeTruthy();
    expect(api.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it("shows the server's message when the cap is reached", async () => {
    stubApi({
      'GET /api/me/tokens': () => json(200, { tokens: [] }),
      'POST /api/me/tokens': () =>
        json(409, {
          error: {
            code: 'conflict',
            message: 'You can hold at most 20 tokens. Revoke one you no longer use first.',
          },
        }),
    });
    render();
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'One more' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(
      await screen.findByText(
        'You can hold at most 20 tokens. Revoke one you no longer use first.',
      ),
    ).toBeTruthy();
  });

  it('revokes a token after confirming', async () => {
    let tokens = [token];
    const api = stubApi({
      'GET /api/me/tokens': () => json(200, { tokens }),
      [`DELETE /api/me/tokens/${token.id}`]: () => {
        tokens = [];
        return new Response(null, { status: 204 });
      },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Backup script' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke token' }));
    expect(await screen.findByText('Token revoked')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Backup script')).toBeNull());
    expect(api.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true);
  });
});
