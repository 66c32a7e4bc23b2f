/**
 * A readable cookie the server sets beside the HttpOnly session cookie, holding only `1`. The
 * browser reads it to know whether to ask who is signed in: an anonymous visit then makes no
 * /api/me request (and logs no 401), and the public pages' HTML can be the same for everyone.
 * It proves nothing: the session cookie alone authenticates.
 */
export const SIGNED_IN_HINT_COOKIE = 'refstash_signed_in';
