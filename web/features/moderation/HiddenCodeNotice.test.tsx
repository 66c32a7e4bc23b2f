import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CodeModeration } from '../../../shared/moderation-schemas.ts';
import { apiError, json, mockApi } from '../../test-support/api-stub.tsx';
import { polyfillDialog } from '../../test-support/render-page.tsx';
import { HiddenCodeNotice } from './HiddenCodeNotice.tsx';

// jsdom has no modal dialogs; the e2e tests cover the real one.
beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

const hidden: NonNullable<CodeModeration> = {
  actionId: 'action-1',
  hiddenAt: '2026-11-25T10:00:00.000Z',
  reason: 'The link <a href="x">leads</a> to a login page',
  appeal: null,
};

function renderNotice(moderation: NonNullable<CodeModeration>) {
  const onAppealed = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <HiddenCodeNotice moderation={moderation} what="Uber code" onAppealed={onAppealed} />
    </QueryClientProvider>,
  );
  return { onAppealed, user: userEvent.setup() };
}

describe('HiddenCodeNotice', () => {
  it("says 'Hidden by an admin' with the reason as text, and appeals once with a note", async () => {
    const calls = mockApi(() => json(201, {}));
    const { user, onAppealed } = renderNotice(hidden);
    const notice = within(screen.getByTestId('hidden-by-admin'));
    expect(notice.getByText('Hidden by an admin')).toBeTruthy();
    expect(notice.getByText(/The link <a href="x">leads<\/a> to a login page/)).toBeTruthy();
    expect(notice.queryByRole('link')).toBeNull();
    await user.click(notice.getByRole('button', { name: 'Appeal' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByRole('heading').textContent).toBe('Appeal: Uber code');
    await user.click(dialog.getByRole('button', { name: 'Send appeal' }));
    expect(dialog.getByText('Please say why this should be restored')).toBeTruthy();
    expect(calls).toEqual([]);
    await user.type(dialog.getByLabelText('Why should it be restored?'), 'It is my own code');
    await user.click(dialog.getByRole('button', { name: 'Send appeal' }));
    expect(
      await dialog.findByText('Your appeal was sent. An admin will answer by e-mail.'),
    ).toBeTruthy();
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/me/appeals',
        body: { actionId: 'action-1', note: 'It is my own code' },
      },
    ]);
    expect(onAppealed).toHaveBeenCalledOnce();
  });

  it('shows a second appeal refused in the server words', async () => {
    mockApi(() => apiError(409, 'conflict', 'You have already appealed this action'));
    const { user, onAppealed } = renderNotice(hidden);
    await user.click(screen.getByRole('button', { name: 'Appeal' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.type(dialog.getByLabelText('Why should it be restored?'), 'Again');
    await user.click(dialog.getByRole('button', { name: 'Send appeal' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'You have already appealed this action',
    );
    expect(onAppealed).not.toHaveBeenCalled();
  });

  it('shows where an appeal stands instead of the button', () => {
    renderNotice({
      ...hidden,
      appeal: {
        status: 'kept',
        note: 'Mine',
        createdAt: '2026-11-25T11:00:00.000Z',
        answer: 'Still a login page',
      },
    });
    expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull();
    expect(
      screen.getByText('Your appeal was answered: kept hidden. Still a login page'),
    ).toBeTruthy();
  });
});
