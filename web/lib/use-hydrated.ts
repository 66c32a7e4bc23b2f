import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders on the server and while it hydrates that markup, true afterwards (and
 * from the start on screens rendered only in the browser). Parts that depend on the browser (who is
 * signed in) render the server's version until then, so hydration finds the markup it expects.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
