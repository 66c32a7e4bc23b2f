import { MODERATION_MESSAGES, type ModerationCase } from '../../../shared/moderation-schemas.ts';
import type { CaseDecision } from './api.ts';

export type CaseActionKind =
  | 'dismiss'
  | 'hide_code'
  | 'disable_account'
  | 'restore_code'
  | 'restore_account'
  | 'hide_details'
  | 'restore_details'
  | 'appeal_restore'
  | 'appeal_keep';

export interface CaseAction {
  kind: CaseActionKind;
  /** The button's text (and the dialog's submit). */
  label: string;
}

const { dismiss, hideCode, disableAccount, restore, keepHidden, hideProfileDetails } =
  MODERATION_MESSAGES;

/**
 * The actions a case offers now: an open appeal is answered with 'Restore' or 'Keep hidden';
 * otherwise 'Dismiss' (while reports are open), 'Hide code', 'Disable account', and 'Restore' for
 * whatever is hidden or disabled ('Restore code' and 'Restore account' when both are).
 */
export function actionsFor(item: ModerationCase): CaseAction[] {
  if (item.appeal?.status === 'open') {
    return [
      { kind: 'appeal_restore', label: restore },
      { kind: 'appeal_keep', label: keepHidden },
    ];
  }
  const { codeHidden, accountDisabled, detailsHidden } = item.state;
  const isCode = item.target.type === 'code';
  const owner = item.owner.username;
  const actions: CaseAction[] = [];
  if (item.status === 'open' && item.firstReportedAt !== null) {
    actions.push({ kind: 'dismiss', label: dismiss });
  }
  if (isCode && !codeHidden && !accountDisabled)
    actions.push({ kind: 'hide_code', label: hideCode });
  // A profile's report covers its display name, bio, avatar and links (issue 26).
  if (owner && !isCode && !accountDisabled && !detailsHidden) {
    actions.push({ kind: 'hide_details', label: hideProfileDetails });
  }
  if (owner && !accountDisabled) actions.push({ kind: 'disable_account', label: disableAccount });
  const both = isCode && codeHidden && accountDisabled;
  if (isCode && codeHidden) {
    actions.push({ kind: 'restore_code', label: both ? `${restore} code` : restore });
  }
  if (owner && accountDisabled) {
    actions.push({ kind: 'restore_account', label: both ? `${restore} account` : restore });
  }
  if (owner && !isCode && detailsHidden && !accountDisabled) {
    actions.push({ kind: 'restore_details', label: `${restore} details` });
  }
  return actions;
}

/** The request an action sends, with the admin's reason. */
export function decisionFor(
  kind: CaseActionKind,
  item: ModerationCase,
  reason: string,
): CaseDecision {
  if (kind === 'appeal_restore' || kind === 'appeal_keep') {
    return {
      kind: 'appeal',
      appealId: item.appeal?.id ?? '',
      input: { decision: kind === 'appeal_restore' ? 'restore' : 'keep', reason },
    };
  }
  const code =
    item.target.type === 'code' ? { type: 'code' as const, codeId: item.target.codeId } : null;
  const account = { type: 'account' as const, username: item.owner.username ?? '' };
  const onCode = kind === 'hide_code' || kind === 'restore_code' || (kind === 'dismiss' && code);
  return {
    kind: 'action',
    request: {
      action:
        kind === 'restore_code' || kind === 'restore_account' || kind === 'restore_details'
          ? 'restore'
          : kind === 'hide_details'
            ? 'hide_profile_details'
            : kind,
      caseId: item.id,
      target: onCode && code ? code : account,
      reason,
    },
  };
}
