import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, polyfillDialog, renderPage, stubApi } from '../../test-support/render-page.tsx';
import SettingsPage from './SettingsPage.tsx';

const me = {
  id: 'u1',
  email: 'alice@example.com',
  username: 'alice',
  createdAt: '2026-11-22T10:00:00.000Z',
  lastLoginAt: null,
  isAdmin: false,
  listNewCodes: true,
  renameAllowedAt: null,
  listingFrom: '2026-01-01',
};

const empty = { displayName: null, bio: null, avatar: null, links: [], accent: 'indigo' };

type Api = ReturnType<typeof stubApi>;
const calls = (mock: Api, method: string, url: string) =>
  mock.mock.calls.filter(
    ([called, init]) => (init?.method ?? 'GET') === method && String(called) === url,
  );

async function renderProfileSettings(routes: Record<string, () => Response> = {}) {
  const api = stubApi({
    'GET /api/me': () => json(200, me),
    'GET /api/me/profile': () => json(200, empty),
    ...routes,
  });
  renderPage(<SettingsPage />, { path: '/settings', pattern: '/settings' });
  await screen.findByLabelText(/^Display name/);
  return api;
}

const preview = () => screen.getByRole('complementary', { name: 'Preview' });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** A stand-in XMLHttpRequest: the test drives its progress and its answer. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  body: unknown;
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  withCredentials = false;
  private listeners: Record<string, Array<(event?: unknown) => void>> = {};
  upload = {
    listeners: [] as Array<
      (event: { lengthComputable: boolean; loaded: number; total: number }) => void
    >,
    addEventListener: (_type: string, listener: never) => this.upload.listeners.push(listener),
  };
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader() {
    return null;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners[type] = [...(this.listeners[type] ?? []), listener];
  }
  send(body: unknown) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    for (const listener of this.upload.listeners)
      listener({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    for (const listener of this.listeners.load ?? []) listener();
  }
}

describe('Settings → Profile', () => {
  beforeAll(polyfillDialog);
  beforeEach(() => {
    FakeXhr.last = undefined;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    URL.createObjectURL = vi.fn(() => 'blob:chosen-picture');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('refuses a display name over 50 characters and a bio over 160, with the spec messages', async () => {
    const api = await renderProfileSettings();
    type(/^Display name/, 'x'.repeat(51));
    type(/^Bio/, 'y'.repeat(161));
    save();
    expect(await screen.findByText('Display name must be at most 50 characters')).toBeTruthy();
    expect(screen.getByText('Bio must be at most 160 characters')).toBeTruthy();
    expect(calls(api, 'PUT', '/api/me/profile')).toEqual([]);
    // Exactly at the limits is fine.
    type(/^Display name/, 'x'.repeat(50));
    type(/^Bio/, 'y'.repeat(160));
    await waitFor(() =>
      expect(screen.queryByText('Display name must be at most 50 characters')).toBeNull(),
    );
    expect(screen.queryByText('Bio must be at most 160 characters')).toBeNull();
  });

  it('counts the bio against 160 as it is typed', async () => {
    await renderProfileSettings();
    expect(screen.getByText('0/160')).toBeTruthy();
    type(/^Bio/, 'Line one\nLine two');
    expect(screen.getByText('17/160')).toBeTruthy();
    type(/^Bio/, 'z'.repeat(161));
    expect(screen.getByText('161/160')).toBeTruthy();
  });

  it('updates the live preview as the owner types and picks a colour', async () => {
    await renderProfileSettings();
    expect(within(preview()).getByRole('heading', { level: 3 }).textContent).toBe(
      "@alice's referral codes",
    );
    type(/^Display name/, 'Alice Martin');
    type(/^Bio/, 'Hi!\n<b>literal</b>');
    expect(within(preview()).getByText('Alice Martin')).toBeTruthy();
    const bio = preview().querySelector('[data-bio]') as HTMLElement;
    expect(bio.textContent).toBe('Hi!\n<b>literal</b>');
    expect(bio.querySelector('b')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add a link' }));
    type('Link 1', 'https://www.instagram.com/alice');
    const link = within(preview()).getByRole('link');
    expect(link.getAttribute('href')).toBe('https://www.instagram.com/alice');
    expect(link.querySelector('[data-link-icon="instagram"]')).not.toBeNull();

    const card = preview().querySelector('[data-accent]') as HTMLElement;
    expect(card.dataset.accent).toBe('indigo');
    fireEvent.click(screen.getByRole('radio', { name: 'Rose' }));
    expect(card.dataset.accent).toBe('rose');
    expect(card.style.getPropertyValue('--color-accent-600')).toBe('#be123c');
  });

  it('offers 8 accent colours as one radio group', async () => {
    await renderProfileSettings();
    const group = screen.getByRole('group', { name: 'Accent colour' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(8);
    expect(
      radios.map(
        (radio) => radio.getAttribute('aria-label') ?? radio.closest('label')?.textContent,
      ),
    ).toEqual(['Indigo', 'Blue', 'Teal', 'Green', 'Amber', 'Orange', 'Rose', 'Violet']);
    expect((screen.getByRole('radio', { name: 'Indigo' }) as HTMLInputElement).checked).toBe(true);
  });

  it('takes at most 5 links, and rows can be removed', async () => {
    await renderProfileSettings();
    for (let row = 1; row <= 5; row += 1) {
      fireEvent.click(screen.getByRole('button', { name: 'Add a link' }));
      expect(screen.getByLabelText(`Link ${row}`)).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: 'Add a link' })).toBeNull();
    expect(screen.getByText('You can add at most 5 links.')).toBeTruthy();
    expect(screen.queryByLabelText('Link 6')).toBeNull();

    type('Link 1', 'https://one.example');
    type('Link 2', 'https://two.example');
    fireEvent.click(screen.getByRole('button', { name: 'Remove link 1' }));
    expect((screen.getByLabelText('Link 1') as HTMLInputElement).value).toBe('https://two.example');
    expect(screen.queryByLabelText('Link 5')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add a link' })).toBeTruthy();
  });

  it('refuses a link that is not https://, then saves the fields as typed', async () => {
    const saved = {
      displayName: 'Alice Martin',
      bio: 'Hello',
      avatar: null,
      links: [{ url: 'https://alice.example', kind: 'website' }],
      accent: 'teal',
    };
    const api = await renderProfileSettings({ 'PUT /api/me/profile': () => json(200, saved) });
    type(/^Display name/, 'Alice Martin');
    type(/^Bio/, 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Add a link' }));
    type('Link 1', 'http://alice.example');
    fireEvent.click(screen.getByRole('radio', { name: 'Teal' }));
    save();
    expect(await screen.findByText('Links must be https:// addresses')).toBeTruthy();
    expect(calls(api, 'PUT', '/api/me/profile')).toEqual([]);

    type('Link 1', 'https://alice.example');
    save();
    expect(await screen.findByText('Profile saved')).toBeTruthy();
    const [put] = calls(api, 'PUT', '/api/me/profile');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      displayName: 'Alice Martin',
      bio: 'Hello',
      links: ['https://alice.example'],
      accent: 'teal',
    });
  });

  it("shows the server's refusal of an impersonating display name under the field", async () => {
    await renderProfileSettings({
      'PUT /api/me/profile': () =>
        json(400, {
          error: {
            code: 'validation_failed',
            message: 'That display name is reserved. Choose another.',
            fields: { displayName: 'That display name is reserved. Choose another.' },
          },
        }),
    });
    type(/^Display name/, 'Refstash');
    save();
    const message = await screen.findByText('That display name is reserved. Choose another.');
    expect(message.id).toBe(
      screen
        .getByLabelText(/^Display name/)
        .getAttribute('aria-describedby')
        ?.split(' ')
        .pop(),
    );
  });

  describe('the picture', () => {
    const choose = (file: File) =>
      fireEvent.change(screen.getByLabelText('Choose a picture'), { target: { files: [file] } });

    it('checks the type and the 2 MB size before sending anything', async () => {
      await renderProfileSettings();
      choose(new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }));
      expect(await screen.findByText('The picture must be a PNG, JPEG or WebP image')).toBeTruthy();
      const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.jpg', {
        type: 'image/jpeg',
      });
      choose(big);
      expect(await screen.findByText('The picture must be at most 2 MB')).toBeTruthy();
      expect(FakeXhr.last).toBeUndefined();
    });

    it('shows the square crop, uploads the bytes with progress, then the result', async () => {
      const api = await renderProfileSettings();
      const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', {
        type: 'image/jpeg',
      });
      choose(file);
      const crop = await screen.findByAltText(
        'The chosen picture, cropped to a square from the centre',
      );
      expect(crop.getAttribute('src')).toBe('blob:chosen-picture');
      expect(crop.className).toContain('object-cover');
      // The live preview shows the chosen picture before it is saved.
      expect(preview().querySelector('img')?.getAttribute('src')).toBe('blob:chosen-picture');

      fireEvent.click(screen.getByRole('button', { name: 'Save picture' }));
      const xhr = FakeXhr.last as FakeXhr;
      expect(xhr.method).toBe('PUT');
      expect(xhr.url).toBe('/api/me/avatar');
      expect(xhr.body).toBe(file);
      expect(xhr.headers['Content-Type']).toBe('image/jpeg');
      act(() => xhr.progress(42, 100));
      expect(
        screen
          .getByRole('progressbar', { name: 'Uploading the picture' })
          .getAttribute('aria-valuenow'),
      ).toBe('42');
      expect(screen.getByText('42%')).toBeTruthy();

      const avatar = { url128: '/avatars/new-128.webp', url512: '/avatars/new-512.webp' };
      act(() => xhr.answer(200, { ...empty, avatar }));
      expect(await screen.findByText('Picture saved')).toBeTruthy();
      await waitFor(() =>
        expect(preview().querySelector('img')?.getAttribute('src')).toBe('/avatars/new-128.webp'),
      );
      expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
      expect(calls(api, 'PUT', '/api/me/avatar')).toEqual([]);
    });

    it("shows the server's message when it refuses the picture", async () => {
      await renderProfileSettings();
      choose(new File([new Uint8Array(10)], 'huge.png', { type: 'image/png' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Save picture' }));
      act(() =>
        (FakeXhr.last as FakeXhr).answer(400, {
          error: {
            code: 'validation_failed',
            message: 'The picture is too large (at most 40 megapixels)',
          },
        }),
      );
      expect(
        await screen.findByText('The picture is too large (at most 40 megapixels)'),
      ).toBeTruthy();
      // Still chosen: another try, or Cancel.
      expect(screen.getByRole('button', { name: 'Save picture' })).toBeTruthy();
    });

    it("'Remove' deletes the avatar and brings back the generated initial", async () => {
      const api = await renderProfileSettings({
        'GET /api/me/profile': () =>
          json(200, {
            ...empty,
            avatar: { url128: '/avatars/a-128.webp', url512: '/avatars/a-512.webp' },
          }),
        'DELETE /api/me/avatar': () => new Response(null, { status: 204 }),
      });
      expect(preview().querySelector('img')?.getAttribute('src')).toBe('/avatars/a-128.webp');
      fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
      expect(await screen.findByText('Picture removed')).toBeTruthy();
      expect(calls(api, 'DELETE', '/api/me/avatar')).toHaveLength(1);
      await waitFor(() => expect(preview().querySelector('img')).toBeNull());
      expect(preview().querySelector('[data-avatar="initial"]')?.textContent).toBe('A');
    });
  });
});

describe('Settings → Profile while an admin hides the details', () => {
  beforeAll(polyfillDialog);
  afterEach(() => vi.unstubAllGlobals());

  it('says so, with the reason and the appeal, and keeps the form', async () => {
    stubApi({
      'GET /api/me': () => json(200, me),
      'GET /api/me/profile': () =>
        json(200, {
          ...empty,
          moderation: {
            actionId: 'a1',
            hiddenAt: '2026-11-25T10:00:00.000Z',
            reason: 'Impersonation <b>of</b> a brand',
            appeal: null,
          },
        }),
    });
    renderPage(<SettingsPage />, { path: '/settings', pattern: '/settings' });
    expect(
      await screen.findByText(
        'Visitors see your username only: your display name, bio, picture and links are hidden until an admin restores them.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('hidden-by-admin').textContent).toContain(
      'Impersonation <b>of</b> a brand',
    );
    expect(screen.getByRole('button', { name: 'Appeal' })).toBeTruthy();
    expect(screen.getByLabelText(/^Display name/)).toBeTruthy();
  });
});
