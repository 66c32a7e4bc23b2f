import type { Kysely } from 'kysely';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { DB } from './db/schema.ts';
import type { DiscoveryService } from './features/discovery/discovery.service.ts';
import type { PublicProfiles } from './features/profiles/public-profiles.ts';
import type { FastReads } from './http/fast-reads.ts';
import type { ForegroundWork } from './http/foreground-work.ts';
import type { Mailer } from './mail/mailer.ts';
import type { Outbox } from './mail/outbox.ts';
import type { RateLimiter } from './plugins/rate-limiter.ts';

/** What every feature's routes receive from buildApp. */
export interface AppDeps {
  readonly config: Config;
  readonly database: Database;
  readonly db: Kysely<DB>;
  readonly limiter: RateLimiter;
  /** Service pages' listings and rotation, shared by the API and the rendered pages (decision 070). */
  readonly discovery: DiscoveryService;
  /** Public profiles, shared by the JSON answer and the rendered pages (decision 099). */
  readonly profiles: PublicProfiles;
  /** Sign-in links and service-request reviews: one SMTP pool for the app. */
  readonly mailer: Mailer;
  /** Every other mail: queued in the database, then sent (decision 109). */
  readonly outbox: Outbox;
  /** Cached public reads answered before Fastify (decision 117). */
  readonly fastReads: FastReads;
  /** Requests' work off the event loop (share images); idle-time jobs wait for it (decision 120). */
  readonly foregroundWork: ForegroundWork;
}
