import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import {
  DISCOVERY_MESSAGES,
  type ServiceCodeDto,
  type ServiceCodesDto,
  type ServiceDirectoryDto,
  type VoteReasonValue,
} from '../../../shared/discovery-schemas.ts';
import { LIMITS } from '../../../shared/limits.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import { isForeignKeyViolation } from '../../db/errors.ts';
import { PushedCache } from '../../db/pushed-cache.ts';
import type { DB } from '../../db/schema.ts';
import { errors } from '../../errors.ts';
import { networkHash } from '../../http/client-network.ts';
import { contentVersion } from '../../http-cache.ts';
import { isBotUserAgent, visitorHash } from '../codes/clicks.service.ts';
import { parseCountries } from '../codes/codes.presenter.ts';
import { sunkCodeIds } from '../moderation/cases.ts';
import { presentCardOwner } from '../profile-identity/identity.presenter.ts';
import { dayStartIso, feedbackSinceDay, utcDay } from './days.ts';
import {
  codeExists,
  copiedSince,
  findListingService,
  insertVote,
  type ListingServiceRow,
  listDirectory,
  listedCodesOfService,
  voteTotalsOfService,
} from './discovery.repository.ts';
import { listingBlock, parseLinkHosts } from './listing-eligibility.ts';
import {
  epochOf,
  type Rotation,
  RotationCounter,
  type Shuffled,
  shuffle,
  viewOf,
} from './rotation.ts';

export const serviceNotFound = () => errors.notFound(DISCOVERY_MESSAGES.serviceNotFound);

/** A service page's content: the same for every visitor until its listing revision or the day changes. */
export interface ServiceListing {
  readonly service: { id: string; name: string; domain: string };
  /** One code per owner (their most recently updated listed, unexpired one), not yet rotated. */
  readonly codes: readonly ServiceCodeDto[];
  /** Codes that sink below those in good standing while admins look at reports (decision 095). */
  readonly sunk: ReadonlySet<string>;
  /** Names this content: part of the rendered page's cache key. */
  readonly version: string;
}

/**
 * "Reported": 'No' from at least 3 distinct networks in 90 days and fewer networks saying 'Yes'
 * (decisions 070, 093): one address with many User-Agents, or on many days, is one network.
 */
export function isReported(yesNetworks: number, noNetworks: number): boolean {
  return noNetworks >= LIMITS.reportedNoMin && yesNetworks < noNetworks;
}

interface Cached {
  /** The UTC day it was made for: expiry and the 90-day window move with the day. */
  day: string;
  listing: ServiceListing;
  /** Its JSON's length: the heap holds about 1.4 bytes per JSON byte (decision 091). */
  bytes: number;
}

/** One listing's order for one epoch and country filter. */
export interface Order {
  /** Names the listing, epoch and filter: the first pages of this order are kept under it. */
  readonly key: string;
  readonly shuffled: Shuffled<ServiceCodeDto>;
}

/**
 * The byte budget, shared: listings take half, their orders (arrays of references, 8 bytes a code
 * at most) and their first pages as sent (JSON bytes, at most 20 per epoch) a quarter each.
 */
function listingCaches(feed: ChangeFeed, cacheBytes: number) {
  return {
    listings: new PushedCache<Cached>(feed, Math.floor(cacheBytes / 2), (c) => 2 * c.bytes),
    orders: new LRUCache<string, Order>({
      maxSize: Math.floor(cacheBytes / 4),
      sizeCalculation: (order) =>
        256 + 8 * (order.shuffled.good.length + order.shuffled.reported.length),
    }),
    firstPages: new LRUCache<string, Buffer>({
      maxSize: Math.floor(cacheBytes / 4),
      sizeCalculation: (json, key) => json.length + key.length,
    }),
  };
}

/**
 * Service pages and "Did it work?" (decision 070). Each instance keeps each service's listing for
 * the UTC day (expiry and the 90-day window move with it) until the change feed says it changed
 * (its `listing_rev`, bumped by triggers on every change that may alter it, its name, domain or
 * link hosts; decision 099): a request asks the database nothing. Listings, orders
 * and first pages are kept within `cacheBytes`, least recently used first out (decision 091); an
 * unknown service id keeps nothing.
 */
export class DiscoveryService {
  readonly #db: Kysely<DB>;
  readonly #now: () => Date;
  readonly #cache: ReturnType<typeof listingCaches>;
  readonly #inFlight = new Map<string, Promise<Cached | undefined>>();
  readonly #counter = new RotationCounter();
  /** Dropped with any listing: kept with the listings' ticket taken before it was read. */
  #directory: { day: string; ticket: number; value: ServiceDirectoryDto } | undefined;

  readonly #probationDays: number;

  constructor(
    db: Kysely<DB>,
    feed: ChangeFeed,
    {
      cacheBytes,
      now = () => new Date(),
      probationDays = 0,
    }: { cacheBytes: number; now?: () => Date; probationDays?: number },
  ) {
    this.#db = db;
    this.#now = now;
    this.#cache = listingCaches(feed, cacheBytes);
    this.#probationDays = probationDays;
    feed.subscribe({
      profile: () => {},
      listing: (serviceId) => this.#cache.listings.delete(serviceId),
      reset: () => this.#cache.listings.clear(),
    });
  }

  /** Today's listing if it is cached now: no database read (the fast reads, decision 117). */
  cachedListing(serviceId: string): ServiceListing | undefined {
    const cached = this.#cache.listings.get(serviceId);
    return cached?.day === utcDay(this.#now()) ? cached.listing : undefined;
  }

  /** The listing of a known service, undefined for an unknown id. */
  async listing(serviceId: string): Promise<ServiceListing | undefined> {
    const now = this.#now();
    const today = utcDay(now);
    const cached = this.#cache.listings.get(serviceId);
    if (cached?.day === today) return cached.listing;
    const ticket = this.#cache.listings.ticket();
    // Requests share a load only if no change came between them.
    const flightKey = `${serviceId}\n${today}\n${ticket}`;
    let pending = this.#inFlight.get(flightKey);
    if (!pending) {
      pending = this.#loadService(serviceId, today, now, ticket).finally(() =>
        this.#inFlight.delete(flightKey),
      );
      this.#inFlight.set(flightKey, pending);
    }
    return (await pending)?.listing;
  }

  async #loadService(serviceId: string, today: string, now: Date, ticket: number) {
    const service = await findListingService(this.#db, serviceId);
    if (!service) return undefined;
    const { listing, bytes } = await this.#load(service, today, now);
    const loaded = { day: today, listing, bytes };
    this.#cache.listings.set(serviceId, loaded, ticket);
    return loaded;
  }

  async #load(
    service: ListingServiceRow,
    today: string,
    now: Date,
  ): Promise<{ listing: ServiceListing; bytes: number }> {
    const [rows, votes, sunk] = await Promise.all([
      listedCodesOfService(this.#db, service.id, today),
      voteTotalsOfService(this.#db, service.id, feedbackSinceDay(now)),
      sunkCodeIds(this.#db, service.id),
    ]);
    const totals = new Map(votes.map((v) => [v.code_id, { yes: Number(v.yes), no: Number(v.no) }]));
    const rules = { domain: service.domain, linkHosts: parseLinkHosts(service.link_hosts) };
    const context = { today, probationDays: this.#probationDays };
    const codes: ServiceCodeDto[] = [];
    let owner = '';
    for (const row of rows) {
      // Rows come by owner, newest edit first: the first eligible of each owner is theirs here.
      if (row.user_id === owner) continue;
      const facts = { link: row.link, ownerCreatedAt: row.owner_created_at, service: rules };
      if (listingBlock(facts, context)) continue;
      owner = row.user_id;
      const { yes, no } = totals.get(row.id) ?? { yes: 0, no: 0 };
      codes.push({
        id: row.id,
        service: row.service,
        serviceName: row.service_name,
        productName: row.product_name,
        code: row.code,
        reward: row.reward,
        link: row.link,
        createdAt: new Date(row.created_at).toISOString(),
        expiresAt: row.expires_on,
        countries: parseCountries(row.countries),
        username: row.username,
        owner: presentCardOwner(row),
        worked: yes,
        reported: isReported(yes, no),
      });
    }
    codes.sort((a, b) => (a.id < b.id ? -1 : 1));
    const svc = { id: service.id, name: service.name, domain: service.domain };
    const json = JSON.stringify([svc, codes, [...sunk].sort()]);
    return {
      listing: { service: svc, codes, sunk, version: contentVersion(json) },
      bytes: json.length,
    };
  }

  /**
   * The listing's order for an epoch and country filter, shuffled once and kept: hashing and
   * sorting 1,000 codes took about 2 ms, which every view paid before (issue 14, item 7).
   */
  order(
    listing: ServiceListing,
    country: string | undefined,
    epoch = epochOf(this.#now().getTime()),
  ): Order {
    const key = `${listing.service.id}\n${listing.version}\n${epoch}\n${country ?? ''}`;
    let order = this.#cache.orders.get(key);
    if (!order) {
      const codes = forCountry(listing.codes, country);
      const below = (code: ServiceCodeDto) => code.reported || listing.sunk.has(code.id);
      order = { key, shuffled: shuffle(codes, listing.service.id, epoch, below) };
      this.#cache.orders.set(key, order);
    }
    return order;
  }

  /** The rotation of the next view of this service's first page. */
  nextRotation(listing: ServiceListing, country: string | undefined): Rotation {
    return this.#rotation(listing, country, true);
  }

  /** The rotation `nextRotation` would give now, without taking it. */
  peekRotation(listing: ServiceListing, country: string | undefined): Rotation {
    return this.#rotation(listing, country, false);
  }

  #rotation(listing: ServiceListing, country: string | undefined, take: boolean): Rotation {
    const epoch = epochOf(this.#now().getTime());
    const good = this.order(listing, country, epoch).shuffled.good.length;
    const id = listing.service.id;
    return { epoch, slot: take ? this.#counter.next(id, good) : this.#counter.peek(id, good) };
  }

  /** One page (20 codes) of the listing in the rotation's order, from `start`. */
  page(
    listing: ServiceListing,
    country: string | undefined,
    rotation: Rotation,
    start = 0,
  ): ServiceCodesDto {
    const { shuffled } = this.order(listing, country, rotation.epoch);
    const total = shuffled.good.length + shuffled.reported.length;
    const end = start + LIMITS.servicePageSize;
    return {
      service: listing.service,
      codes: viewOf(shuffled, rotation.slot, start, LIMITS.servicePageSize),
      total,
      nextCursor: end < total ? `${rotation.epoch}.${rotation.slot}.${end}` : null,
    };
  }

  /**
   * A first page as JSON (UTF-8 bytes), built once per slot of the epoch: most views are first
   * pages, and sending kept bytes spares encoding ~6 KB of text on every view.
   */
  firstPageJson(listing: ServiceListing, country: string | undefined, rotation: Rotation): Buffer {
    const key = `${this.order(listing, country, rotation.epoch).key}\n${rotation.slot}`;
    let json = this.#cache.firstPages.get(key);
    if (json === undefined) {
      json = Buffer.from(JSON.stringify(this.page(listing, country, rotation)));
      this.#cache.firstPages.set(key, json);
    }
    return json;
  }

  /** A view of the first page: it takes the next rotation slot and gets that slot's JSON bytes. */
  nextFirstPage(listing: ServiceListing, country: string | undefined): Buffer {
    return this.firstPageJson(listing, country, this.nextRotation(listing, country));
  }

  /**
   * The JSON answer: the first page (a new rotation) or the page a cursor names. A first page is
   * JSON bytes (sent as is, built from the schema's type); a cursor's page is an object.
   */
  async codesPage(
    serviceId: string,
    country: string | undefined,
    cursor: string | undefined,
  ): Promise<ServiceCodesDto | Buffer> {
    const listing = await this.listing(serviceId);
    if (!listing) throw serviceNotFound();
    if (cursor === undefined) return this.nextFirstPage(listing, country);
    const [epoch, slot, start] = cursor.split('.').map(Number) as [number, number, number];
    return this.page(listing, country, { epoch, slot }, start);
  }

  /** Services with at least one listed code, by name, kept until any listing changes. */
  async directory(): Promise<ServiceDirectoryDto> {
    const today = utcDay(this.#now());
    const kept = this.#directory;
    if (kept?.day === today && this.#cache.listings.isCurrent(kept.ticket)) return kept.value;
    const ticket = this.#cache.listings.ticket();
    const rows = await listDirectory(this.#db, today);
    const context = { today, probationDays: this.#probationDays };
    const services = new Map<string, ServiceDirectoryDto['services'][number]>();
    const owners = new Map<string, Set<string>>();
    for (const row of rows) {
      const rules = { domain: row.domain, linkHosts: parseLinkHosts(row.link_hosts) };
      const facts = { link: row.link, ownerCreatedAt: row.owner_created_at, service: rules };
      if (listingBlock(facts, context)) continue;
      if (!services.has(row.id)) {
        services.set(row.id, { id: row.id, name: row.name, domain: row.domain, codes: 0 });
        owners.set(row.id, new Set());
      }
      owners.get(row.id)!.add(row.user_id);
    }
    for (const [id, entry] of services) entry.codes = owners.get(id)!.size;
    // Rows come by service name: the map keeps that order.
    const value = { services: [...services.values()] };
    if (this.#cache.listings.isCurrent(ticket)) this.#directory = { day: today, ticket, value };
    return value;
  }
}

/** Codes that work in `country`: those naming it, and those naming no country. */
export function forCountry<T extends { countries: string[] | null }>(
  codes: readonly T[],
  country: string | undefined,
): readonly T[] {
  if (!country) return codes;
  return codes.filter((c) => c.countries === null || c.countries.includes(country));
}

export interface VoteInputValues {
  codeId: string;
  worked: boolean;
  reason: VoteReasonValue | null | undefined;
  ip: string;
  /** `clientNetwork(request)`. */
  network: string;
  userAgent: string | undefined;
  secret: string;
  now?: Date;
}

export type VoteOutcome = 'counted' | 'bot' | 'no-copy' | 'repeat';

/**
 * Records "Did it work?" (decisions 070, 093). Unknown code → 404. Counted only when the
 * visitor's hash (the click's, decision 021) copied this code today, and once per network, code
 * and UTC day whatever the User-Agent; bots are answered and not counted.
 */
export async function recordVote(db: Kysely<DB>, input: VoteInputValues): Promise<VoteOutcome> {
  const codeNotFound = () => errors.notFound('Code not found');
  if (!(await codeExists(db, input.codeId))) throw codeNotFound();
  if (isBotUserAgent(input.userAgent)) return 'bot';
  const now = input.now ?? new Date();
  const hash = visitorHash(input.secret, now, input.ip, input.userAgent ?? '');
  if (!(await copiedSince(db, input.codeId, hash, dayStartIso(now)))) return 'no-copy';
  try {
    const stored = await insertVote(db, {
      codeId: input.codeId,
      networkHash: networkHash(input.secret, input.network),
      day: utcDay(now),
      worked: input.worked,
      reason: input.reason ?? null,
      createdAt: now.toISOString(),
    });
    return stored ? 'counted' : 'repeat';
  } catch (error) {
    // The code was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw codeNotFound();
    throw error;
  }
}
