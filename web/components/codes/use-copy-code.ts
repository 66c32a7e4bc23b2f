import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../../../shared/limits.ts';
import { recordClick } from './click-api.ts';
import { copyText } from './clipboard.ts';
import { fireConfetti } from './confetti.ts';

export const COPY_FAILED_MESSAGE =
  'Failed to copy code. Please try selecting and copying manually.';

/**
 * The visitor's copy of spec §4: clipboard, click record, copied highlight and confetti. A copy
 * is "in progress" until the highlight resets (confetti + 0.1 s); copies meanwhile are ignored.
 */
export function useCopyCode(onCopiedChange?: (codeId: string | null) => void) {
  const [copiedId, setCopiedIdState] = useState<string | null>(null);
  const notify = useRef(onCopiedChange);
  notify.current = onCopiedChange;
  const setCopiedId = useCallback((id: string | null) => {
    setCopiedIdState(id);
    notify.current?.(id);
  }, []);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  const timers = useRef<number[]>([]);

  useEffect(
    () => () => {
      for (const timer of timers.current) window.clearTimeout(timer);
    },
    [],
  );

  const copy = useCallback(
    async (codeId: string, text: string, onCopied?: () => void): Promise<boolean> => {
      if (busy.current) return false;
      busy.current = true;
      setError(null);
      try {
        await copyText(text);
      } catch {
        busy.current = false;
        setError(COPY_FAILED_MESSAGE);
        return false;
      }
      recordClick(codeId);
      setCopiedId(codeId);
      void fireConfetti().catch(() => {});
      timers.current.push(
        window.setTimeout(() => onCopied?.(), TIMINGS.copyPopupCloseMs),
        window.setTimeout(() => {
          setCopiedId(null);
          busy.current = false;
        }, TIMINGS.confettiMs + TIMINGS.copiedResetAfterConfettiMs),
      );
      return true;
    },
    [setCopiedId],
  );

  const clearError = useCallback(() => setError(null), []);
  return { copy, copiedId, error, clearError };
}
