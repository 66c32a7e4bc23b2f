import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from './change-feed.ts';

/**
 * A cache of public answers that asks the database nothing per request (decision 099): an entry is
 * served until the change feed drops it. While the feed is not live the cache is bypassed. A load
 * that was under way when a change arrived may hold what was read before it: it is not kept.
 */
export class PushedCache<V extends {}> {
  readonly #feed: ChangeFeed;
  readonly #entries: LRUCache<string, V>;
  /** Moves on every drop: a load keeps its value only if none came while it ran. */
  #generation = 0;

  constructor(feed: ChangeFeed, maxBytes: number, bytes: (value: V, key: string) => number) {
    this.#feed = feed;
    this.#entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: bytes });
  }

  get(key: string): V | undefined {
    return this.#feed.live ? this.#entries.get(key) : undefined;
  }

  /** Taken before a load reads the database; `set` keeps the value only with the same ticket. */
  ticket(): number {
    return this.#generation;
  }

  /** True when nothing was dropped since `ticket` was taken, and the feed is live. */
  isCurrent(ticket: number): boolean {
    return this.#feed.live && ticket === this.#generation;
  }

  set(key: string, value: V, ticket: number): void {
    if (this.isCurrent(ticket)) this.#entries.set(key, value);
  }

  delete(key: string): void {
    this.#generation++;
    this.#entries.delete(key);
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }
}
