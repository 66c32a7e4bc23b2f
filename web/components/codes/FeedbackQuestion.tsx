import type { VoteReasonValue } from '../../../shared/discovery-schemas.ts';
import { Button } from '../ui/Button.tsx';

/** Where the visitor is in "Did it work?": asked, choosing why not, or answered. */
export type FeedbackStep = 'ask' | 'reason' | 'thanks';

export const REASON_LABELS: Record<VoteReasonValue, string> = {
  expired: 'Expired',
  not_accepted: 'Not accepted',
  not_eligible: 'Not eligible',
};

/**
 * The question after a copy (issue 14 §5): Yes, or No and then why. `onAnswer` gets the answer
 * once; the parent sends it and moves to 'thanks'.
 */
export function FeedbackQuestion({
  step,
  onNo,
  onAnswer,
}: {
  step: FeedbackStep;
  onNo: () => void;
  onAnswer: (worked: boolean, reason?: VoteReasonValue) => void;
}) {
  return (
    <section
      aria-label="Did it work?"
      className="rounded-xl border border-gray-200 bg-gray-50 p-4 dark:border-gray-700 dark:bg-gray-800"
    >
      {step === 'thanks' ? (
        <p role="status" className="text-sm font-medium text-gray-800 dark:text-gray-100">
          Thanks! Your answer helps the next visitor.
        </p>
      ) : step === 'ask' ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="font-semibold text-gray-900 dark:text-white">Did it work?</p>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => onAnswer(true)}>
              Yes
            </Button>
            <Button variant="secondary" onClick={onNo}>
              No
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <p className="font-semibold text-gray-900 dark:text-white">What went wrong?</p>
          <div className="mt-3 grid gap-2 sm:grid-cols-3">
            {(Object.keys(REASON_LABELS) as VoteReasonValue[]).map((reason) => (
              <Button key={reason} variant="secondary" onClick={() => onAnswer(false, reason)}>
                {REASON_LABELS[reason]}
              </Button>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
