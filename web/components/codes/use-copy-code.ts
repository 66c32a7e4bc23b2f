import { useCallback, useEffect, useRef, useState } from 'react';
import { TIMINGS } from '../../../shared/limits.ts';
import { recordClick } from './click-api.ts';
import { copyText } from './clipboard.ts';
import { fireConfetti } from './confetti.ts';

export const COPY_FAILED_MESSAGE =
  'Failed to copy code. Please try selecting and copying manually.';

/**
 * The visitor's copy of spec §4: clipboard, click record, copied highlight and confetti. A copy
 * is "in progress" until its highlight resets (confetti + 0.1 s); a repeat of the same code
 * meanwhile is ignored (a double tap), but a copy of another code always goes through and takes
 * the highlight over (decisions.md, 2026-11-26).
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
  /** The code whose copy is in progress, from the tap until its highlight resets. */
  const busyId = useRef<string | null>(null);
  const timers = useRef<number[]>([]);
  const clearTimers = useCallback(() => {
    for (const timer of timers.current) window.clearTimeout(timer);
    timers.current = [];
  }, []);

  useEffect(() => clearTimers, [clearTimers]);

  const copy = useCallback(
    async (codeId: string, text: string, onCopied?: () => void): Promise<boolean> => {
      if (busyId.current === codeId) return false;
      busyId.current = codeId;
      setError(null);
      try {
        await copyText(text);
      } catch {
        if (busyId.current === codeId) busyId.current = null;
        setError(COPY_FAILED_MESSAGE);
        return false;
      }
      recordClick(codeId);
      // Another code copied meanwhile owns the highlight and the timers now.
      if (busyId.current !== codeId) return true;
      clearTimers();
      setCopiedId(codeId);
      void fireConfetti().catch(() => {});
      timers.current.push(
        window.setTimeout(() => onCopied?.(), TIMINGS.copyPopupCloseMs),
        window.setTimeout(() => {
          setCopiedId(null);
          busyId.current = null;
        }, TIMINGS.confettiMs + TIMINGS.copiedResetAfterConfettiMs),
      );
      return true;
    },
    [setCopiedId, clearTimers],
  );

  const clearError = useCallback(() => setError(null), []);
  return { copy, copiedId, error, clearError };
}
