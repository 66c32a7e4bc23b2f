import { z } from 'zod';

/**
 * A code's link health as its owner sees it (GET /api/codes, decision 111): 'unknown' until the
 * first conclusive check, 'ok', or 'broken' after 3 failed checks in a row; `checkedAt` is the
 * last check (ISO 8601), null before the first. Absent when the code has no http(s) link that was
 * ever listed. Visitors never see it: a broken link only keeps the code off its service page.
 */
export const linkHealthSchema = z.object({
  state: z.enum(['unknown', 'ok', 'broken']),
  checkedAt: z.string().nullable(),
});
export type LinkHealth = z.infer<typeof linkHealthSchema>;

/** The dashboard's words for link health (decision 111); `date` is already formatted. */
export const LINK_HEALTH_MESSAGES = Object.freeze({
  broken: 'Link looks broken',
  brokenDetail: (date: string) =>
    `It failed 3 checks in a row, the last on ${date}. Service pages leave this code out until the link works again; your profile still shows it.`,
  checked: (date: string) => `Link checked ${date}`,
  cardNotListed: 'Not listed: its link looks broken',
});
