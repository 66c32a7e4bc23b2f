import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, ModerationCase } from '../../../shared/moderation-schemas.ts';
import { apiError, type Call, json, mockApi } from '../../test-support/api-stub.tsx';
import { polyfillDialog } from '../../test-support/render-page.tsx';
import { AuditLogSection } from './AuditLogSection.tsx';
import { ReportsSection } from './ReportsSection.tsx';

// jsdom has no modal dialogs; the e2e tests cover the real one.
beforeAll(polyfillDialog);
afterEach(() => vi.unstubAllGlobals());

const CODE_ID = '01890a5d-ac96-774b-bcce-b302099a8057';

const codeCase: ModerationCase = {
  id: 'case-1',
  status: 'open',
  target: {
    type: 'code',
    codeId: CODE_ID,
    serviceId: 'uber',
    serviceName: 'Uber',
    code: 'RIDE-ALICE',
    reward: '15',
    productName: 'First ride',
    link: 'https://evil.example/login',
  },
  owner: { username: 'alice', email: 'alice@example.com' },
  reportCount: 3,
  networkCount: 2,
  reasons: [
    { reason: 'scam', count: 2 },
    { reason: 'spam', count: 1 },
  ],
  notes: [{ note: 'Asks for my <b>password</b>', createdAt: '2026-11-25T10:00:00.000Z' }],
  firstReportedAt: '2026-11-24T10:00:00.000Z',
  lastReportedAt: '2026-11-25T10:00:00.000Z',
  state: { codeHidden: false, accountDisabled: false, detailsHidden: false },
  appeal: null,
};

const appealCase: ModerationCase = {
  ...codeCase,
  id: 'case-2',
  status: 'closed',
  notes: [],
  state: { codeHidden: true, accountDisabled: false, detailsHidden: false },
  appeal: {
    id: 'appeal-1',
    actionId: 'action-1',
    note: 'It is my own code',
    createdAt: '2026-11-26T09:00:00.000Z',
    status: 'open',
  },
};

function renderSection(handler: (call: Call) => Response) {
  const calls = mockApi(handler);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <ReportsSection />
      <AuditLogSection />
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

const listing =
  (
    cases: ModerationCase[],
    entries: AuditEntry[] = [],
    action: () => Response = () => json(200, {}),
  ) =>
  (call: Call) => {
    if (call.url === '/api/admin/reports') return json(200, { cases });
    if (call.url === '/api/admin/audit-log') return json(200, { entries });
    return action();
  };

async function row(name: RegExp | string) {
  const code = await screen.findAllByText(name);
  return within(code[0]!.closest('li[data-case-id]') as HTMLElement);
}

describe('Reports section', () => {
  it('shows the snapshot, the owner, the counts, the reasons and the notes as text', async () => {
    renderSection(listing([codeCase]));
    const card = await row('RIDE-ALICE');
    expect(screen.getByRole('heading', { name: 'Reports' })).toBeTruthy();
    expect(card.getByText('Uber')).toBeTruthy();
    expect(card.getByText('Reward: $15')).toBeTruthy();
    // The reported link is text, never a link to follow.
    expect(card.getByText('https://evil.example/login')).toBeTruthy();
    expect(card.queryByRole('link')).toBeNull();
    expect(card.getByText('@alice · alice@example.com')).toBeTruthy();
    expect(card.getByText(/^3 reports from 2 networks/)).toBeTruthy();
    expect(card.getByText('Scam or phishing link').textContent).toBe('Scam or phishing link × 2');
    expect(card.getByText('Spam or not a referral code').textContent).toBe(
      'Spam or not a referral code × 1',
    );
    // A note is text: its markup shows as typed.
    expect(card.getByText(/Asks for my <b>password<\/b>/)).toBeTruthy();
    expect(card.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Dismiss',
      'Hide code',
      'Disable account',
    ]);
  });

  it('asks for the reason the owner will read before hiding, then sends it', async () => {
    const { calls, user } = renderSection(listing([codeCase]));
    const card = await row('RIDE-ALICE');
    await user.click(card.getByRole('button', { name: 'Hide code' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByRole('heading').textContent).toBe('Hide code: Uber code RIDE-ALICE');
    await user.click(dialog.getByRole('button', { name: 'Hide code' }));
    expect(dialog.getByText('Please give a reason the owner will read')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.type(dialog.getByLabelText('Reason'), 'The link is a phishing page');
    await user.click(dialog.getByRole('button', { name: 'Hide code' }));
    expect(
      await screen.findByText('Code hidden. The owner receives your reason by e-mail.'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/admin/moderation-actions',
        body: {
          action: 'hide_code',
          caseId: 'case-1',
          target: { type: 'code', codeId: CODE_ID },
          reason: 'The link is a phishing page',
        },
      },
    ]);
    // The section and the log are fetched again.
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/admin/reports')).toHaveLength(2),
    );
  });

  it("disables the owner's account and dismisses the case with their own targets", async () => {
    const { calls, user } = renderSection(listing([codeCase]));
    const card = await row('RIDE-ALICE');
    await user.click(card.getByRole('button', { name: 'Disable account' }));
    await user.type(screen.getByLabelText('Reason'), 'Repeated scams');
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Disable account' }),
    );
    await screen.findByText('Account disabled. The owner receives your reason by e-mail.');
    await user.click(card.getByRole('button', { name: 'Dismiss' }));
    await user.type(screen.getByLabelText('Reason'), 'Not a scam');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Dismiss' }));
    await screen.findByText('Reports dismissed.');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      {
        action: 'disable_account',
        caseId: 'case-1',
        target: { type: 'account', username: 'alice' },
        reason: 'Repeated scams',
      },
      {
        action: 'dismiss',
        caseId: 'case-1',
        target: { type: 'code', codeId: CODE_ID },
        reason: 'Not a scam',
      },
    ]);
  });

  it("answers an open appeal with 'Restore' or 'Keep hidden', and shows a refusal as sent", async () => {
    const { calls, user } = renderSection(
      listing([appealCase], [], () =>
        apiError(409, 'conflict', 'This appeal has already been answered'),
      ),
    );
    const card = await row('RIDE-ALICE');
    expect(card.getByText('It is my own code')).toBeTruthy();
    expect(card.getByText('Appeal open')).toBeTruthy();
    expect(card.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Restore',
      'Keep hidden',
    ]);
    await user.click(card.getByRole('button', { name: 'Keep hidden' }));
    await user.type(screen.getByLabelText('Reason'), 'The link is still not Uber');
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep hidden' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This appeal has already been answered',
    );
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/admin/appeals/appeal-1/decision',
        body: { decision: 'keep', reason: 'The link is still not Uber' },
      },
    ]);
  });

  it('offers Restore for a hidden code once its appeal is answered', async () => {
    renderSection(listing([{ ...appealCase, appeal: { ...appealCase.appeal!, status: 'kept' } }]));
    const card = await row('RIDE-ALICE');
    expect(card.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Disable account',
      'Restore',
    ]);
  });
});

describe('Audit log', () => {
  it('shows who, what, the target and the reason of each action, as text', async () => {
    renderSection(
      listing(
        [],
        [
          {
            id: 'e2',
            createdAt: '2026-11-26T10:00:00.000Z',
            actor: { cli: true },
            action: 'restore',
            target: { type: 'account', label: '@alice', username: 'alice' },
            reason: 'Cleared <i>after</i> review',
          },
          {
            id: 'e1',
            createdAt: '2026-11-25T10:00:00.000Z',
            actor: { username: 'boss' },
            action: 'hide_code',
            target: { type: 'code', label: 'Uber code RIDE-ALICE of @alice', codeId: CODE_ID },
            reason: 'Phishing',
          },
        ],
      ),
    );
    expect(await screen.findByText('No reports')).toBeTruthy();
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(
      rows.map((tr) =>
        [...tr.querySelectorAll('td')].slice(1).map((td) => td.lastChild?.textContent),
      ),
    ).toEqual([
      ['Command line', 'Restore', '@alice', 'Cleared <i>after</i> review'],
      ['@boss', 'Hide code', 'Uber code RIDE-ALICE of @alice', 'Phishing'],
    ]);
  });
});
