import { describe, expect, it } from 'vitest';
import {
  appealSchema,
  moderationActionRequestSchema,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  reportSchema,
} from './moderation-schemas.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('moderation schemas', () => {
  it('lists the reasons in the dialog order with the issue labels', () => {
    expect(REPORT_REASONS.map((reason) => [reason, REPORT_REASON_LABELS[reason]])).toEqual([
      ['spam', 'Spam or not a referral code'],
      ['scam', 'Scam or phishing link'],
      ['impersonation', 'Impersonation or stolen code'],
      ['offensive', 'Offensive content'],
      ['terms', "Against the service's referral terms"],
      ['other', 'Something else'],
    ]);
  });

  it('takes a note of at most 500 characters, blank as null', () => {
    const base = { target: { type: 'code', codeId: 'c1' }, reason: 'spam' } as const;
    expect(reportSchema.parse({ ...base, note: '  ' }).note).toBeNull();
    expect(reportSchema.safeParse({ ...base, note: 'x'.repeat(500) }).success).toBe(true);
    expect(firstMessage(reportSchema.safeParse({ ...base, note: 'x'.repeat(501) }))).toBe(
      'Note is too long (max 500 characters)',
    );
    expect(firstMessage(reportSchema.safeParse({ ...base, reason: 'bored' }))).toBe(
      'Please choose a reason',
    );
  });

  it('requires an admin reason and an appeal note', () => {
    const action = { action: 'hide_code', target: { type: 'code', codeId: 'c1' } } as const;
    expect(firstMessage(moderationActionRequestSchema.safeParse({ ...action, reason: ' ' }))).toBe(
      'Please give a reason the owner will read',
    );
    expect(
      firstMessage(
        moderationActionRequestSchema.safeParse({ ...action, reason: 'x'.repeat(1001) }),
      ),
    ).toBe('Reason is too long (max 1000 characters)');
    expect(firstMessage(appealSchema.safeParse({ actionId: 'a1', note: '' }))).toBe(
      'Please say why this should be restored',
    );
  });
});
