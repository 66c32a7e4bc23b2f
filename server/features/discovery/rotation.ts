/**
 * Fair rotation of a service page (decision 070).
 *
 * The codes in good standing are shuffled by a seed that changes every ROTATION_EPOCH_MS (a
 * hash of the seed and each code's id), and each view starts that order at the next of at most
 * ROTATION_SLOTS evenly spaced places (a per-service counter). Every code is first equally often
 * over views: exactly 1/n each when there are n ≤ 20 codes, 1/n in expectation over epochs when
 * there are more. A page has at most 20 distinct orders per epoch, so rendered pages stay cached.
 * Reported codes, and codes sunk by reports from several networks (decision 095), follow every
 * code in good standing, in the same shuffled order.
 */

export const ROTATION_EPOCH_MS = 10 * 60_000;
export const ROTATION_SLOTS = 20;

/** FNV-1a, 32-bit: a cheap, stable hash to shuffle by. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

export interface Rotatable {
  readonly id: string;
  readonly reported: boolean;
}

export interface Rotation {
  readonly epoch: number;
  readonly slot: number;
}

export function epochOf(nowMs: number): number {
  return Math.floor(nowMs / ROTATION_EPOCH_MS);
}

/** How many distinct starting places `count` codes in good standing have. */
export function slotCount(count: number): number {
  return Math.max(1, Math.min(count, ROTATION_SLOTS));
}

/**
 * A listing shuffled for one epoch: the codes in good standing, then the reported ones, each in
 * the epoch's hashed order. The same for every view of the epoch; only where it starts moves.
 */
export interface Shuffled<T> {
  readonly good: readonly T[];
  readonly reported: readonly T[];
}

export function shuffle<T extends Rotatable>(
  items: readonly T[],
  serviceId: string,
  epoch: number,
  below: (item: T) => boolean = (item) => item.reported,
): Shuffled<T> {
  const seed = `${serviceId}:${epoch}:`;
  const keyed = items.map((item) => ({ item, key: fnv1a(seed + item.id) }));
  keyed.sort((a, b) => a.key - b.key || (a.item.id < b.item.id ? -1 : 1));
  return {
    good: keyed.filter((k) => !below(k.item)).map((k) => k.item),
    reported: keyed.filter((k) => below(k.item)).map((k) => k.item),
  };
}

/**
 * Items `from` to `from + count` of one view's order (good codes from the slot's place, around,
 * then the reported ones), read from the shuffled listing without copying it.
 */
export function viewOf<T>(shuffled: Shuffled<T>, slot: number, from: number, count: number): T[] {
  const { good, reported } = shuffled;
  const slots = slotCount(good.length);
  const start = Math.floor(((slot % slots) * good.length) / slots);
  const end = Math.min(from + count, good.length + reported.length);
  const out: T[] = [];
  for (let i = Math.max(0, from); i < end; i += 1) {
    out.push(i < good.length ? good[(start + i) % good.length]! : reported[i - good.length]!);
  }
  return out;
}

/** The whole order for one view: good codes rotated to the slot's place, then reported ones. */
export function rotate<T extends Rotatable>(
  items: readonly T[],
  serviceId: string,
  rotation: Rotation,
): T[] {
  return viewOf(shuffle(items, serviceId, rotation.epoch), rotation.slot, 0, items.length);
}

/** A per-instance view counter per service: the next view's slot. */
export class RotationCounter {
  readonly #counts = new Map<string, number>();

  /** The slot `next` would return now. */
  peek(serviceId: string, goodCount: number): number {
    return (this.#counts.get(serviceId) ?? 0) % slotCount(goodCount);
  }

  next(serviceId: string, goodCount: number): number {
    const count = this.#counts.get(serviceId) ?? 0;
    this.#counts.set(serviceId, (count + 1) % 1_000_000);
    if (this.#counts.size > 10_000) this.#counts.clear();
    return count % slotCount(goodCount);
  }
}
