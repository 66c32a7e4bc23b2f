/**
 * The built-in catalogue of well-known services: id → brand domain and display name.
 * It seeds the `services` table and decides which ids the primary logo lookup serves.
 * The 13 services of the landing page's falling-logo overlay are all here.
 */
export interface CatalogueEntry {
  /** Lowercase service id, as stored in `services.id` and `codes.service`. */
  readonly id: string;
  /** Human name shown on cards and in the code form. */
  readonly name: string;
  /** Lowercase brand domain used for logo lookups. */
  readonly domain: string;
  readonly category:
    | 'ride'
    | 'streaming'
    | 'payment'
    | 'travel'
    | 'food'
    | 'finance'
    | 'crypto'
    | 'shopping'
    | 'social';
}

export const SERVICE_CATALOGUE: readonly CatalogueEntry[] = Object.freeze([
  // ride and mobility
  { id: 'uber', name: 'Uber', domain: 'uber.com', category: 'ride' },
  { id: 'lyft', name: 'Lyft', domain: 'lyft.com', category: 'ride' },
  { id: 'bolt', name: 'Bolt', domain: 'bolt.eu', category: 'ride' },
  { id: 'grab', name: 'Grab', domain: 'grab.com', category: 'ride' },
  { id: 'didi', name: 'DiDi', domain: 'didiglobal.com', category: 'ride' },
  { id: 'blablacar', name: 'BlaBlaCar', domain: 'blablacar.com', category: 'ride' },
  { id: 'lime', name: 'Lime', domain: 'li.me', category: 'ride' },
  { id: 'turo', name: 'Turo', domain: 'turo.com', category: 'ride' },
  { id: 'getaround', name: 'Getaround', domain: 'getaround.com', category: 'ride' },
  { id: 'freenow', name: 'FREE NOW', domain: 'free-now.com', category: 'ride' },
  // streaming
  { id: 'netflix', name: 'Netflix', domain: 'netflix.com', category: 'streaming' },
  { id: 'spotify', name: 'Spotify', domain: 'spotify.com', category: 'streaming' },
  { id: 'youtube', name: 'YouTube', domain: 'youtube.com', category: 'streaming' },
  { id: 'hulu', name: 'Hulu', domain: 'hulu.com', category: 'streaming' },
  { id: 'disneyplus', name: 'Disney+', domain: 'disneyplus.com', category: 'streaming' },
  { id: 'hbomax', name: 'Max', domain: 'max.com', category: 'streaming' },
  { id: 'primevideo', name: 'Prime Video', domain: 'primevideo.com', category: 'streaming' },
  { id: 'applemusic', name: 'Apple Music', domain: 'music.apple.com', category: 'streaming' },
  { id: 'deezer', name: 'Deezer', domain: 'deezer.com', category: 'streaming' },
  { id: 'tidal', name: 'TIDAL', domain: 'tidal.com', category: 'streaming' },
  { id: 'audible', name: 'Audible', domain: 'audible.com', category: 'streaming' },
  { id: 'twitch', name: 'Twitch', domain: 'twitch.tv', category: 'streaming' },
  { id: 'crunchyroll', name: 'Crunchyroll', domain: 'crunchyroll.com', category: 'streaming' },
  { id: 'paramountplus', name: 'Paramount+', domain: 'paramountplus.com', category: 'streaming' },
  // payment
  { id: 'paypal', name: 'PayPal', domain: 'paypal.com', category: 'payment' },
  { id: 'stripe', name: 'Stripe', domain: 'stripe.com', category: 'payment' },
  { id: 'venmo', name: 'Venmo', domain: 'venmo.com', category: 'payment' },
  { id: 'cashapp', name: 'Cash App', domain: 'cash.app', category: 'payment' },
  { id: 'wise', name: 'Wise', domain: 'wise.com', category: 'payment' },
  { id: 'klarna', name: 'Klarna', domain: 'klarna.com', category: 'payment' },
  { id: 'afterpay', name: 'Afterpay', domain: 'afterpay.com', category: 'payment' },
  { id: 'affirm', name: 'Affirm', domain: 'affirm.com', category: 'payment' },
  { id: 'zelle', name: 'Zelle', domain: 'zellepay.com', category: 'payment' },
  { id: 'remitly', name: 'Remitly', domain: 'remitly.com', category: 'payment' },
  { id: 'payoneer', name: 'Payoneer', domain: 'payoneer.com', category: 'payment' },
  // travel
  { id: 'airbnb', name: 'Airbnb', domain: 'airbnb.com', category: 'travel' },
  { id: 'booking', name: 'Booking.com', domain: 'booking.com', category: 'travel' },
  { id: 'expedia', name: 'Expedia', domain: 'expedia.com', category: 'travel' },
  { id: 'vrbo', name: 'Vrbo', domain: 'vrbo.com', category: 'travel' },
  { id: 'hotels', name: 'Hotels.com', domain: 'hotels.com', category: 'travel' },
  { id: 'agoda', name: 'Agoda', domain: 'agoda.com', category: 'travel' },
  { id: 'tripadvisor', name: 'Tripadvisor', domain: 'tripadvisor.com', category: 'travel' },
  { id: 'skyscanner', name: 'Skyscanner', domain: 'skyscanner.net', category: 'travel' },
  { id: 'kayak', name: 'KAYAK', domain: 'kayak.com', category: 'travel' },
  { id: 'hostelworld', name: 'Hostelworld', domain: 'hostelworld.com', category: 'travel' },
  { id: 'getyourguide', name: 'GetYourGuide', domain: 'getyourguide.com', category: 'travel' },
  // food and groceries
  { id: 'doordash', name: 'DoorDash', domain: 'doordash.com', category: 'food' },
  { id: 'ubereats', name: 'Uber Eats', domain: 'ubereats.com', category: 'food' },
  { id: 'grubhub', name: 'Grubhub', domain: 'grubhub.com', category: 'food' },
  { id: 'instacart', name: 'Instacart', domain: 'instacart.com', category: 'food' },
  { id: 'deliveroo', name: 'Deliveroo', domain: 'deliveroo.com', category: 'food' },
  { id: 'justeat', name: 'Just Eat', domain: 'just-eat.com', category: 'food' },
  { id: 'hellofresh', name: 'HelloFresh', domain: 'hellofresh.com', category: 'food' },
  { id: 'postmates', name: 'Postmates', domain: 'postmates.com', category: 'food' },
  { id: 'gopuff', name: 'Gopuff', domain: 'gopuff.com', category: 'food' },
  { id: 'toogoodtogo', name: 'Too Good To Go', domain: 'toogoodtogo.com', category: 'food' },
  { id: 'starbucks', name: 'Starbucks', domain: 'starbucks.com', category: 'food' },
  // finance and banking
  { id: 'robinhood', name: 'Robinhood', domain: 'robinhood.com', category: 'finance' },
  { id: 'revolut', name: 'Revolut', domain: 'revolut.com', category: 'finance' },
  { id: 'chime', name: 'Chime', domain: 'chime.com', category: 'finance' },
  { id: 'monzo', name: 'Monzo', domain: 'monzo.com', category: 'finance' },
  { id: 'n26', name: 'N26', domain: 'n26.com', category: 'finance' },
  { id: 'sofi', name: 'SoFi', domain: 'sofi.com', category: 'finance' },
  { id: 'webull', name: 'Webull', domain: 'webull.com', category: 'finance' },
  { id: 'acorns', name: 'Acorns', domain: 'acorns.com', category: 'finance' },
  { id: 'stash', name: 'Stash', domain: 'stash.com', category: 'finance' },
  { id: 'public', name: 'Public', domain: 'public.com', category: 'finance' },
  { id: 'trading212', name: 'Trading 212', domain: 'trading212.com', category: 'finance' },
  { id: 'etoro', name: 'eToro', domain: 'etoro.com', category: 'finance' },
  { id: 'discover', name: 'Discover', domain: 'discover.com', category: 'finance' },
  { id: 'amex', name: 'American Express', domain: 'americanexpress.com', category: 'finance' },
  { id: 'chase', name: 'Chase', domain: 'chase.com', category: 'finance' },
  { id: 'curve', name: 'Curve', domain: 'curve.com', category: 'finance' },
  { id: 'rakuten', name: 'Rakuten', domain: 'rakuten.com', category: 'finance' },
  { id: 'honey', name: 'Honey', domain: 'joinhoney.com', category: 'finance' },
  // crypto
  { id: 'coinbase', name: 'Coinbase', domain: 'coinbase.com', category: 'crypto' },
  { id: 'binance', name: 'Binance', domain: 'binance.com', category: 'crypto' },
  { id: 'kraken', name: 'Kraken', domain: 'kraken.com', category: 'crypto' },
  { id: 'cryptocom', name: 'Crypto.com', domain: 'crypto.com', category: 'crypto' },
  { id: 'gemini', name: 'Gemini', domain: 'gemini.com', category: 'crypto' },
  { id: 'bybit', name: 'Bybit', domain: 'bybit.com', category: 'crypto' },
  { id: 'kucoin', name: 'KuCoin', domain: 'kucoin.com', category: 'crypto' },
  { id: 'okx', name: 'OKX', domain: 'okx.com', category: 'crypto' },
  { id: 'bitpanda', name: 'Bitpanda', domain: 'bitpanda.com', category: 'crypto' },
  { id: 'nexo', name: 'Nexo', domain: 'nexo.com', category: 'crypto' },
  // shopping
  { id: 'amazon', name: 'Amazon', domain: 'amazon.com', category: 'shopping' },
  { id: 'ebay', name: 'eBay', domain: 'ebay.com', category: 'shopping' },
  { id: 'etsy', name: 'Etsy', domain: 'etsy.com', category: 'shopping' },
  { id: 'temu', name: 'Temu', domain: 'temu.com', category: 'shopping' },
  { id: 'shein', name: 'SHEIN', domain: 'shein.com', category: 'shopping' },
  { id: 'aliexpress', name: 'AliExpress', domain: 'aliexpress.com', category: 'shopping' },
  { id: 'shopify', name: 'Shopify', domain: 'shopify.com', category: 'shopping' },
  { id: 'ikea', name: 'IKEA', domain: 'ikea.com', category: 'shopping' },
  { id: 'wayfair', name: 'Wayfair', domain: 'wayfair.com', category: 'shopping' },
  { id: 'vinted', name: 'Vinted', domain: 'vinted.com', category: 'shopping' },
  { id: 'poshmark', name: 'Poshmark', domain: 'poshmark.com', category: 'shopping' },
  { id: 'dropbox', name: 'Dropbox', domain: 'dropbox.com', category: 'shopping' },
  { id: 'nordvpn', name: 'NordVPN', domain: 'nordvpn.com', category: 'shopping' },
  // social
  { id: 'instagram', name: 'Instagram', domain: 'instagram.com', category: 'social' },
  { id: 'discord', name: 'Discord', domain: 'discord.com', category: 'social' },
  { id: 'tiktok', name: 'TikTok', domain: 'tiktok.com', category: 'social' },
  { id: 'facebook', name: 'Facebook', domain: 'facebook.com', category: 'social' },
  { id: 'x', name: 'X', domain: 'x.com', category: 'social' },
  { id: 'snapchat', name: 'Snapchat', domain: 'snapchat.com', category: 'social' },
  { id: 'reddit', name: 'Reddit', domain: 'reddit.com', category: 'social' },
  { id: 'linkedin', name: 'LinkedIn', domain: 'linkedin.com', category: 'social' },
  { id: 'pinterest', name: 'Pinterest', domain: 'pinterest.com', category: 'social' },
  { id: 'telegram', name: 'Telegram', domain: 'telegram.org', category: 'social' },
  { id: 'bumble', name: 'Bumble', domain: 'bumble.com', category: 'social' },
  { id: 'tinder', name: 'Tinder', domain: 'tinder.com', category: 'social' },
] satisfies CatalogueEntry[]);

/** id → brand domain for every known service (the spec's "known map"). */
export const KNOWN_SERVICE_DOMAINS: ReadonlyMap<string, string> = new Map(
  SERVICE_CATALOGUE.map((entry) => [entry.id, entry.domain]),
);

/** id → display name for every well-known service. */
export const KNOWN_SERVICE_NAMES: ReadonlyMap<string, string> = new Map(
  SERVICE_CATALOGUE.map((entry) => [entry.id, entry.name]),
);

export { isKnownService, LANDING_LOGO_SERVICES } from './known-services.ts';
