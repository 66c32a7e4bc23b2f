/**
 * The product's own words and numbers, copied by hand from the spec (spec.md §2, §4, §5, §6, §8
 * and §9) and from decisions.md (the length caps and security numbers, which stand over the
 * spec). Tests compare what the server answers and what the screens show with these.
 *
 * No production module imports this file and it imports nothing, so a message or a limit changed
 * in the code cannot change what the tests expect. Edit it only when the spec changes.
 */

/** Every fixed message the spec names, word for word. */
export const SPEC_MESSAGES = {
  // §5 E-mail
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  // §5 Username (decisions.md: 3 to 20 accepted, 21 refused with the spec's wording)
  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be less than 20 characters',
  usernameCharacters: 'Username can only contain letters, numbers, and underscores',
  usernameTaken: 'Username is already taken. Please try another.',
  // §5 Code form
  serviceRequired: 'Service name is required',
  serviceInvalid: 'Please select a valid service from the list',
  codeRequired: 'Referral code is required',
  rewardRequired: 'Reward description is required',
  requestNewService: 'Request a new service',
  // §5 Service request form; {host} is example.com
  serviceNameRequired: 'Service name is required',
  domainRequired: 'Domain is required',
  domainInvalid: 'Please enter a valid domain (e.g., example.com)',
  domainWww: "Please enter the domain without 'www.' (e.g., example.com)",
  domainProtocol: 'Please enter only the domain (e.g., example.com)',
  domainTooLong: 'Domain is too long (max 253 characters)',
  domainPartTooLong: 'Domain parts are too long (max 63 characters per part)',
  domainConsecutiveDots: 'Domain cannot contain consecutive dots',
  domainEdgeDot: 'Domain cannot start or end with a dot',
  serviceExists: 'This service already exists',
  requestPending: 'A request for this service is already pending',
  // §8 Sign-in
  linkExpired: 'This link has expired or already been used. Please request a new one.',
  requestNewLink: 'Request New Link',
  invalidEmail: 'Invalid email address',
  userDisabled: 'This account has been disabled',
  sendFailed: 'Failed to send sign-in link. Please try again.',
  signInFailed: 'Failed to sign in. Please try again or request a new link.',
  confirmEmail: 'Please enter your email to complete sign-in',
  usernameSaveFailed: 'Failed to set username. Please try again.',
  // §4 Sign-in flow
  sessionExpired: 'Session expired. Please sign in again.',
  // §8 Codes and the profile
  fetchCodesFailed: 'Failed to fetch codes',
  createCodeFailed: 'Failed to create code',
  updateCodeFailed: 'Failed to update code',
  deleteCodeFailed: 'Failed to delete code',
  loadCodesFailed: 'Failed to load codes',
  profileNotFound: 'Profile not found',
  noReferralCodes: 'No referral codes yet',
  copyFailed: 'Failed to copy code. Please try selecting and copying manually.',
  // §2 Dashboard
  noCodesYet: 'No codes yet',
  deleteConfirm: 'Are you sure you want to delete this code?',
  copyLink: 'Copy Link',
  viewProfile: 'View Profile',
  // §8 Service requests and admin
  submitRequestFailed: 'Failed to submit service request. Please try again.',
  loadRequestsFailed: 'Failed to load service requests',
  approveFailed: 'Failed to approve service request',
  rejectFailed: 'Failed to reject service request',
  updateRequestFailed: 'Failed to update service request',
  // §6 Admin rights, re-checked by every action
  onlyAdminsApprove: 'Only admins can approve service requests',
  onlyAdminsReject: 'Only admins can reject service requests',
  onlyAdminsUpdate: 'Only admins can update service requests',
  // §2 Admin
  accessDenied: 'Access Denied',
  noPrivileges: "You don't have admin privileges.",
  // §8 Global
  authLoadFailed: 'Authentication error occurred',
  routeError: 'Unexpected Application Error!',
  appError: 'Something went wrong',
  refreshPage: 'Refresh Page',
  // §2 404 page
  pageNotFound: 'Page not found',
} as const;

export type SpecMessage = keyof typeof SPEC_MESSAGES;

/** The spec's messages with a placeholder, filled in. */
export const SPEC_TEMPLATES = {
  /** §4, §8: 'Missing required environment variables: {list}' (decisions.md: comma-separated). */
  missingEnv: (names: readonly string[]) =>
    `Missing required environment variables: ${names.join(', ')}`,
  /** §5, §8: 'Invalid logo type: {type}'. */
  invalidLogoType: (type: string) => `Invalid logo type: ${type}`,
} as const;

/** §8: the internal marker an unknown profile answers with. */
export const SPEC_USER_NOT_FOUND = 'USER_NOT_FOUND';

/** Every number the spec and decisions.md name. Times in milliseconds, sizes in pixels. */
export const SPEC_LIMITS = {
  // §9, decisions.md "Open points": usernames 3 to 20 characters
  usernameMin: 3,
  usernameMax: 20,
  // §5, §9
  domainMax: 253,
  domainPartMax: 63,
  // decisions.md "User content": length caps
  codeMax: 100,
  rewardMax: 200,
  productNameMax: 100,
  linkMax: 2048,
  notesMax: 1000,
  // §9
  defaultLogoSize: 400,
  landingPreviewCodes: 6,
  landingPreviewLogoPx: 64,
  fallingLogos: 13,
  fallingLogoPx: 80,
  fallingLogoOpacity: 0.9,
  fallingSpeedMinPx: 0.8,
  fallingSpeedMaxPx: 2.0,
  fallingRotationStepDeg: 0.3,
  fallingTickMs: 30,
  fallingMinSpacingPx: 100,
  successBannerMs: 3000,
  copyPopupCloseMs: 1500,
  confettiMs: 3000,
  confettiPieces: 50,
  copiedResetAfterConfettiMs: 100,
  adminCheckRouteMs: 2000,
  adminCheckNavMs: 3000,
  qrWidthPx: 240,
  qrMargin: 2,
  qrDarkColour: '#1f2937',
  // decisions.md "Security numbers"
  signInTokenMinutes: 15,
  signInWrongAddresses: 5,
  linkRequestsPerEmailMinute: 1,
  linkRequestsPerEmailHour: 5,
  linkRequestsPerIpHour: 20,
  completionsPerIp15Minutes: 30,
  sessionDays: 30,
  clicksPerIpMinute: 60,
  repeatClickMinutes: 30,
  logoFetchTimeoutMs: 3000,
  logoFetchMaxBytes: 512 * 1024,
  logoFetchMaxRedirects: 3,
} as const;
