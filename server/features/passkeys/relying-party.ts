import type { Config } from '../../config.ts';

/** The WebAuthn relying party: Refstash at APP_URL, never at whatever a Host header says. */
export interface RelyingParty {
  /** The RP ID: APP_URL's host name (browsers refuse an IP address here). */
  readonly id: string;
  /** The one origin a ceremony may come from: APP_URL's origin. */
  readonly origin: string;
  readonly name: string;
}

export function relyingParty(config: Pick<Config, 'appUrl' | 'appOrigin'>): RelyingParty {
  return { id: new URL(config.appUrl).hostname, origin: config.appOrigin, name: 'Refstash' };
}
