import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockApi } from '../../test-support/api-stub.tsx';
import { polyfillDialog } from '../../test-support/render-page.tsx';
import { ReportButton } from './ReportButton.tsx';

// jsdom has no modal dialogs; the e2e tests cover the real one.
beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

const CODE_ID = '01890a5d-ac96-774b-bcce-b302099a8057';

async function openDialog(target: Parameters<typeof ReportButton>[0]['target']) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReportButton target={target} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Report' }));
  // The dialog is its own chunk, loaded on this first click.
  const dialog = await screen.findByRole('dialog');
  return { user, dialog: within(dialog) };
}

describe('ReportButton and its dialog', () => {
  it("offers the issue's six reasons, in order, and sends nothing without one", async () => {
    const calls = mockApi(() => json(202, {}));
    const { user, dialog } = await openDialog({ type: 'code', codeId: CODE_ID });
    expect(dialog.getByRole('heading').textContent).toBe('Report this code');
    expect(
      dialog.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent),
    ).toEqual([
      'Spam or not a referral code',
      'Scam or phishing link',
      'Impersonation or stolen code',
      'Offensive content',
      "Against the service's referral terms",
      'Something else',
    ]);
    expect(dialog.getByRole('link', { name: 'rules' }).getAttribute('href')).toBe('/rules');
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(dialog.getByText('Please choose a reason')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('refuses a note over 500 characters and sends one of 500', async () => {
    const calls = mockApi(() => json(202, {}));
    const { user, dialog } = await openDialog({ type: 'code', codeId: CODE_ID });
    await user.click(dialog.getByLabelText('Scam or phishing link'));
    const note = dialog.getByLabelText(/Note/);
    await user.click(note);
    await user.paste('x'.repeat(501));
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(dialog.getByText('Note is too long (max 500 characters)')).toBeTruthy();
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
    await user.type(note, '{Backspace}');
    expect(dialog.queryByText('Note is too long (max 500 characters)')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByText('Thanks — an admin will review this.')).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/reports',
        body: { target: { type: 'code', codeId: CODE_ID }, reason: 'scam', note: 'x'.repeat(500) },
      },
    ]);
  });

  it('reports a profile, without a note', async () => {
    const calls = mockApi(() => json(202, {}));
    const { user, dialog } = await openDialog({ type: 'profile', username: 'alice' });
    expect(dialog.getByRole('heading').textContent).toBe('Report this profile');
    await user.click(dialog.getByLabelText('Impersonation or stolen code'));
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByText('Thanks — an admin will review this.')).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      target: { type: 'profile', username: 'alice' },
      reason: 'impersonation',
      note: null,
    });
  });

  it("shows the server's rate-limit message as sent, and its own text for a 500", async () => {
    let answer = apiError(429, 'rate_limited', 'Too many reports. Try again in 10 minutes.');
    mockApi(() => answer);
    const { user, dialog } = await openDialog({ type: 'code', codeId: CODE_ID });
    await user.click(dialog.getByLabelText('Offensive content'));
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'Too many reports. Try again in 10 minutes.',
    );
    answer = apiError(500, 'internal', 'Internal Server Error');
    await user.click(dialog.getByRole('button', { name: 'Send report' }));
    expect(await dialog.findByText('Failed to send report. Please try again.')).toBeTruthy();
    expect(dialog.queryByText('Thanks — an admin will review this.')).toBeNull();
  });
});
