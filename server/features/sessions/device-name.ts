import Bowser from 'bowser';
import { SESSION_MESSAGES } from '../../../shared/session-schemas.ts';

/** Longer User-Agent headers are cut before parsing: no real browser sends more. */
const USER_AGENT_MAX = 512;

/** 'iPhone' and 'iPad' say more than 'iOS' to the person reading the list. */
function systemName(parser: Bowser.Parser.Parser): string | undefined {
  const os = parser.getOSName();
  if (os === 'iOS') {
    const model = parser.getPlatform().model;
    return model === 'iPad' ? 'iPad' : 'iPhone';
  }
  return os || undefined;
}

/**
 * The browser and system of a User-Agent in words: 'Chrome on Android', 'Safari on iPhone',
 * 'Firefox on Windows'. Anything bowser cannot name is 'Unknown device'. Only these words are
 * stored with the session, never the header.
 */
export function deviceName(userAgent: string | undefined): string {
  if (!userAgent) return SESSION_MESSAGES.unknownDevice;
  const parser = Bowser.getParser(userAgent.slice(0, USER_AGENT_MAX));
  const browser = parser.getBrowserName() || undefined;
  const system = systemName(parser);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? SESSION_MESSAGES.unknownDevice;
}
