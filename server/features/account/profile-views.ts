import { sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/database.ts';
import { preparedOnPostgres } from '../../db/prepared-statements.ts';
import { rowBatch } from '../../db/row-batch.ts';
import { oncePer } from '../../once-per.ts';
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

/**
 * Counted views are written this long after the first of a batch (decision 098): half a second,
 * so that with the write's own time a crash still loses under a second of views.
 */
export const VIEW_FLUSH_MS = 500;

/**
 * Views waiting (being checked against the network cap, or queued for the next batch) at most:
 * about 200 bytes each, so at most about 2 MB. Past it a view is dropped and counted rather than
 * letting memory grow under a flood.
 */
const MAX_PENDING_VIEWS = 10_000;

export interface ProfileView {
  userId: string;
  ip: string;
  /** `clientNetwork(request)`. */
  network: string;
  userAgent: string | undefined;
  secret: string;
  now: Date;
}

type ViewTuple = readonly [userId: string, viewedAt: string, visitorHash: string];

// One statement per batch whatever its size (row-batch.ts). The join leaves out a profile deleted
// since its view; the daily buckets follow by trigger (decision 080), whose "unique" check sees
// only earlier ids, so a batch's rows are in arrival order.
const compiledInsert = oncePer((database: Database) => {
  const batch = rowBatch<ViewTuple>(database.dialect, 'batch', {
    user_id: 'text',
    viewed_at: 'timestamp',
    visitor_hash: 'text',
  });
  const query = preparedOnPostgres(
    sql`
      insert into profile_views (user_id, viewed_at, visitor_hash)
      select batch.user_id, batch.viewed_at, batch.visitor_hash
      from ${batch.table}
      join users on users.id = batch.user_id`.compile(database.db),
  );
  return { query, batch };
});

async function insertProfileViews(database: Database, views: readonly ViewTuple[]) {
  const { query, batch } = compiledInsert(database);
  await database.db.executeQuery({ ...query, parameters: batch.parameters(views) });
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
 * Counted views are kept in memory and written as one multi-row insert VIEW_FLUSH_MS after the
 * first of them, and at close (decision 098): a view is a statistic, not an acknowledged write,
 * so a crash may lose under a second of them. Batches are written one at a
 * time per instance: "unique" asks whether an earlier view of that visitor exists, and two
 * concurrent inserts could each miss the other (PostgreSQL, READ COMMITTED).
 */
export function createViewRecorder(
  database: Database,
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
  /** Views past the bot and repeat checks whose network check has not answered yet. */
  const checking = new Set<Promise<void>>();
  let queued: ViewTuple[] = [];
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let closed = false;

  function write(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const rows = queued;
    queued = [];
    if (dropped > 0) {
      log.warn({ dropped }, 'profile views dropped: too many waiting');
      dropped = 0;
    }
    writing = writing.then(async () => {
      if (rows.length === 0) return;
      try {
        await insertProfileViews(database, rows);
      } catch (error) {
        log.warn({ err: error, views: rows.length }, 'profile views not recorded');
      }
    });
    return writing;
  }

  function enqueue(row: ViewTuple) {
    queued.push(row);
    if (!timer && !closed) timer = setTimeout(write, VIEW_FLUSH_MS);
  }

  async function check(view: ProfileView, visitor: string): Promise<void> {
    const { limit, windowMs } = VIEW_NETWORK_CAP;
    const key = `views:network:${view.network}`;
    try {
      if (await withinLimit(limiter, key, limit, windowMs, scale)) {
        enqueue([view.userId, view.now.toISOString(), visitor]);
      }
    } catch (error) {
      log.warn({ err: error }, 'profile view not recorded');
    }
  }

  return {
    record(view: ProfileView): void {
      if (closed || isBotUserAgent(view.userAgent)) return;
      const visitor = visitorHash(view.secret, view.now, view.ip, view.userAgent ?? '');
      const key = `${view.userId}\n${visitor}`;
      if (recent.has(key)) return;
      if (checking.size + queued.length >= MAX_PENDING_VIEWS) {
        dropped += 1;
        return;
      }
      recent.set(key, true);
      const pending = check(view, visitor).finally(() => checking.delete(pending));
      checking.add(pending);
    },
    /** Writes every view handed in so far and stops taking new ones (the app's onClose). */
    async close(): Promise<void> {
      closed = true;
      await Promise.all(checking);
      await write();
    },
  };
}
