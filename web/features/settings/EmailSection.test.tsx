import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderPage, stubApi } from '../../test-support/render-page.tsx';
import { EmailSection } from './EmailSection.tsx';

const allOn = {
  reported: true,
  'code-sank': true,
  expiry: true,
  'link-health': true,
  'weekly-summary': true,
};

function renderSection() {
  return renderPage(<EmailSection />, { path: '/settings', pattern: '/settings' });
}

describe('Settings → E-mail', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a switch per kind; moderation and security are on and cannot be switched off', async () => {
    stubApi({ 'GET /api/me/email-settings': () => json(200, { ...allOn, expiry: false }) });
    renderSection();
    const weekly = (await screen.findByRole('switch', {
      name: 'Weekly summary',
    })) as HTMLInputElement;
    expect(weekly.checked).toBe(true);
    expect(
      (screen.getByRole('switch', { name: 'Expiry reminders' }) as HTMLInputElement).checked,
    ).toBe(false);
    for (const name of ['Moderation decisions', 'Security']) {
      const locked = screen.getByRole('switch', { name }) as HTMLInputElement;
      expect(locked.checked).toBe(true);
      expect(locked.disabled).toBe(true);
    }
    expect(screen.getByText(/Required by law, so always on\./)).toBeTruthy();
  });

  it('saves a flipped switch at once and says so; a failure is announced', async () => {
    let fail = false;
    const api = stubApi({
      'GET /api/me/email-settings': () => json(200, allOn),
      'PUT /api/me/email-settings': () =>
        fail
          ? json(500, { error: { code: 'internal', message: 'x' } })
          : json(200, { ...allOn, 'weekly-summary': false }),
    });
    renderSection();
    fireEvent.click(await screen.findByRole('switch', { name: 'Weekly summary' }));
    expect(await screen.findByText('Saved: weekly summary off')).toBeTruthy();
    const put = api.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ 'weekly-summary': false });
    await waitFor(() =>
      expect(
        (screen.getByRole('switch', { name: 'Weekly summary' }) as HTMLInputElement).checked,
      ).toBe(false),
    );
    fail = true;
    fireEvent.click(screen.getByRole('switch', { name: 'Broken links' }));
    expect(await screen.findByText('Failed to save e-mail settings')).toBeTruthy();
  });
});
