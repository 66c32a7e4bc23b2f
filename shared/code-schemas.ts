import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { hasNoNul, NUL_MESSAGE } from './text-rules.ts';

/** The code form's messages of spec §5 (exact texts) and the length caps of decisions.md. */
export const CODE_MESSAGES = Object.freeze({
  serviceRequired: 'Service name is required',
  serviceInvalid: 'Please select a valid service from the list',
  codeRequired: 'Referral code is required',
  codeTooLong: `Referral code must be at most ${LIMITS.codeMax} characters`,
  rewardRequired: 'Reward description is required',
  rewardTooLong: `Reward description must be at most ${LIMITS.rewardMax} characters`,
  productNameTooLong: `Product name must be at most ${LIMITS.productNameMax} characters`,
  linkTooLong: `Link must be at most ${LIMITS.linkMax} characters`,
  codeLimitReached: `You can keep up to ${LIMITS.codesPerUserMax} codes. Delete one to add another.`,
});

/** Blank optional text becomes null, so "no product name" has one representation. */
const optionalText = (max: number, message: string) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, message)
    .refine(hasNoNul, NUL_MESSAGE)
    .nullish()
    .transform((value) => (value ? value : null));

const serviceField = z
  .string({ error: CODE_MESSAGES.serviceRequired })
  .trim()
  .toLowerCase()
  .min(1, CODE_MESSAGES.serviceRequired)
  .max(LIMITS.serviceNameMax, CODE_MESSAGES.serviceInvalid);

const codeField = z
  .string({ error: CODE_MESSAGES.codeRequired })
  .trim()
  .min(1, CODE_MESSAGES.codeRequired)
  .max(LIMITS.codeMax, CODE_MESSAGES.codeTooLong)
  .refine(hasNoNul, NUL_MESSAGE);

const rewardField = z
  .string({ error: CODE_MESSAGES.rewardRequired })
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
});

/** PATCH /api/codes/:id: any subset of the form's fields, each with the same rules. */
export const codeUpdateSchema = codeFormSchema.partial();

export type CodeFormInput = z.input<typeof codeFormSchema>;
export type CodeFormValues = z.output<typeof codeFormSchema>;
export type CodeUpdateValues = z.output<typeof codeUpdateSchema>;

/** A code as the API returns it (dashboard list, profile, landing preview). */
export interface CodeDto {
  id: string;
  service: string;
  serviceName: string;
  productName: string | null;
  code: string;
  reward: string;
  link: string | null;
  clicks: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * A public profile's code: what visitors may see. The click count and the edit time are the
 * owner's (dashboard) and are not published (decision 003).
 */
export type PublicCodeDto = Omit<CodeDto, 'updatedAt' | 'clicks'>;

/** GET /api/profiles/:username and GET /api/landing/preview. */
export interface ProfileDto {
  username: string;
  codes: PublicCodeDto[];
}
