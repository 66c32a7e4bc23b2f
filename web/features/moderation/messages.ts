import type { CaseActionKind } from './case-actions.ts';

/**
 * The web app's own texts of the Reports section and the appeal form (the issue gives none):
 * failures, and what each action's success says. Decision 096.
 */
export const MODERATION_WEB_TEXT = Object.freeze({
  loadReportsFailed: 'Failed to load reports',
  loadAuditFailed: 'Failed to load the audit log',
  actionFailed: 'Failed to save the action. Please try again.',
  appealFailed: 'Failed to send the appeal. Please try again.',
  noReports: 'No reports',
  noAuditEntries: 'No moderation actions yet',
});

export const ACTION_DONE: Readonly<Record<CaseActionKind, string>> = Object.freeze({
  dismiss: 'Reports dismissed.',
  hide_code: 'Code hidden. The owner receives your reason by e-mail.',
  disable_account: 'Account disabled. The owner receives your reason by e-mail.',
  restore_code: 'Code restored. The owner receives your reason by e-mail.',
  restore_account: 'Account restored. The owner receives your reason by e-mail.',
  hide_details: 'Profile details hidden. The owner receives your reason by e-mail.',
  restore_details: 'Profile details restored. The owner receives your reason by e-mail.',
  appeal_restore: 'Restored. The owner receives your answer by e-mail.',
  appeal_keep: 'Kept hidden. The owner receives your answer by e-mail.',
});
