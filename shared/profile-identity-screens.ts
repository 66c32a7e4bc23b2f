/**
 * The settings screen's own texts for the profile identity (issue 26, decision 103), beside the
 * contract's IDENTITY_MESSAGES (profile-identity.ts), which the server sends too.
 */
export const IDENTITY_SCREEN_MESSAGES = Object.freeze({
  loadFailed: 'Failed to load your profile. Reload the page to try again.',
  saved: 'Profile saved',
  avatarSaved: 'Picture saved',
  avatarRemoved: 'Picture removed',
  avatarUploadFailed: 'Failed to upload the picture. Please try again.',
  avatarRemoveFailed: 'Failed to remove the picture. Please try again.',
  /** Above the form while an admin's 'Hide profile details' holds. */
  detailsHidden:
    'Visitors see your username only: your display name, bio, picture and links are hidden until an admin restores them.',
});

/** The picture's file types the chooser offers (the server decides by the bytes). */
export const AVATAR_ACCEPT = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp';
export const AVATAR_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;
