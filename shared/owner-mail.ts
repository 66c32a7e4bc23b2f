import { z } from 'zod';

/**
 * The e-mails Refstash sends owners (decisions 109, 110). An owner switches each optional kind on
 * or off in Settings → E-mail, or with the one-click link in the mail; every kind starts on.
 * Mails about moderation actions and security (sign-in links) cannot be switched off.
 */
export const OPTIONAL_MAIL_KINDS = [
  'reported',
  'code-sank',
  'expiry',
  'link-health',
  'weekly-summary',
] as const;
export type OptionalMailKind = (typeof OPTIONAL_MAIL_KINDS)[number];

/** Every kind a queued mail has: the optional ones, and those that are always sent. */
export type MailKind = OptionalMailKind | 'moderation' | 'admin-notice';

export function isOptionalMailKind(value: unknown): value is OptionalMailKind {
  return typeof value === 'string' && (OPTIONAL_MAIL_KINDS as readonly string[]).includes(value);
}

/** What each switch is called in Settings → E-mail and on the unsubscribe page. */
export const MAIL_KIND_LABELS: Readonly<Record<OptionalMailKind, { label: string; hint: string }>> =
  Object.freeze({
    reported: {
      label: 'Reports about my codes',
      hint: 'When visitors from 3 or more networks report one of your codes.',
    },
    'code-sank': {
      label: "Codes sinking under 'No' answers",
      hint: 'When visitors say a code did not work and it moves down its service page.',
    },
    expiry: {
      label: 'Expiry reminders',
      hint: 'Seven days before a code expires, and on its last day.',
    },
    'link-health': {
      label: 'Broken links',
      hint: 'When the link behind a code looks broken, and when it works again.',
    },
    'weekly-summary': {
      label: 'Weekly summary',
      hint: 'Copies, views and answers over the week, and your best code. Never on a quiet week.',
    },
  });

/** The switches that cannot be turned off, shown disabled with this explanation. */
export const ALWAYS_ON_MAILS = Object.freeze([
  {
    label: 'Moderation decisions',
    hint: 'When an admin hides or restores your content, and answers to your appeals. Required by law, so always on.',
  },
  {
    label: 'Security',
    hint: 'Sign-in links. Always on: you need them to sign in.',
  },
]);

export const OWNER_MAIL_MESSAGES = Object.freeze({
  switchInvalid: 'Each e-mail switch must be on or off',
  unknownKind: 'There is no such e-mail to switch',
  emptyChange: 'Choose at least one e-mail to switch',
  saveFailed: 'Failed to save e-mail settings',
  linkInvalid: 'This unsubscribe link is not valid. Sign in and use Settings → E-mail instead.',
  unsubscribed: 'You will no longer get these e-mails.',
});

/** GET/PUT /api/me/email-settings: each optional kind, true when it is sent. */
export const emailSettingsSchema = z.object(
  Object.fromEntries(
    OPTIONAL_MAIL_KINDS.map((kind) => [
      kind,
      z.boolean({ error: OWNER_MAIL_MESSAGES.switchInvalid }),
    ]),
  ) as Record<OptionalMailKind, z.ZodBoolean>,
);
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

/** PUT: some of the switches; a key that is no kind is refused. */
export const emailSettingsChangeSchema = z
  .strictObject(
    Object.fromEntries(
      OPTIONAL_MAIL_KINDS.map((kind) => [
        kind,
        z.boolean({ error: OWNER_MAIL_MESSAGES.switchInvalid }).optional(),
      ]),
    ) as Record<OptionalMailKind, z.ZodOptional<z.ZodBoolean>>,
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? OWNER_MAIL_MESSAGES.unknownKind : undefined,
    },
  )
  .refine((value) => Object.keys(value).length > 0, { error: OWNER_MAIL_MESSAGES.emptyChange });
export type EmailSettingsChange = z.infer<typeof emailSettingsChangeSchema>;
