import { z } from 'zod';
import { isCountryCode } from './countries.ts';
import { LIMITS } from './limits.ts';
import { listingStateSchema } from './listing-rules.ts';
import { codeModerationSchema } from './moderation-schemas.ts';
import { hasNoNul, NUL_MESSAGE } from './text-rules.ts';

/** The code form's messages of spec §5 (exact texts) and the length caps of decisions.md. */
export const CODE_MESSAGES = Object.freeze({
  serviceRequired: 'Service name is required',
  serviceNotText: 'Service name must be text',
  serviceInvalid: 'Please select a valid service from the list',
  codeRequired: 'Referral code is required',
  codeNotText: 'Referral code must be text',
  codeTooLong: `Referral code must be at most ${LIMITS.codeMax} characters`,
  rewardRequired: 'Reward description is required',
  rewardNotText: 'Reward description must be text',
  rewardTooLong: `Reward description must be at most ${LIMITS.rewardMax} characters`,
  productNameTooLong: `Product name must be at most ${LIMITS.productNameMax} characters`,
  linkTooLong: `Link must be at most ${LIMITS.linkMax} characters`,
  codeLimitReached: `You can keep up to ${LIMITS.codesPerUserMax} codes. Delete one to add another.`,
  listedInvalid: 'Listing must be on or off',
  expiresInvalid: 'Expiry date must be a date like 2026-12-31',
  countriesInvalid: 'Countries must be a list of country codes',
  countryUnknown: 'Unknown country code',
  countriesTooMany: `Choose at most ${LIMITS.countriesMax} countries`,
});

/** 'YYYY-MM-DD' naming a real calendar day between 2000 and 2999. */
export function isCalendarDate(value: string): boolean {
  if (!/^2\d{3}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The last day the offer works (UTC); blank or null means it does not expire. */
const expiresField = z
  .string({ error: CODE_MESSAGES.expiresInvalid })
  .trim()
  .refine((value) => value === '' || isCalendarDate(value), CODE_MESSAGES.expiresInvalid)
  .nullish()
  .transform((value) => (value ? value : null));

/** ISO 3166 alpha-2 codes, upper-cased, unique and sorted; empty means every country (null). */
const countriesField = z
  .array(
    z
      .string({ error: CODE_MESSAGES.countriesInvalid })
      .trim()
      .toUpperCase()
      .refine(isCountryCode, CODE_MESSAGES.countryUnknown),
    { error: CODE_MESSAGES.countriesInvalid },
  )
  .max(LIMITS.countriesMax, CODE_MESSAGES.countriesTooMany)
  .nullish()
  .transform((value) => (value && value.length > 0 ? [...new Set(value)].sort() : null));

/** Blank optional text becomes null, so "no product name" has one representation. */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, message)
    .refine(hasNoNul, NUL_MESSAGE)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * A required text field: left out (or null) it is required; a number or any other non-text value,
 * which only an imported JSON file or a hand-made request can send, is named as such.
 */
const requiredText = (required: string, notText: string) =>
  z.string({ error: (issue) => (issue.input == null ? required : notText) });

const serviceField = requiredText(CODE_MESSAGES.serviceRequired, CODE_MESSAGES.serviceNotText)
  .trim()
  .toLowerCase()
  .min(1, CODE_MESSAGES.serviceRequired)
  .max(LIMITS.serviceNameMax, CODE_MESSAGES.serviceInvalid);

const codeField = requiredText(CODE_MESSAGES.codeRequired, CODE_MESSAGES.codeNotText)
  .trim()
  .min(1, CODE_MESSAGES.codeRequired)
  .max(LIMITS.codeMax, CODE_MESSAGES.codeTooLong)
  .refine(hasNoNul, NUL_MESSAGE);

const rewardField = requiredText(CODE_MESSAGES.rewardRequired, CODE_MESSAGES.rewardNotText)
  .trim()
  .min(1, CODE_MESSAGES.rewardRequired)
  .max(LIMITS.rewardMax, CODE_MESSAGES.rewardTooLong)
  .refine(hasNoNul, NUL_MESSAGE);

/**
 * The code form (create, and the body of an edit). Whether `service` is in the catalogue is
 * checked against the services list by the form and against the `services` table by the server.
 */
export const codeFormSchema = z.object({
  service: serviceField,
  code: codeField,
  reward: rewardField,
  productName: optionalText(LIMITS.productNameMax, CODE_MESSAGES.productNameTooLong),
  link: optionalText(LIMITS.linkMax, CODE_MESSAGES.linkTooLong),
  /**
   * Shown on the service's page (decision 070). The form sends true for a new code; a create
   * that leaves it out is not listed: nobody's code appears somewhere new without their say.
   */
  listed: z.boolean({ error: CODE_MESSAGES.listedInvalid }).optional(),
  expiresAt: expiresField,
  countries: countriesField,
});

/** PATCH /api/codes/:id: any subset of the form's fields, each with the same rules. */
export const codeUpdateSchema = codeFormSchema.partial();

export type CodeFormInput = z.input<typeof codeFormSchema>;
export type CodeFormValues = z.output<typeof codeFormSchema>;
export type CodeUpdateValues = z.output<typeof codeUpdateSchema>;

/** A code as the API returns it to its owner (the dashboard list, create, update). */
export const codeSchema = z.object({
  id: z.string(),
  service: z.string(),
  serviceName: z.string(),
  productName: z.string().nullable(),
  code: z.string(),
  reward: z.string(),
  link: z.string().nullable(),
  clicks: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** 'YYYY-MM-DD', the last day it works; null when it does not expire. */
  expiresAt: z.string().nullable(),
  /** ISO 3166 alpha-2 codes where it works; null for everywhere. */
  countries: z.array(z.string()).nullable(),
  listed: z.boolean(),
  /** Whether the service page shows it, and if not why (decision 094): the owner's to see. */
  listing: listingStateSchema,
  /** "Did it work?" answers of the last 90 days (decision 070): the owner's statistic. */
  feedback: z.object({
    yes: z.number().int(),
    no: z.number().int(),
    reasons: z.object({
      expired: z.number().int(),
      not_accepted: z.number().int(),
      not_eligible: z.number().int(),
    }),
  }),
  /**
   * Set while an admin keeps the code hidden (decision 095): the dashboard shows 'Hidden by an
   * admin', the reason and the appeal. GET /api/codes always sends it (null when shown).
   */
  moderation: codeModerationSchema.optional(),
});
export type CodeDto = z.infer<typeof codeSchema>;
export type CodeFeedback = CodeDto['feedback'];

/**
 * A public profile's code: what visitors may see. The click count, the edit time, the listing
 * switch and the feedback counts are the owner's (dashboard) and are not published (decisions 003
 * and 070); the offer details (expiry, countries) are.
 */
export const publicCodeSchema = codeSchema.omit({
  updatedAt: true,
  clicks: true,
  listed: true,
  listing: true,
  feedback: true,
  moderation: true,
});
export type PublicCodeDto = z.infer<typeof publicCodeSchema>;

/** GET /api/profiles/:username and GET /api/landing/preview. */
export const profileSchema = z.object({
  username: z.string(),
  codes: z.array(publicCodeSchema),
});
export type ProfileDto = z.infer<typeof profileSchema>;
