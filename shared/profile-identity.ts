import { z } from 'zod';
import { displayNameImpersonates } from './display-name-rules.ts';
import { codeModerationSchema } from './moderation-schemas.ts';
import { hasNoNul, NUL_MESSAGE } from './text-rules.ts';

/**
 * A profile's identity (issue 26): display name, bio, avatar, links and accent colour. Shared by
 * the settings form, the server's routes and the public pages. The shapes here are the contract
 * between the server (`server/features/profile-identity/`) and the web (`web/features/settings`,
 * `web/features/profile`).
 */

export const IDENTITY_LIMITS = Object.freeze({
  displayNameMax: 50,
  bioMax: 160,
  linksMax: 5,
  linkUrlMax: 2048,
  avatarMaxBytes: 2 * 1024 * 1024,
  /** Refused before decoding: a decompression bomb never reaches the pixel buffer. */
  avatarMaxPixels: 40_000_000,
  avatarSizes: [512, 128] as const,
});

export const IDENTITY_MESSAGES = Object.freeze({
  displayNameTooLong: 'Display name must be at most 50 characters',
  displayNameImpersonates: 'That display name is reserved. Choose another.',
  bioTooLong: 'Bio must be at most 160 characters',
  tooManyLinks: 'You can add at most 5 links',
  linkInvalid: 'Links must be https:// addresses',
  accentInvalid: 'Choose one of the accent colours',
  avatarTooLarge: 'The picture must be at most 2 MB',
  avatarWrongType: 'The picture must be a PNG, JPEG or WebP image',
  avatarTooManyPixels: 'The picture is too large (at most 40 megapixels)',
  avatarUnreadable: 'The picture could not be read. Try another file.',
  saveFailed: 'Failed to save profile',
  avatarNotFound: 'Avatar not found',
  avatarBusy: 'Too many pictures are being processed. Please try again in a few seconds.',
});

/** The palette of 8 (issue 26). Each keeps WCAG AA (4.5:1) for text and buttons in both schemes. */
export const ACCENT_NAMES = [
  'indigo',
  'blue',
  'teal',
  'green',
  'amber',
  'orange',
  'rose',
  'violet',
] as const;
export type AccentName = (typeof ACCENT_NAMES)[number];
export const DEFAULT_ACCENT: AccentName = 'indigo';

/** The kinds of link, each drawn with its site's icon from the app's offline icon set. */
export const PROFILE_LINK_KINDS = ['website', 'instagram', 'x', 'youtube', 'tiktok'] as const;
export type ProfileLinkKind = (typeof PROFILE_LINK_KINDS)[number];

/** The avatar's two served sizes: immutable, content-hashed URLs. */
export const avatarSchema = z.object({
  url128: z.string(),
  url512: z.string(),
});
export type AvatarDto = z.infer<typeof avatarSchema>;

export const profileLinkSchema = z.object({
  url: z.string(),
  kind: z.enum(PROFILE_LINK_KINDS),
});
export type ProfileLinkDto = z.infer<typeof profileLinkSchema>;

/**
 * What the public sees: in GET /api/profiles/:username (beside `username` and `codes`), the
 * server-rendered pages' state, and the service pages' cards (`displayName`, `avatar`).
 * A field the owner has not set is null (or an empty list); an admin's 'Hide profile details'
 * serves them as not set.
 */
export const profileIdentitySchema = z.object({
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  avatar: avatarSchema.nullable(),
  links: z.array(profileLinkSchema),
  accent: z.enum(ACCENT_NAMES),
});
export type ProfileIdentityDto = z.infer<typeof profileIdentitySchema>;

export const EMPTY_IDENTITY: ProfileIdentityDto = Object.freeze({
  displayName: null,
  bio: null,
  avatar: null,
  links: [],
  accent: DEFAULT_ACCENT,
}) as ProfileIdentityDto;

/**
 * GET and PUT /api/me/profile's answer: the identity as the owner saved it, and whether an admin
 * hides it from the public ('Hide profile details', with its reason and the owner's appeal; null
 * while shown).
 */
export const ownProfileIdentitySchema = profileIdentitySchema.extend({
  moderation: codeModerationSchema,
});
export type OwnProfileIdentityDto = z.infer<typeof ownProfileIdentitySchema>;

/**
 * PUT /api/me/profile: the form's fields (the avatar has its own routes: PUT /api/me/avatar with
 * the image bytes as the body, DELETE /api/me/avatar). Empty strings mean 'not set'. The server
 * also refuses display names that impersonate the site or its staff (IDENTITY_MESSAGES
 * .displayNameImpersonates).
 */
export const profileIdentityInputSchema = z.object({
  displayName: z
    .string()
    .trim()
    .max(IDENTITY_LIMITS.displayNameMax, IDENTITY_MESSAGES.displayNameTooLong)
    .refine(hasNoNul, NUL_MESSAGE)
    .refine((value) => !displayNameImpersonates(value), IDENTITY_MESSAGES.displayNameImpersonates),
  bio: z
    .string()
    .trim()
    .max(IDENTITY_LIMITS.bioMax, IDENTITY_MESSAGES.bioTooLong)
    .refine(hasNoNul, NUL_MESSAGE),
  links: z
    .array(
      z
        .string()
        .trim()
        .max(IDENTITY_LIMITS.linkUrlMax, IDENTITY_MESSAGES.linkInvalid)
        .refine(
          (value) => /^https:\/\/[^\s/]+\.[^\s]+$/i.test(value),
          IDENTITY_MESSAGES.linkInvalid,
        ),
    )
    .max(IDENTITY_LIMITS.linksMax, IDENTITY_MESSAGES.tooManyLinks),
  accent: z.enum(ACCENT_NAMES, { error: IDENTITY_MESSAGES.accentInvalid }),
});
export type ProfileIdentityInput = z.input<typeof profileIdentityInputSchema>;

/** Which icon a link gets, from its host: a known social site, else 'website' (any https URL). */
export function profileLinkKind(url: string): ProfileLinkKind {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return 'website';
  }
  if (host === 'instagram.com') return 'instagram';
  if (host === 'x.com' || host === 'twitter.com') return 'x';
  if (host === 'youtube.com' || host === 'youtu.be' || host === 'm.youtube.com') return 'youtube';
  if (host === 'tiktok.com') return 'tiktok';
  return 'website';
}
