/** How often expired logo rows are deleted, besides on every write. */
export const LOGO_PURGE_INTERVAL_MS = 60 * 60_000;

/**
 * Runs `purge` every interval until the returned stop function is called. The timer is unref'd
 * (it never keeps the process alive), a tick is skipped while the last purge still runs, and a
 * failure goes to `onError` without stopping the schedule.
 */
export function startLogoCachePurge(
  purge: () => Promise<unknown>,
  onError: (error: unknown) => void,
  intervalMs = LOGO_PURGE_INTERVAL_MS,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    purge()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
