import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { isPossibleServiceId } from './public-paths.ts';
import { domainSchema, serviceNameSchema } from './service-request-schemas.ts';
import { hasNoNul, NUL_MESSAGE } from './text-rules.ts';

/** Messages of the admin review queue: spec §8 where it has one, plain words where it is silent. */
export const ADMIN_MESSAGES = Object.freeze({
  loadFailed: 'Failed to load service requests',
  approveFailed: 'Failed to approve service request',
  rejectFailed: 'Failed to reject service request',
  updateFailed: 'Failed to update service request',
  onlyAdminsApprove: 'Only admins can approve service requests',
  onlyAdminsReject: 'Only admins can reject service requests',
  onlyAdminsUpdate: 'Only admins can update service requests',
  onlyAdminsList: 'Only admins can view service requests',
  onlyAdminsViewAdmins: 'Only admins can view admins',
  onlyAdminsAddAdmins: 'Only admins can add admins',
  accessDenied: 'Access Denied',
  noPrivileges: "You don't have admin privileges.",
  requestNotFound: 'Service request not found',
  serviceIdRequired: 'Service ID is required',
  serviceIdTooLong: `Service ID is too long (max ${LIMITS.serviceNameMax} characters)`,
  serviceIdInvalid:
    'Service ID may use only letters a to z, digits, dots, hyphens and underscores, and must start with a letter or digit',
  notesTooLong: `Notes are too long (max ${LIMITS.notesMax} characters)`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  userNotFound: 'No user with this email has signed in yet. They need to sign in once first.',
  alreadyAdmin: 'This user is already an admin',
  addAdminFailed: 'Failed to add admin. Please try again.',
  loadAdminsFailed: 'Failed to load admins',
});

/** Optional review notes: blank becomes null. */
export const notesSchema = z
  .string()
  .trim()
  .max(LIMITS.notesMax, ADMIN_MESSAGES.notesTooLong)
  .refine(hasNoNul, NUL_MESSAGE)
  .nullish()
  .transform((value) => (value ? value : null));

/** POST …/approve and …/reject. */
export const reviewSchema = z.object({ notes: notesSchema });

/**
 * A service id typed by an admin: lowercased, whitespace removed (the spec §5 derivation), and
 * refused unless `/s/{id}` would accept it (decision 092).
 */
export const serviceIdSchema = z
  .string({ error: ADMIN_MESSAGES.serviceIdRequired })
  .transform((value) => value.toLowerCase().replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, ADMIN_MESSAGES.serviceIdRequired)
      .max(LIMITS.serviceNameMax, ADMIN_MESSAGES.serviceIdTooLong)
      .refine(isPossibleServiceId, ADMIN_MESSAGES.serviceIdInvalid),
  );

/** PATCH …/:id: every editable field, with the request form's rules. */
export const editRequestSchema = z.object({
  serviceId: serviceIdSchema,
  displayName: serviceNameSchema,
  domain: domainSchema,
  notes: notesSchema,
});

export type EditRequestInput = z.input<typeof editRequestSchema>;

/** Trimmed, NFKC-normalised and lowercased, as the sign-in flow stores e-mail addresses. */
export const adminEmailSchema = z
  .string({ error: ADMIN_MESSAGES.emailRequired })
  .transform((value) => value.trim().normalize('NFKC').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, ADMIN_MESSAGES.emailRequired)
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, ADMIN_MESSAGES.emailInvalid),
  );

/** POST /api/admin/admins. */
export const addAdminSchema = z.object({ email: adminEmailSchema });

/** An admin record as GET /api/admin/admins and POST /api/admin/admins return it (spec §3). */
export const adminViewSchema = z.object({
  userId: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  addedBy: z.string().nullable(),
  addedAt: z.string(),
});
export type AdminView = z.infer<typeof adminViewSchema>;
