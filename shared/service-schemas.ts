import { z } from 'zod';

/** A service of the catalogue table, as GET /api/services lists it. */
export const serviceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  /** Link hosts the admins allow for the service besides its domain (decision 094). */
  linkHosts: z.array(z.string()),
});
export type ServiceSummary = z.infer<typeof serviceSummarySchema>;

/** The answer of both logo lookups (spec §3 "Logo"): inline data, a URL, or neither. */
export const logoAnswerSchema = z.object({
  logoData: z.string().nullable(),
  logoType: z.string().nullable(),
  logoUrl: z.string().nullable(),
});
export type LogoAnswer = z.infer<typeof logoAnswerSchema>;
