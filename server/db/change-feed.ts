import { randomUUID } from 'node:crypto';
import type SqliteDatabase from 'better-sqlite3';
import pg from 'pg';

/**
 * What a cache of public answers hears (decision 099): a profile (by username) or a service's
 * listing changed, or everything may have changed (`reset`: the feed was lost or came back).
 */
export interface ChangeListener {
  profile(username: string): void;
  listing(serviceId: string): void;
  reset(): void;
}

export interface ChangeFeed {
  /** True while every committed change will be heard: only then may a cache be read or filled. */
  readonly live: boolean;
  subscribe(listener: ChangeListener): void;
  /**
   * Resolves once every change committed before the call has been heard (at most `timeoutMs`):
   * a signed-in write waits for it, so its author's next read on this instance shows the change.
   */
  settle(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The PostgreSQL channel the triggers of migration 0099 notify; the payload is `p:name` or `l:id`
 * (`s:token` is an instance's own marker for `settle`).
 */
export const CHANGES_CHANNEL = 'refstash_changes';
/** How the listener's connection names itself in `pg_stat_activity`: by process, for operators. */
export const listenerApplicationName = (pid = process.pid) => `refstash-changes ${pid}`;

class Listeners {
  readonly #all: ChangeListener[] = [];
  add(listener: ChangeListener) {
    this.#all.push(listener);
  }
  /** `p:alice` or `l:netflix`; anything else but a settle marker resets. */
  dispatch(payload: string) {
    if (payload.startsWith('s:')) return;
    const key = payload.slice(2);
    for (const listener of this.#all) {
      if (payload.startsWith('p:')) listener.profile(key);
      else if (payload.startsWith('l:')) listener.listing(key);
      else listener.reset();
    }
  }
  reset() {
    for (const listener of this.#all) listener.reset();
  }
}

const DATA_VERSION_POLL_MS = 1000;

/**
 * SQLite: this process is the one writer, on one connection. Temporary triggers (this connection's
 * own: a migration or the admin command never sees them) call a function of the process, inside
 * the writing statement; the dialect runs one query at a time, so a read that follows sees the
 * change (or, after a rollback, the old row, which is right too). A write by another process (the
 * admin command) moves `PRAGMA data_version`, polled each second: then everything is dropped.
 */
export function sqliteChangeFeed(handle: SqliteDatabase.Database): ChangeFeed {
  const listeners = new Listeners();
  handle.function('refstash_changed', { varargs: false, deterministic: false }, (payload) => {
    listeners.dispatch(String(payload));
    return null;
  });
  for (const statement of SQLITE_CHANGE_TRIGGERS) handle.exec(statement);
  const dataVersion = () => handle.pragma('data_version', { simple: true });
  let seen = dataVersion();
  const poll = setInterval(() => {
    if (!handle.open) return;
    const now = dataVersion();
    if (now !== seen) listeners.reset();
    seen = now;
  }, DATA_VERSION_POLL_MS);
  poll.unref();
  return {
    live: true,
    subscribe: (listener) => listeners.add(listener),
    // Heard inside the writing statement already.
    settle: async () => {},
    async close() {
      clearInterval(poll);
    },
  };
}

const notify = (payload: string) => `select refstash_changed(${payload});`;

/**
 * The columns of `users` a public profile answer shows: its codes, name and switch (0099), and its
 * identity (0100, decision 101).
 */
const PROFILE_COLUMNS = [
  'profile_codes',
  'username',
  'disabled_at',
  'display_name',
  'bio',
  'links',
  'accent',
  'avatar_hash',
  'details_hidden_at',
];

/**
 * The same events as migrations 0099 and 0100's PostgreSQL triggers: only real changes (the user write lock
 * of row-locks.ts rewrites `disabled_at` unchanged).
 */
const SQLITE_CHANGE_TRIGGERS = [
  `create temp trigger if not exists refstash_users_changed after update of ${PROFILE_COLUMNS.join(', ')} on main.users
   when ${PROFILE_COLUMNS.map((c) => `old.${c} is not new.${c}`).join(' or ')}
   begin ${notify("'p:' || coalesce(old.username, new.username, '')")} ${notify("'p:' || coalesce(new.username, old.username, '')")} end`,
  `create temp trigger if not exists refstash_users_deleted after delete on main.users
   begin ${notify("'p:' || coalesce(old.username, '')")} end`,
  `create temp trigger if not exists refstash_services_changed after update of listing_rev, name, domain, link_hosts on main.services
   when old.listing_rev is not new.listing_rev or old.name is not new.name or old.domain is not new.domain or old.link_hosts is not new.link_hosts
   begin ${notify("'l:' || old.id")} ${notify("'l:' || new.id")} end`,
  `create temp trigger if not exists refstash_services_added after insert on main.services
   begin ${notify("'l:' || new.id")} end`,
  `create temp trigger if not exists refstash_services_deleted after delete on main.services
   begin ${notify("'l:' || old.id")} end`,
];

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5000;

/**
 * PostgreSQL: one connection of its own LISTENs; the triggers notify inside the writing
 * transaction, so a notification arrives only after its commit. Until LISTEN has succeeded, and
 * from the moment the connection errs or ends, the feed is not live (the caches drop everything
 * and are bypassed); it reconnects with a growing pause, and becomes live after the next LISTEN.
 */
export function postgresChangeFeed(
  url: string,
  log: { warn(object: object, message: string): void },
): ChangeFeed {
  const listeners = new Listeners();
  let live = false;
  let closed = false;
  let client: pg.Client | undefined;
  let delay = RECONNECT_FIRST_MS;
  let timer: NodeJS.Timeout | undefined;
  /** Settle markers sent and not yet heard back. */
  const markers = new Map<string, () => void>();
  const releaseMarkers = () => {
    for (const release of markers.values()) release();
    markers.clear();
  };

  const lost = (error?: unknown) => {
    const current = client;
    client = undefined;
    if (!current) return;
    live = false;
    listeners.reset();
    releaseMarkers();
    current.removeAllListeners();
    current.on('error', () => {});
    current.end().catch(() => {});
    if (closed) return;
    log.warn({ err: error }, 'change feed lost: public caches are bypassed until it is back');
    timer = setTimeout(connect, delay);
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  async function connect() {
    const next = new pg.Client({
      connectionString: url,
      application_name: listenerApplicationName(),
      keepAlive: true,
    });
    client = next;
    next.on('error', lost);
    next.on('end', () => lost(new Error('connection ended')));
    next.on('notification', ({ payload = '' }) => {
      markers.get(payload)?.();
      listeners.dispatch(payload);
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}`);
    } catch (error) {
      if (client === next) lost(error);
      return;
    }
    if (client !== next || closed) return;
    // Anything cached while the feed was away may be stale: drop it before serving again.
    listeners.reset();
    live = true;
    delay = RECONNECT_FIRST_MS;
  }

  void connect();
  return {
    get live() {
      return live;
    },
    subscribe: (listener) => listeners.add(listener),
    // A marker notified after the write's commit is heard after every notification of that write.
    async settle(timeoutMs = 1000) {
      const current = client;
      if (!live || !current) return;
      const marker = `s:${randomUUID()}`;
      let timeout: NodeJS.Timeout | undefined;
      const heard = new Promise<void>((resolve) => {
        markers.set(marker, resolve);
        timeout = setTimeout(resolve, timeoutMs);
      });
      try {
        await current.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, marker]);
        await heard;
      } catch {
        // A lost connection resets the caches: nothing stale is served.
      } finally {
        clearTimeout(timeout);
        markers.delete(marker);
      }
    },
    async close() {
      closed = true;
      releaseMarkers();
      live = false;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => {});
        await current.end().catch(() => {});
      }
    },
  };
}
