import { z } from 'zod';
import { publicCodeSchema } from './code-schemas.ts';
import { isCountryCode } from './countries.ts';
import { avatarSchema } from './profile-identity.ts';

/** The messages of service pages and "Did it work?" (decision 070). */
export const DISCOVERY_MESSAGES = Object.freeze({
  workedRequired: 'Say whether the code worked',
  reasonInvalid: 'Reason must be expired, not_accepted or not_eligible',
  reasonOnlyForNo: 'A reason goes only with No',
  countryInvalid: 'Unknown country code',
  cursorInvalid: 'That page of codes no longer exists; reload the page',
  serviceNotFound: 'Service not found',
});

export const VOTE_REASONS = ['expired', 'not_accepted', 'not_eligible'] as const;
export type VoteReasonValue = (typeof VOTE_REASONS)[number];

/** POST /api/codes/:id/votes: "Did it work?" after a copy. */
export const voteSchema = z
  .object({
    worked: z.boolean({ error: DISCOVERY_MESSAGES.workedRequired }),
    reason: z.enum(VOTE_REASONS, { error: DISCOVERY_MESSAGES.reasonInvalid }).nullish(),
  })
  .refine((vote) => !(vote.worked && vote.reason), {
    message: DISCOVERY_MESSAGES.reasonOnlyForNo,
    path: ['reason'],
  });
export type VoteInput = z.input<typeof voteSchema>;

/** The vote's answer: 202, counted or not (bots, no copy today, a second answer today). */
export const voteAnswerSchema = z.object({ counted: z.boolean() });

/** A service page's cursor: the rotation it started from and how far it got (decision 070). */
export const SERVICE_CURSOR = /^[0-9]{1,12}\.[0-9]{1,6}\.[0-9]{1,6}$/;

export const serviceCodesQuerySchema = z.object({
  country: z
    .string({ error: DISCOVERY_MESSAGES.countryInvalid })
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || isCountryCode(value), DISCOVERY_MESSAGES.countryInvalid)
    .optional()
    .transform((value) => (value ? value : undefined)),
  cursor: z
    .string({ error: DISCOVERY_MESSAGES.cursorInvalid })
    .regex(SERVICE_CURSOR, DISCOVERY_MESSAGES.cursorInvalid)
    .optional(),
});
export type ServiceCodesQuery = z.output<typeof serviceCodesQuerySchema>;

/** A card on a service page: the public code, its owner and its feedback summary. */
export const serviceCodeSchema = publicCodeSchema.extend({
  username: z.string(),
  /** The owner as the card shows them beside `@username` (issue 26): null when not set. */
  owner: z.object({
    username: z.string(),
    displayName: z.string().nullable(),
    avatar: avatarSchema.nullable(),
  }),
  /** 'Yes' answers in the last 90 days: the card says "Worked for N people" from 1. */
  worked: z.number().int(),
  /** At least 3 'No' in 90 days and fewer 'Yes' than 'No': shown last, marked reported. */
  reported: z.boolean(),
});
export type ServiceCodeDto = z.infer<typeof serviceCodeSchema>;

export const serviceInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
});

/** GET /api/services/:id/codes: one page of the rotation (20 codes) and where the next starts. */
export const serviceCodesSchema = z.object({
  service: serviceInfoSchema,
  codes: z.array(serviceCodeSchema),
  /** Listed codes shown for this filter (one per owner, unexpired). */
  total: z.number().int(),
  /** Pass back as `cursor` for the next 20; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ServiceCodesDto = z.infer<typeof serviceCodesSchema>;

/** GET /api/services/directory: services with at least one listed code, by name. */
export const serviceDirectorySchema = z.object({
  services: z.array(serviceInfoSchema.extend({ codes: z.number().int() })),
});
export type ServiceDirectoryDto = z.infer<typeof serviceDirectorySchema>;
