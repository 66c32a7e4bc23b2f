import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DB } from '../../db/schema.ts';
import { type RateLimiter, withinLimit } from '../../plugins/rate-limiter.ts';
import { isBotUserAgent, visitorHash } from '../codes/clicks.service.ts';

/** One visitor's views of one profile count once in this long (decision 093). */
export const VIEW_REPEAT_WINDOW_MS = 30 * 60_000;

/**
 * View rows one network may add per hour, over every profile (decision 093): a reader opening a
 * profile a minute is far below it; a script cycling User-Agents writes at most 60 rows an hour
 * per /24 or /64, not one per request.
 */
export const VIEW_NETWORK_CAP = { limit: 60, windowMs: 60 * 60_000 } as const;

/** Views waiting at most; past it a view is dropped rather than letting memory grow. */
const MAX_PENDING_VIEWS = 1000;

export interface ProfileView {
  userId: string;
  ip: string;
  /** `clientNetwork(request)`. */
  network: string;
  userAgent: string | undefined;
  secret: string;
  now: Date;
}

/** Inserts one view row; the daily bucket follows by trigger (decision 080). */
async function insertProfileView(db: Kysely<DB>, userId: string, at: Date, visitor: string) {
  await db
    .insertInto('profile_views')
    .values({ user_id: userId, viewed_at: at.toISOString(), visitor_hash: visitor })
    .execute();
}

export interface ViewRecorderOptions {
  limiter: RateLimiter;
  /** config.rateLimitScale. */
  scale: number;
  /** config.viewDedupBytes: the byte budget of the recent-views set. */
  dedupBytes: number;
}

/**
 * Counts views of public profiles (decisions 080, 093). A view is counted unless it is a bot's,
 * the same visitor (the daily hash of clicks, decision 021) viewed the profile less than 30
 * minutes ago on this instance, or its network wrote 60 views this hour. The recent set is an
 * LRU bounded by bytes: when it is full the oldest go, and the network cap still bounds what a
 * forgotten visitor can add.
 *
 * Rows are written one at a time per instance, in arrival order, never holding the page: "unique"
 * asks whether an earlier view of that visitor exists, and two concurrent inserts of one
 * visitor's views could each miss the other (PostgreSQL, READ COMMITTED).
 */
export function createViewRecorder(
  db: Kysely<DB>,
  log: { warn(obj: object, msg: string): void },
  { limiter, scale, dedupBytes }: ViewRecorderOptions,
) {
  const recent = new LRUCache<string, true>({
    maxSize: dedupBytes,
    // The key's UTF-16 bytes and about 100 bytes of the cache's own bookkeeping per entry.
    sizeCalculation: (_value, key) => key.length * 2 + 100,
    ttl: VIEW_REPEAT_WINDOW_MS,
    ttlAutopurge: false,
  });
  let tail: Promise<unknown> = Promise.resolve();
  let pending = 0;

  async function count(view: ProfileView, visitor: string): Promise<void> {
    const { limit, windowMs } = VIEW_NETWORK_CAP;
    const key = `views:network:${view.network}`;
    if (!(await withinLimit(limiter, key, limit, windowMs, scale))) return;
    await insertProfileView(db, view.userId, view.now, visitor);
  }

  return {
    record(view: ProfileView): void {
      if (isBotUserAgent(view.userAgent) || pending >= MAX_PENDING_VIEWS) return;
      const visitor = visitorHash(view.secret, view.now, view.ip, view.userAgent ?? '');
      const key = `${view.userId}\n${visitor}`;
      if (recent.has(key)) return;
      recent.set(key, true);
      pending += 1;
      tail = tail
        .then(() => count(view, visitor))
        .catch((error: unknown) => log.warn({ err: error }, 'profile view not recorded'))
        .finally(() => {
          pending -= 1;
        });
    },
    /** Resolves when every view handed in so far is written (shutdown, tests). */
    flush(): Promise<unknown> {
      return tail;
    },
  };
}
