import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../../shared/limits.ts';

/**
 * A success message that hides itself after the spec's 3 s. A newer message restarts the clock.
 */
export function useTimedBanner(durationMs: number = TIMINGS.successBannerMs) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const show = useCallback(
    (text: string) => {
      window.clearTimeout(timer.current);
      setMessage(text);
      timer.current = window.setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );
  const hide = useCallback(() => {
    window.clearTimeout(timer.current);
    setMessage(null);
  }, []);

  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { message, show, hide };
}
