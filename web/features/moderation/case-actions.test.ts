import { describe, expect, it } from 'vitest';
import type { ModerationCase } from '../../../shared/moderation-schemas.ts';
import { actionsFor, decisionFor } from './case-actions.ts';

const profileCase: ModerationCase = {
  id: 'case-p',
  status: 'open',
  target: {
    type: 'profile',
    username: 'faker',
    displayName: 'Fake Person',
    bio: 'Send me money',
    avatar: '/api/avatars/0123456789abcdef0123456789abcdef-512.webp',
    links: ['https://scam.example'],
  },
  owner: { username: 'faker', email: 'faker@example.com' },
  reportCount: 1,
  networkCount: 1,
  reasons: [{ reason: 'impersonation', count: 1 }],
  notes: [],
  firstReportedAt: '2026-11-26T10:00:00.000Z',
  lastReportedAt: '2026-11-26T10:00:00.000Z',
  state: { codeHidden: false, accountDisabled: false, detailsHidden: false },
  appeal: null,
};

describe("the Reports section's profile actions (issue 26)", () => {
  it("offers 'Hide profile details' on a profile case, which sends hide_profile_details", () => {
    expect(actionsFor(profileCase).map((a) => a.label)).toEqual([
      'Dismiss',
      'Hide profile details',
      'Disable account',
    ]);
    expect(decisionFor('hide_details', profileCase, 'Impersonation')).toEqual({
      kind: 'action',
      request: {
        action: 'hide_profile_details',
        caseId: 'case-p',
        target: { type: 'account', username: 'faker' },
        reason: 'Impersonation',
      },
    });
  });

  it("offers 'Restore details' while the details are hidden", () => {
    const hidden = { ...profileCase, state: { ...profileCase.state, detailsHidden: true } };
    const labels = actionsFor(hidden).map((a) => a.label);
    expect(labels).toContain('Restore details');
    expect(labels).not.toContain('Hide profile details');
    expect(decisionFor('restore_details', hidden, 'Fixed')).toMatchObject({
      request: { action: 'restore', target: { type: 'account', username: 'faker' } },
    });
  });
});
