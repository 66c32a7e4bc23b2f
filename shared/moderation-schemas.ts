import { z } from 'zod';
import { usernameSchema } from './auth-schemas.ts';
import { hasNoNul, NUL_MESSAGE } from './text-rules.ts';

/**
 * Trust and safety (issue 23, decision 095): reports, admin actions, appeals and the audit log.
 * Every text here is shown as text (never HTML) wherever it appears, e-mails included.
 */
export const MODERATION_LIMITS = Object.freeze({
  /** A report's optional note. */
  reportNoteMax: 500,
  /** An admin's reason, which the owner reads. */
  actionReasonMax: 1000,
  /** An appeal's note. */
  appealNoteMax: 1000,
  /** Distinct reporter networks from which a code sinks below codes in good standing. */
  sinkNetworks: 3,
  /** Reports one network may send per hour (counted or not). */
  reportsPerNetworkPerHour: 20,
});

/** The report reasons, in the dialog's order, with their wire values. */
export const REPORT_REASONS = [
  'spam',
  'scam',
  'impersonation',
  'offensive',
  'terms',
  'other',
] as const;
export const reportReasonSchema = z.enum(REPORT_REASONS, { error: 'Please choose a reason' });
export type ReportReason = z.infer<typeof reportReasonSchema>;

export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = Object.freeze({
  spam: 'Spam or not a referral code',
  scam: 'Scam or phishing link',
  impersonation: 'Impersonation or stolen code',
  offensive: 'Offensive content',
  terms: "Against the service's referral terms",
  other: 'Something else',
});

/** Every user-facing text of the feature (the issue's words where it has them). */
export const MODERATION_MESSAGES = Object.freeze({
  reportAction: 'Report',
  reportCodeTitle: 'Report this code',
  reportProfileTitle: 'Report this profile',
  sendReport: 'Send report',
  reportSent: 'Thanks — an admin will review this.',
  reportFailed: 'Failed to send report. Please try again.',
  reasonRequired: 'Please choose a reason',
  reportNoteTooLong: `Note is too long (max ${MODERATION_LIMITS.reportNoteMax} characters)`,
  reportsTitle: 'Reports',
  auditLogTitle: 'Audit log',
  dismiss: 'Dismiss',
  hideCode: 'Hide code',
  disableAccount: 'Disable account',
  restore: 'Restore',
  keepHidden: 'Keep hidden',
  actionReasonRequired: 'Please give a reason the owner will read',
  actionReasonTooLong: `Reason is too long (max ${MODERATION_LIMITS.actionReasonMax} characters)`,
  onlyAdminsModerate: 'Only admins can moderate',
  caseNotFound: 'Report not found',
  caseClosed: 'These reports have already been handled',
  caseRequired: 'Dismiss needs the reports it closes',
  wrongTarget: 'This action does not apply to this target',
  codeNotFound: 'Code not found',
  profileNotFound: 'Profile not found',
  alreadyHidden: 'This code is already hidden',
  alreadyDisabled: 'This account is already disabled',
  notHidden: 'This code is not hidden',
  notDisabled: 'This account is not disabled',
  cannotDisableAdmin: 'Admins cannot be disabled. Remove their admin role first.',
  hiddenByAdmin: 'Hidden by an admin',
  appeal: 'Appeal',
  appealNoteRequired: 'Please say why this should be restored',
  appealNoteTooLong: `Note is too long (max ${MODERATION_LIMITS.appealNoteMax} characters)`,
  appealExists: 'You have already appealed this action',
  appealNotFound: 'Appeal not found',
  appealClosed: 'This appeal has already been answered',
  appealSent: 'Your appeal was sent. An admin will answer by e-mail.',
  accountDisabled: 'This account has been disabled',
  hideProfileDetails: 'Hide profile details',
  alreadyDetailsHidden: "This profile's details are already hidden",
  detailsHiddenByAdmin:
    'An admin hid your display name, bio, avatar and links. Your profile shows your username only.',
  notRestricted: 'This account is not disabled and its details are not hidden',
});

/** Trimmed required text with a cap; NUL refused like every other text field. */
function requiredText(required: string, max: number, tooLong: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .refine(hasNoNul, NUL_MESSAGE);
}

/** The report's optional note: blank becomes null. */
export const reportNoteSchema = z
  .string()
  .trim()
  .max(MODERATION_LIMITS.reportNoteMax, MODERATION_MESSAGES.reportNoteTooLong)
  .refine(hasNoNul, NUL_MESSAGE)
  .nullish()
  .transform((value) => (value ? value : null));

export const reportTargetSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('code'), codeId: z.string().min(1).max(100) }),
  z.object({ type: z.literal('profile'), username: z.string().min(1).max(100) }),
]);
export type ReportTarget = z.infer<typeof reportTargetSchema>;

/** POST /api/reports: anyone; answers 202 `{}` whether or not the report was counted. */
export const reportSchema = z.object({
  target: reportTargetSchema,
  reason: reportReasonSchema,
  note: reportNoteSchema,
});
export type ReportInput = z.input<typeof reportSchema>;

export const actionReasonSchema = requiredText(
  MODERATION_MESSAGES.actionReasonRequired,
  MODERATION_LIMITS.actionReasonMax,
  MODERATION_MESSAGES.actionReasonTooLong,
);

/**
 * 'hide_profile_details' (issue 26) clears what a profile shows of its owner (display name, bio,
 * avatar, links) until restored; 'restore' on an account target re-enables a disabled account,
 * else shows hidden details again.
 */
export const MODERATION_ACTIONS = [
  'dismiss',
  'hide_code',
  'disable_account',
  'restore',
  'hide_profile_details',
] as const;
export const moderationActionSchema = z.enum(MODERATION_ACTIONS);
export type ModerationAction = z.infer<typeof moderationActionSchema>;

/** What the audit log records: the four actions, and 'keep_hidden' (an appeal answered no). */
export const AUDIT_ACTIONS = [...MODERATION_ACTIONS, 'keep_hidden'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const actionTargetSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('code'), codeId: z.string().min(1).max(100) }),
  z.object({ type: z.literal('account'), username: usernameSchema }),
]);
export type ActionTarget = z.infer<typeof actionTargetSchema>;

/**
 * POST /api/admin/moderation-actions. 'dismiss' needs `caseId` (the target is the case's);
 * 'hide_code' needs a code target, 'disable_account' an account target; 'restore' undoes either
 * (a code target unhides, an account target re-enables). With `caseId`, the case is closed.
 */
export const moderationActionRequestSchema = z
  .object({
    action: moderationActionSchema,
    caseId: z.string().min(1).max(100).optional(),
    target: actionTargetSchema,
    reason: actionReasonSchema,
  })
  .superRefine((value, ctx) => {
    if (value.action === 'dismiss' && !value.caseId) {
      ctx.addIssue({ code: 'custom', path: ['caseId'], message: MODERATION_MESSAGES.caseRequired });
    }
    const needs = {
      hide_code: 'code',
      disable_account: 'account',
      hide_profile_details: 'account',
    } as const;
    const wanted = needs[value.action as keyof typeof needs];
    if (wanted && value.target.type !== wanted) {
      ctx.addIssue({ code: 'custom', path: ['target'], message: MODERATION_MESSAGES.wrongTarget });
    }
  });
export type ModerationActionRequest = z.input<typeof moderationActionRequestSchema>;

/** POST /api/admin/appeals/:id/decision. */
export const appealDecisionSchema = z.object({
  decision: z.enum(['restore', 'keep']),
  reason: actionReasonSchema,
});
export type AppealDecisionInput = z.input<typeof appealDecisionSchema>;

/** POST /api/me/appeals: 201; a second appeal of the same action 409. */
export const appealSchema = z.object({
  actionId: z.string().min(1).max(100),
  note: requiredText(
    MODERATION_MESSAGES.appealNoteRequired,
    MODERATION_LIMITS.appealNoteMax,
    MODERATION_MESSAGES.appealNoteTooLong,
  ),
});
export type AppealInput = z.input<typeof appealSchema>;

export const appealStatusSchema = z.enum(['open', 'restored', 'kept']);
export type AppealStatus = z.infer<typeof appealStatusSchema>;

/** The target of a case: a code as it was when first reported (a snapshot), or a profile. */
export const caseTargetSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('code'),
    codeId: z.string(),
    serviceId: z.string(),
    serviceName: z.string(),
    code: z.string(),
    reward: z.string(),
    productName: z.string().nullable(),
    link: z.string().nullable(),
  }),
  z.object({
    type: z.literal('profile'),
    username: z.string(),
    /**
     * What the profile showed of its owner when first reported (issue 26: the report covers the
     * avatar and the bio); absent in cases opened before.
     */
    displayName: z.string().nullable().optional(),
    bio: z.string().nullable().optional(),
    avatar: z.string().nullable().optional(),
    links: z.array(z.string()).optional(),
  }),
]);

/** One row of the admin's Reports section (GET /api/admin/reports), newest first. */
export const moderationCaseSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'closed']),
  target: caseTargetSchema,
  /** The owner now; username null while they have none. */
  owner: z.object({ username: z.string().nullable(), email: z.string() }),
  reportCount: z.number().int(),
  networkCount: z.number().int(),
  reasons: z.array(z.object({ reason: reportReasonSchema, count: z.number().int() })),
  notes: z.array(z.object({ note: z.string(), createdAt: z.string() })),
  /** Null for a case opened by an appeal of an action taken without reports. */
  firstReportedAt: z.string().nullable(),
  lastReportedAt: z.string().nullable(),
  state: z.object({
    codeHidden: z.boolean(),
    accountDisabled: z.boolean(),
    /** An admin's 'Hide profile details' holds (issue 26). */
    detailsHidden: z.boolean(),
  }),
  appeal: z
    .object({
      id: z.string(),
      actionId: z.string(),
      note: z.string(),
      createdAt: z.string(),
      status: appealStatusSchema,
    })
    .nullable(),
});
export type ModerationCase = z.infer<typeof moderationCaseSchema>;

/** One audit-log entry: never deleted, the target's label a snapshot taken at the action. */
export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  actor: z.union([z.object({ username: z.string() }), z.object({ cli: z.literal(true) })]),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({
    type: z.enum(['code', 'account']),
    label: z.string(),
    codeId: z.string().optional(),
    username: z.string().optional(),
  }),
  reason: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A code's moderation state on its owner's dashboard (GET /api/codes); null when not hidden. */
export const codeModerationSchema = z
  .object({
    actionId: z.string(),
    hiddenAt: z.string(),
    reason: z.string(),
    appeal: z
      .object({
        status: appealStatusSchema,
        note: z.string(),
        createdAt: z.string(),
        /** The admin's reason once the appeal is answered. */
        answer: z.string().optional(),
      })
      .nullable(),
  })
  .nullable();
export type CodeModeration = z.infer<typeof codeModerationSchema>;

/** The profile details' moderation state for their owner (GET /api/me/profile); null when shown. */
export const detailsModerationSchema = codeModerationSchema;
export type DetailsModeration = z.infer<typeof detailsModerationSchema>;
