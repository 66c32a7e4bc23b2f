import { LIMITS } from './limits.ts';
import { isReservedUsername } from './reserved-usernames.ts';

/**
 * What a public page's path segments may look like, checked the same way by the server (which
 * answers 404 without asking the database) and by the browser's router (which renders the 404 page
 * without asking the API).
 */
const POSSIBLE_USERNAME = new RegExp(`^[A-Za-z0-9_]{1,${LIMITS.usernameMax}}$`);
/** A letter or digit, then letters, digits, dots, hyphens or underscores: ASCII only. */
const POSSIBLE_SERVICE_ID = new RegExp(
  `^[a-z0-9][a-z0-9._-]{0,${LIMITS.serviceNameMax - 1}}$`,
  'i',
);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True when the text could be someone's username (any case). A reserved word (`api`, `assets`,
 * `admin`, …) never is: those paths never reach a profile (decision 091).
 */
export function isPossibleUsername(text: string): boolean {
  return POSSIBLE_USERNAME.test(text) && !isReservedUsername(text);
}

/**
 * True when the text could be a service id (any case): what `/s/{id}` accepts, and so what a
 * derived or edited service id must be (decision 092).
 */
/**
 * A service id as its addresses spell it when they need no correction: lowercase (the routes
 * lowercase the id; the fast reads take only this spelling, decision 117).
 */
export const CANONICAL_SERVICE_ID = /^[a-z0-9._-]+$/;

export function isPossibleServiceId(text: string): boolean {
  return POSSIBLE_SERVICE_ID.test(text);
}

/** True for a UUID (every code id is a UUIDv7). */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}
