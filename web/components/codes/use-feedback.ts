import { useCallback, useEffect, useRef, useState } from 'react';
import type { VoteReasonValue } from '../../../shared/discovery-schemas.ts';
import { TIMINGS } from '../../../shared/limits.ts';
import type { FeedbackStep } from './FeedbackQuestion.tsx';
import { sendVote } from './vote-api.ts';

/** "Did it work?" per code: asked after a copy, answered once, then the popup may close. */
export function useFeedback(onAnswered?: (codeId: string) => void) {
  const [steps, setSteps] = useState<Record<string, FeedbackStep>>({});
  const timers = useRef<number[]>([]);
  const notify = useRef(onAnswered);
  notify.current = onAnswered;
  useEffect(
    () => () => {
      for (const timer of timers.current) window.clearTimeout(timer);
    },
    [],
  );
  const setStep = useCallback((codeId: string, step: FeedbackStep) => {
    setSteps((current) => ({ ...current, [codeId]: step }));
  }, []);
  // A copy asks, unless this code was already answered in this visit.
  const copied = useCallback((codeId: string) => {
    setSteps((current) =>
      current[codeId] === 'thanks' ? current : { ...current, [codeId]: 'ask' },
    );
  }, []);
  const answer = useCallback(
    (codeId: string, worked: boolean, reason?: VoteReasonValue) => {
      setStep(codeId, 'thanks');
      void sendVote(codeId, worked, reason);
      timers.current.push(
        window.setTimeout(() => notify.current?.(codeId), TIMINGS.copyPopupCloseMs),
      );
    },
    [setStep],
  );
  return { steps, copied, answer, setStep };
}
