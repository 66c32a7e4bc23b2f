import type { SpecMessage } from './spec-text.ts';

/** The spec messages the server answers with (the others only ever appear on a screen). */
export const SERVER_MESSAGES = [
  'emailRequired',
  'emailInvalid',
  'invalidEmail',
  'userDisabled',
  'linkExpired',
  'sendFailed',
  'usernameRequired',
  'usernameTooShort',
  'usernameTooLong',
  'usernameCharacters',
  'usernameTaken',
  'serviceRequired',
  'serviceInvalid',
  'codeRequired',
  'rewardRequired',
  'serviceNameRequired',
  'domainRequired',
  'domainInvalid',
  'domainWww',
  'domainProtocol',
  'domainTooLong',
  'domainPartTooLong',
  'domainConsecutiveDots',
  'domainEdgeDot',
  'serviceExists',
  'requestPending',
  'onlyAdminsApprove',
  'onlyAdminsReject',
  'onlyAdminsUpdate',
] as const satisfies readonly SpecMessage[];

export type ServerMessage = (typeof SERVER_MESSAGES)[number];
