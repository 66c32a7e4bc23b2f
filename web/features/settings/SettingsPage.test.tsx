import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../../lib/session.ts';
import { json, polyfillDialog, renderPage, stubApi } from '../../test-support/render-page.tsx';
import SettingsPage from './SettingsPage.tsx';

const me = {
  id: 'u1',
  email: 'alex@example.com',
  username: 'alex',
  createdAt: '2026-11-22T10:00:00.000Z',
  lastLoginAt: null,
  isAdmin: false,
  listNewCodes: true,
  renameAllowedAt: null,
  listingFrom: '2026-01-01',
};

function renderSettings() {
  return renderPage(<SettingsPage />, { path: '/settings', pattern: '/settings' });
}

const calls = (mock: ReturnType<typeof stubApi>, method: string) =>
  mock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

describe('SettingsPage', () => {
  beforeAll(polyfillDialog);
  afterEach(() => vi.restoreAllMocks());

  it('shows the e-mail address, the profile and the date joined (UTC)', async () => {
    stubApi({ 'GET /api/me': () => json(200, me) });
    renderSettings();
    expect(await screen.findByText('alex@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: '@alex' }).getAttribute('href')).toBe('/alex');
    expect(screen.getByText('22 November 2026')).toBeTruthy();
  });

  it('asks for the username before deleting, and sends nothing without it', async () => {
    const api = stubApi({ 'GET /api/me': () => json(200, me) });
    renderSettings();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Type your username to confirm')).toBeTruthy();
    expect(calls(api, 'DELETE')).toEqual([]);
  });

  it('deletes the account with the typed name, then loads the home page afresh', async () => {
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const api = stubApi({
      'GET /api/me': () => json(200, me),
      'DELETE /api/me': () => new Response(null, { status: 204 }),
    });
    renderSettings();
    fireEvent.change(await screen.findByLabelText('Type alex to confirm'), {
      target: { value: 'alex' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(JSON.parse(String(calls(api, 'DELETE')[0]?.[1]?.body))).toEqual({ username: 'alex' });
  });

  it("shows the server's message for the last admin, and the fallback for a failure", async () => {
    let answer = () =>
      json(409, {
        error: {
          code: 'last_admin',
          message:
            'You are the only admin. Make someone else an admin before deleting your account.',
        },
      });
    stubApi({ 'GET /api/me': () => json(200, me), 'DELETE /api/me': () => answer() });
    renderSettings();
    fireEvent.change(await screen.findByLabelText('Type alex to confirm'), {
      target: { value: 'alex' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(
      await screen.findByText(
        'You are the only admin. Make someone else an admin before deleting your account.',
      ),
    ).toBeTruthy();
    answer = () => json(500, { error: { code: 'internal', message: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Failed to delete account')).toBeTruthy();
  });

  it('saves the listing default as soon as the switch is flipped, and says so', async () => {
    let saved = true;
    const api = stubApi({
      'GET /api/me': () => json(200, { ...me, listNewCodes: saved }),
      'PUT /api/me/settings': (init) => {
        saved = JSON.parse(String(init?.body)).listNewCodes;
        return json(200, { ...me, listNewCodes: saved });
      },
    });
    renderSettings();
    const section = within(await screen.findByRole('region', { name: 'Service pages' }));
    const toggle = section.getByRole('switch', { name: 'List new codes on their service page' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(toggle);
    expect(await screen.findByText('Saved: new codes start unlisted')).toBeTruthy();
    // Beside the switch, not at the top of the page (out of sight on a phone).
    expect(section.getByRole('status').textContent).toBe('Saved: new codes start unlisted');
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(JSON.parse(String(calls(api, 'PUT')[0]?.[1]?.body))).toEqual({ listNewCodes: false });
    fireEvent.click(toggle);
    expect(
      await screen.findByText('Saved: new codes start listed on their service page'),
    ).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(calls(api, 'PUT')).toHaveLength(2);
  });

  it('puts the switch back and says why when saving fails', async () => {
    let answer = () => json(500, { error: { code: 'internal', message: 'x' } });
    stubApi({
      'GET /api/me': () => json(200, me),
      'PUT /api/me/settings': () => answer(),
    });
    renderSettings();
    const toggle = await screen.findByRole('switch', {
      name: 'List new codes on their service page',
    });
    fireEvent.click(toggle);
    const section = within(screen.getByRole('region', { name: 'Service pages' }));
    expect((await section.findByRole('alert')).textContent).toBe('Failed to save settings');
    expect((toggle as HTMLInputElement).checked).toBe(true);
    const message = 'Too many requests. Try again in 42 seconds.';
    answer = () => json(429, { error: { code: 'rate_limited', message } });
    fireEvent.click(toggle);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText('Failed to save settings')).toBeNull();
  });

  it('confirms a username change before sending it', async () => {
    const api = stubApi({
      'GET /api/me': () => json(200, me),
      'PUT /api/me/username': () => json(200, { ...me, username: 'alex2' }),
    });
    renderSettings();
    fireEvent.change(await screen.findByLabelText('New username'), { target: { value: 'Alex2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change username' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change your username?' }));
    expect(calls(api, 'PUT')).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Change to @alex2' }));
    expect(await screen.findByText('Username changed successfully')).toBeTruthy();
    expect(JSON.parse(String(calls(api, 'PUT')[0]?.[1]?.body))).toEqual({ username: 'alex2' });
  });

  it('checks the new name live, and says it is taken before asking to confirm', async () => {
    const api = stubApi({
      'GET /api/me': () => json(200, me),
      'GET /api/usernames/bob': () => json(200, { available: false }),
      'GET /api/usernames/bobby': () => json(200, { available: true }),
    });
    renderSettings();
    const field = await screen.findByLabelText('New username');
    fireEvent.change(field, { target: { value: 'bob' } });
    expect(await screen.findByText('Username is already taken. Please try another.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Change username' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(api, 'PUT')).toEqual([]);
    fireEvent.change(field, { target: { value: 'bobby' } });
    expect(await screen.findByText(/\/bobby is available$/)).toBeTruthy();
  });

  it('says up front when the next rename is allowed, within 30 days of the last', async () => {
    stubApi({
      'GET /api/me': () => json(200, { ...me, renameAllowedAt: '2026-12-31T10:15:00.000Z' }),
    });
    renderSettings();
    expect(
      await screen.findByText(
        'You can change your username once every 30 days. You can change it again on 31 December 2026 at 10:15 UTC.',
      ),
    ).toBeTruthy();
    expect((screen.getByLabelText('New username') as HTMLInputElement).disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Change username' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("shows the rename limit's message under the field", async () => {
    const message =
      'You can change your username once every 30 days. You can change it again on 31 December 2026 at 10:15 UTC.';
    stubApi({
      'GET /api/me': () => json(200, me),
      'PUT /api/me/username': () =>
        json(429, { error: { code: 'rename_too_soon', message, fields: { username: message } } }),
    });
    renderSettings();
    fireEvent.change(await screen.findByLabelText('New username'), { target: { value: 'bob' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change username' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Change your username?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Change to @bob' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('previews an import (rows to add, skipped, refused), then imports on request', async () => {
    const plan = {
      add: [
        {
          row: 2,
          service: 'uber',
          serviceName: 'Uber',
          code: 'NEW',
          reward: '5',
          productName: null,
          link: null,
        },
      ],
      refused: [
        { row: 3, messages: ['Referral code is required'] },
        { row: 4, messages: ['Referral code is required', 'Reward description is required'] },
      ],
      skipped: [{ row: 1, service: 'Uber', code: 'OLD', message: 'Already in your codes' }],
      limitMessage: null,
    };
    const api = stubApi({
      'GET /api/me': () => json(200, me),
      'POST /api/me/import/preview': () => json(200, plan),
      'POST /api/me/import': () => json(200, plan),
    });
    renderSettings();
    const input = await screen.findByLabelText('Import codes from a CSV or JSON file');
    const csv = new File(['service,productName,code,reward,link\r\n'], 'codes.csv', {
      type: 'text/csv',
    });
    fireEvent.change(input, { target: { files: [csv] } });
    expect(await screen.findByText('Row 3: Referral code is required')).toBeTruthy();
    // Every problem of a row, not only the first (issue 24).
    const four = screen.getByText(/^Row 4:/);
    expect([...four.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Referral code is required',
      'Reward description is required',
    ]);
    expect(screen.getByText(/Row 1: Uber/)).toBeTruthy();
    expect(calls(api, 'POST').map(([url]) => url)).toEqual(['/api/me/import/preview']);
    fireEvent.click(screen.getByRole('button', { name: 'Import 1 code' }));
    // The confirmation is beside the import, not in the page's banner out of view.
    const data = within(screen.getByRole('region', { name: 'Your data' }));
    expect(await data.findByText('Imported 1 code successfully')).toBeTruthy();
  });

  it("says a JSON export's profile and avatar will replace the owner's, and names row 0 Profile", async () => {
    const plan = {
      add: [],
      refused: [{ row: 0, messages: ['The picture must be a PNG, JPEG or WebP image'] }],
      skipped: [],
      limitMessage: null,
      profile: { displayName: 'Ex', bio: '', links: [], accent: 'teal' },
      avatar: true,
    };
    stubApi({
      'GET /api/me': () => json(200, me),
      'POST /api/me/import/preview': () => json(200, plan),
    });
    renderSettings();
    const input = await screen.findByLabelText('Import codes from a CSV or JSON file');
    const file = new File(['{"codes":[]}'], 'refstash.json', { type: 'application/json' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(
      await screen.findByText(
        "The file's display name, bio, links and accent colour will replace yours",
      ),
    ).toBeTruthy();
    expect(screen.getByText("The file's avatar will replace yours")).toBeTruthy();
    expect(screen.getByText('Profile: The picture must be a PNG, JPEG or WebP image')).toBeTruthy();
  });

  it('shows one clear message for an unreadable file and no preview', async () => {
    const message = 'The file is not valid CSV (check its quotes)';
    stubApi({
      'GET /api/me': () => json(200, me),
      'POST /api/me/import/preview': () =>
        json(400, { error: { code: 'import_unreadable', message } }),
    });
    renderSettings();
    const input = await screen.findByLabelText('Import codes from a CSV or JSON file');
    fireEvent.change(input, { target: { files: [new File(['"'], 'x.csv')] } });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Import/ })).toBeNull();
  });
});
