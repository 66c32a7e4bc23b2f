import { DOMAIN_MESSAGES, domainProblem } from '../../../shared/service-request-schemas.ts';

/**
 * The domain a pasted URL or a 'www.' address most likely meant, for the domain field's one-tap
 * fix (issue 13, item 5): only for the spec's 'www.' and 'https://' messages, and only when the
 * result passes every domain rule. Otherwise null, and the field just shows its message.
 */
export function domainFix(typed: string, message: string | undefined): string | null {
  if (message !== DOMAIN_MESSAGES.www && message !== DOMAIN_MESSAGES.protocol) return null;
  const host = typed
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/^[^@]*@/, '')
    .replace(/:\d*$/, '')
    .replace(/^(?:www\.)+/, '');
  return host && domainProblem(host) === null ? host : null;
}
