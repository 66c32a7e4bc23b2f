const MINUTE_MS = 60_000;

/**
 * At most `perMinute` requests to one host in any 60 s window (decision 111): a sliding window of
 * the times each host was asked, on the job's clock. `take` answers false, and records nothing,
 * when the host has had its share.
 */
export class HostLimiter {
  readonly #perMinute: number;
  readonly #now: () => number;
  readonly #sent = new Map<string, number[]>();

  constructor(perMinute: number, now: () => number) {
    this.#perMinute = perMinute;
    this.#now = now;
  }

  take(host: string): boolean {
    const now = this.#now();
    const recent = (this.#sent.get(host) ?? []).filter((at) => at > now - MINUTE_MS);
    if (recent.length >= this.#perMinute) {
      this.#sent.set(host, recent);
      return false;
    }
    recent.push(now);
    this.#sent.set(host, recent);
    return true;
  }
}
