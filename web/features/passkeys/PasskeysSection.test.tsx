import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, polyfillDialog, renderPage, stubApi } from '../../test-support/render-page.tsx';
import { PasskeySignIn } from './PasskeySignIn.tsx';
import { PasskeysSection } from './PasskeysSection.tsx';

const laptop = {
  id: '01a216f4-d93c-7000-88db-2eb4135d7155',
  name: 'Laptop',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: '2026-11-25T10:00:00.000Z',
};
const phone = {
  id: '01a216f4-d93c-7000-88db-2eb4135d7156',
  name: 'Phone',
  createdAt: '2026-11-21T10:00:00.000Z',
  lastUsedAt: null,
};

const calls = (mock: ReturnType<typeof stubApi>, method: string) =>
  mock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

function renderSection() {
  return renderPage(<PasskeysSection />, { path: '/settings', pattern: '/settings' });
}

describe('Settings → Passkeys', () => {
  beforeAll(polyfillDialog);
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists each passkey with its name, when it was added and when it was last used', async () => {
    stubApi({ 'GET /api/me/passkeys': () => json(200, { passkeys: [laptop, phone] }) });
    renderSection();
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getByText('Laptop')).toBeTruthy();
    expect(within(list).getByText('Added Nov 20, 2026 · Last used Nov 25, 2026')).toBeTruthy();
    expect(within(list).getByText('Added Nov 21, 2026 · Not used yet')).toBeTruthy();
  });

  it('renames with the shared rules: an empty name sends nothing', async () => {
    const api = stubApi({
      'GET /api/me/passkeys': () => json(200, { passkeys: [laptop] }),
      [`PATCH /api/me/passkeys/${laptop.id}`]: () =>
        json(200, { passkey: { ...laptop, name: 'Work laptop' } }),
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Laptop' }));
    const field = screen.getByLabelText('Passkey name');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a name for this passkey')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'x'.repeat(51) } });
    expect(await screen.findByText('Passkey name must be 50 characters or fewer')).toBeTruthy();
    expect(calls(api, 'PATCH')).toEqual([]);
    fireEvent.change(field, { target: { value: 'Work laptop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Passkey renamed')).toBeTruthy();
    expect(JSON.parse(String(calls(api, 'PATCH')[0]?.[1]?.body))).toEqual({ name: 'Work laptop' });
  });

  it('asks before removing a passkey, and removes it', async () => {
    const api = stubApi({
      'GET /api/me/passkeys': () => json(200, { passkeys: [laptop] }),
      [`DELETE /api/me/passkeys/${laptop.id}`]: () => new Response(null, { status: 204 }),
    });
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Laptop' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/It will no longer sign you in/)).toBeTruthy();
    expect(calls(api, 'DELETE')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Passkey removed')).toBeTruthy();
    expect(calls(api, 'DELETE')).toHaveLength(1);
  });

  it('offers no passkey where the browser cannot use one (no WebAuthn)', async () => {
    stubApi({ 'GET /api/me/passkeys': () => json(200, { passkeys: [] }) });
    renderSection();
    expect(
      await screen.findByText('This browser cannot use passkeys on this address.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });
});

describe("'Sign in with a passkey'", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  function renderSignIn() {
    return renderPage(<PasskeySignIn />, { path: '/magic-link', pattern: '/magic-link' });
  }

  it('is hidden where the browser has no WebAuthn', async () => {
    stubApi({});
    renderSignIn();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
  });

  it("shows the server's refusal of a passkey (a clone warning) as sent", async () => {
    vi.stubGlobal('PublicKeyCredential', class {});
    const bytes = () => new Uint8Array([1]).buffer;
    vi.stubGlobal('navigator', {
      ...navigator,
      credentials: {
        get: async () => ({
          id: 'AQ',
          rawId: bytes(),
          type: 'public-key',
          authenticatorAttachment: null,
          response: {
            clientDataJSON: bytes(),
            authenticatorData: bytes(),
            signature: bytes(),
            userHandle: null,
          },
          getClientExtensionResults: () => ({}),
        }),
      },
    });
    const api = stubApi({
      'POST /api/auth/passkey/options': () => json(200, { challenge: 'AQ', rpId: 'localhost' }),
      'POST /api/auth/passkey/verify': () =>
        json(400, {
          error: {
            code: 'passkey/clone-warning',
            message:
              'This passkey was refused because it may have been copied. Sign in with the e-mail link, then remove it in Settings.',
          },
        }),
    });
    renderSignIn();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    expect(
      await screen.findByText(
        'This passkey was refused because it may have been copied. Sign in with the e-mail link, then remove it in Settings.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(calls(api, 'POST')).toHaveLength(2));
  });
});
