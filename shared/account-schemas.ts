import { z } from 'zod';
import { shorten } from './display-rules.ts';
import { passkeyExportSchema } from './passkey-schemas.ts';
import { sessionSchema } from './session-schemas.ts';
import { apiTokenSchema } from './token-schemas.ts';

/** The settings screen's messages (decision 080), shared by the form and the server. */
export const ACCOUNT_MESSAGES = Object.freeze({
  confirmRequired: 'Type your username to confirm',
  confirmMismatch: 'That is not your username. Type it exactly to confirm.',
  lastAdmin: 'You are the only admin. Make someone else an admin before deleting your account.',
  deleteFailed: 'Failed to delete account',
  listNewCodesInvalid: 'The listing default must be on or off',
  settingsFailed: 'Failed to save settings',
});

/**
 * PUT /api/me/settings: the listing default, where the code form's 'List on the service page'
 * switch starts for a new code (decision 080).
 */
export const settingsSchema = z.object({
  listNewCodes: z.boolean({ error: ACCOUNT_MESSAGES.listNewCodesInvalid }),
});
export type SettingsInput = z.infer<typeof settingsSchema>;

/** DELETE /api/me: the owner types their username (any case) to confirm. */
export const deleteAccountSchema = z.object({
  username: z
    .string({ error: ACCOUNT_MESSAGES.confirmRequired })
    .trim()
    .min(1, ACCOUNT_MESSAGES.confirmRequired)
    .max(100, ACCOUNT_MESSAGES.confirmMismatch)
    .transform((value) => value.toLowerCase()),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** The columns of the codes CSV, in order: what export writes and import reads (decision 080). */
export const CODE_CSV_COLUMNS = [
  'service',
  'productName',
  'code',
  'reward',
  'link',
  'listed',
  'expiresAt',
  'countries',
] as const;

/**
 * The columns a file must have; the last three (decision 070's listing, expiry and countries) may
 * be left out, in that order from the end, so a sheet kept by hand needs only these five. An
 * imported code is listed only when its row says `yes` (decision 080).
 */
export const CODE_CSV_REQUIRED_COLUMNS = 5;

/** Import limits (decision 080). */
export const IMPORT_LIMITS = Object.freeze({ maxBytes: 1024 * 1024, maxRows: 500 });

export const IMPORT_MESSAGES = Object.freeze({
  fileRequired: 'Choose a CSV or JSON file to import',
  tooLarge: 'The file is larger than 1 MB',
  tooManyRows: 'The file has more than 500 rows',
  notUtf8: 'The file is not UTF-8 text. Save it as CSV (UTF-8) and try again.',
  wrongColumns: `The file's columns must be: ${CODE_CSV_COLUMNS.join(', ')} (the last three may be left out)`,
  brokenCsv: 'The file is not valid CSV (check its quotes)',
  brokenJson: 'The file is not a Refstash export (JSON with a list of codes)',
  empty: 'The file has no codes',
  duplicate: 'Already in your codes',
  duplicateInFile: 'Same service and code as an earlier row',
  /** The code form's words for an unknown service, naming the file's value (issue 24). */
  unknownService: (value: string) =>
    `Please select a valid service from the list ("${shorten(value, 40)}" is not one)`,
  importFailed: 'Failed to import codes',
  /** The preview's words for a JSON export's profile (issue 26). */
  profileReplaced: "The file's display name, bio, links and accent colour will replace yours",
  avatarReplaced: "The file's avatar will replace yours",
  profileRow: 'Profile',
});

/** POST /api/me/import/preview and /api/me/import: the file's bytes, base64 (JSON bodies only). */
export const importFileSchema = z.object({
  fileName: z.string({ error: IMPORT_MESSAGES.fileRequired }).max(255).default(''),
  // 1 MB of bytes is at most 1,398,104 base64 characters.
  content: z
    .string({ error: IMPORT_MESSAGES.fileRequired })
    .min(1, IMPORT_MESSAGES.fileRequired)
    .max(Math.ceil((IMPORT_LIMITS.maxBytes * 4) / 3) + 4, IMPORT_MESSAGES.tooLarge)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, IMPORT_MESSAGES.fileRequired),
});
export type ImportFile = z.infer<typeof importFileSchema>;

const importRowSchema = z.object({
  row: z.number().int(),
  service: z.string(),
  serviceName: z.string(),
  code: z.string(),
  reward: z.string(),
  productName: z.string().nullable(),
  link: z.string().nullable(),
  listed: z.boolean(),
  expiresAt: z.string().nullable(),
  countries: z.array(z.string()).nullable(),
});

/** What an import would do (preview) or did (import). */
export const importResultSchema = z.object({
  add: z.array(importRowSchema),
  /** Every problem of each refused row, in the form's words (issue 24). */
  refused: z.array(z.object({ row: z.number().int(), messages: z.array(z.string()) })),
  skipped: z.array(
    z.object({ row: z.number().int(), service: z.string(), code: z.string(), message: z.string() }),
  ),
  /** Set when adding the rows would pass the 200-code cap: nothing can be imported. */
  limitMessage: z.string().nullable(),
  /**
   * A JSON export's profile identity (issue 26): replaces the owner's display name, bio, links
   * and accent when imported. Absent when the file has none; a profile the form's rules refuse
   * is listed in `refused` as row 0 and not imported.
   */
  profile: z
    .object({
      displayName: z.string(),
      bio: z.string(),
      links: z.array(z.string()),
      accent: z.string(),
    })
    .optional(),
  /**
   * True when the file's `profile.avatar` (a PNG, JPEG or WebP data URL) passed the upload's
   * checks and replaces (preview: will replace) the owner's avatar (decision 101). Absent when
   * the file has none, or null: the owner's avatar is kept. A refused one is in `refused`, row 0.
   */
  avatar: z.literal(true).optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

const exportCodeSchema = z.object({
  id: z.string(),
  service: z.string(),
  serviceName: z.string(),
  productName: z.string().nullable(),
  code: z.string(),
  reward: z.string(),
  link: z.string().nullable(),
  listed: z.boolean(),
  expiresAt: z.string().nullable(),
  countries: z.array(z.string()).nullable(),
  clicks: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** GET /api/me/export: everything of the account, as a file (GDPR art. 20). */
export const accountExportSchema = z.object({
  format: z.literal('refstash-export'),
  version: z.literal(1),
  exportedAt: z.string(),
  account: z.object({
    email: z.string(),
    username: z.string().nullable(),
    createdAt: z.string(),
    lastLoginAt: z.string().nullable(),
    usernameChangedAt: z.string().nullable(),
  }),
  /**
   * The profile identity (issue 26): the form's fields, and the avatar as a `data:image/webp`
   * URL of its 512 px image (null without one). Import reads the fields and the avatar.
   */
  profile: z.object({
    displayName: z.string().nullable(),
    bio: z.string().nullable(),
    links: z.array(z.string()),
    accent: z.string(),
    avatar: z.string().nullable(),
  }),
  codes: z.array(exportCodeSchema),
  /** The account's passkeys: names and dates only, never keys (issue 27). */
  passkeys: z.array(passkeyExportSchema),
  stats: z.object({
    profileDays: z.array(
      z.object({ day: z.string(), views: z.number().int(), uniqueVisitors: z.number().int() }),
    ),
    codeDays: z.array(
      z.object({
        codeId: z.string(),
        day: z.string(),
        copies: z.number().int(),
        uniqueVisitors: z.number().int(),
      }),
    ),
  }),
  /** Personal API tokens (decision 107): names, scopes and dates, never a secret or a hash. */
  apiTokens: z.array(apiTokenSchema.omit({ id: true })),
  /** Where the account is signed in (decision 107): device words and dates, never a cookie. */
  sessions: z.array(sessionSchema.pick({ device: true, createdAt: true, lastSeenAt: true })),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** GET /api/me/stats: the last 7, 30 or 90 UTC days. */
export const STATS_RANGES = [7, 30, 90] as const;
export const statsQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((value) => (STATS_RANGES as readonly number[]).includes(value))
    .default(30),
  /** One of the owner's codes: its own copies per day come too (`code`). */
  code: z
    .string()
    .regex(/^[0-9a-f-]{36}$/i)
    .transform((id) => id.toLowerCase())
    .optional(),
});

const statsDaySchema = z.object({
  day: z.string(),
  views: z.number().int(),
  uniqueViews: z.number().int(),
  copies: z.number().int(),
  uniqueCopies: z.number().int(),
});
export type StatsDay = z.infer<typeof statsDaySchema>;

/** 'Did it work?' answers (decision 070) given on the range's days (decision 080). */
const statsAnswersSchema = z.object({ yes: z.number().int(), no: z.number().int() });

export const statsSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** Every day of the range, oldest first, zeros included. */
  series: z.array(statsDaySchema),
  /** The profile's 'Did it work?' answers over the range: the sum of its codes'. */
  answers: statsAnswersSchema,
  /** Every code with its totals over the range, most copied first (the top codes). */
  codes: z.array(
    z.object({
      id: z.string(),
      serviceName: z.string(),
      code: z.string(),
      copies: z.number().int(),
      uniqueCopies: z.number().int(),
      answers: statsAnswersSchema,
    }),
  ),
  /** The code asked for with `?code=`: its copies per day, oldest first (views are the profile's). */
  code: z.object({ id: z.string(), series: z.array(statsDaySchema) }).nullable(),
});
export type StatsDto = z.infer<typeof statsSchema>;
