/**
 * Work a request waits for that runs off the event loop, where the loop's utilization does not
 * show it: a share image's render in its worker thread (decision 120). Jobs that run only when the
 * server is idle (the pages' background re-compression, decision 113) also wait while any of it is
 * under way, and for QUIET_MS after the last of it: link previews come in bursts (a crawler asks
 * for one image after another), and a re-compression started in the gap between two would take
 * the core from the next. Both run on the instance's cores, and the render worker runs at the
 * lowest priority (decision 091), so a re-compression at normal priority in libuv's pool would
 * take the core from a render the visitor is waiting for.
 */
export interface ForegroundWork {
  /** Counts `work` as under way until it settles; resolves or rejects as it does. */
  track<T>(work: Promise<T>): Promise<T>;
  /** True while any tracked work is under way, and for QUIET_MS after the last one settled. */
  readonly busy: boolean;
}

export const QUIET_MS = 1_000;

export function createForegroundWork({
  now = () => performance.now(),
}: {
  /** The clock, in ms (tests move it). */
  now?: () => number;
} = {}): ForegroundWork {
  let underWay = 0;
  let lastEnded = Number.NEGATIVE_INFINITY;
  return {
    track(work) {
      underWay += 1;
      return work.finally(() => {
        underWay -= 1;
        lastEnded = now();
      });
    },
    get busy() {
      return underWay > 0 || now() - lastEnded < QUIET_MS;
    },
  };
}
