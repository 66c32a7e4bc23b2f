/**
 * The ids of the built-in known map (spec §3): they decide which services get the primary logo
 * lookup. Kept apart from the full catalogue (names, domains, categories) so that a visitor's
 * first load of a profile carries only these few hundred bytes; service-catalogue.test.ts checks
 * that the two lists agree.
 */
const IDS =
  'uber lyft bolt grab didi blablacar lime turo getaround freenow netflix spotify youtube ' +
  'hulu disneyplus hbomax primevideo applemusic deezer tidal audible twitch crunchyroll ' +
  'paramountplus paypal stripe venmo cashapp wise klarna afterpay affirm zelle remitly ' +
  'payoneer airbnb booking expedia vrbo hotels agoda tripadvisor skyscanner kayak hostelworld ' +
  'getyourguide doordash ubereats grubhub instacart deliveroo justeat hellofresh postmates ' +
  'gopuff toogoodtogo starbucks robinhood revolut chime monzo n26 sofi webull acorns stash ' +
  'public trading212 etoro discover amex chase curve rakuten honey coinbase binance kraken ' +
  'cryptocom gemini bybit kucoin okx bitpanda nexo amazon ebay etsy temu shein aliexpress ' +
  'shopify ikea wayfair vinted poshmark dropbox nordvpn instagram discord tiktok facebook x ' +
  'snapchat reddit linkedin pinterest telegram bumble tinder ';

export const KNOWN_SERVICE_IDS: ReadonlySet<string> = new Set(IDS.trim().split(' '));

/** True when the id is in the built-in known map (it then gets the primary logo lookup). */
export function isKnownService(serviceId: string): boolean {
  return KNOWN_SERVICE_IDS.has(serviceId.toLowerCase());
}

/** The 13 services whose logos fall over the landing page (spec §2). */
export const LANDING_LOGO_SERVICES = Object.freeze([
  'airbnb',
  'uber',
  'coinbase',
  'netflix',
  'spotify',
  'paypal',
  'stripe',
  'doordash',
  'lyft',
  'robinhood',
  'instagram',
  'youtube',
  'discord',
] as const);
