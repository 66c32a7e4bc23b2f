import { useEffect } from 'react';
import type { PublicCodeDto } from '../../../shared/code-schemas.ts';
import { ReportButton } from '../moderation/ReportButton.tsx';
import { Modal } from '../ui/Modal.tsx';
import { CodeCopyPanel } from './CodeCopyPanel.tsx';
import { CodeSummary } from './CodeSummary.tsx';
import { CodeTerms } from './CodeTerms.tsx';
import { FeedbackQuestion } from './FeedbackQuestion.tsx';
import { useCopyCode } from './use-copy-code.ts';
import { useFeedback } from './use-feedback.ts';

export interface CodeDetailDialogProps {
  code: PublicCodeDto | null;
  onClose: () => void;
  /**
   * ~1.5 s after the visitor answered "Did it work?" for this code: the page closes the popup if
   * it is still this code's. A copy alone no longer closes it: the popup waits for the answer
   * (decision 070).
   */
  onAnswered: (codeId: string) => void;
  /** The card to highlight as copied, or null when the highlight resets. */
  onCopiedChange: (codeId: string | null) => void;
}

/**
 * The detail popup of a profile or service card: the code with its copy action, the link and its
 * QR code, and after a copy "Did it work?". It is loaded on first open and then stays mounted, so
 * the copy's timers outlive the popup closing.
 */
export default function CodeDetailDialog({
  code,
  onClose,
  onAnswered,
  onCopiedChange,
}: CodeDetailDialogProps) {
  const { copy, copiedId, error, clearError } = useCopyCode(onCopiedChange);
  const { steps, copied, answer, setStep } = useFeedback(onAnswered);
  const codeId = code?.id;
  // A new card starts without the previous card's copy error.
  useEffect(() => {
    if (codeId) clearError();
  }, [codeId, clearError]);
  const step = code ? steps[code.id] : undefined;
  return (
    <Modal
      open={code !== null}
      onClose={onClose}
      title={code ? `${code.serviceName} referral code` : ''}
    >
      {code && (
        <div className="space-y-5">
          <CodeSummary code={code} logoSize={56} />
          <CodeTerms expiresAt={code.expiresAt} countries={code.countries} />
          <CodeCopyPanel
            code={code}
            copied={copiedId === code.id}
            error={error}
            onCopy={() =>
              void copy(code.id, code.code).then((done) => {
                if (done) copied(code.id);
              })
            }
            afterCopy={
              step && (
                <FeedbackQuestion
                  step={step}
                  onNo={() => setStep(code.id, 'reason')}
                  onAnswer={(worked, reason) => answer(code.id, worked, reason)}
                />
              )
            }
          />
          <div className="-mb-2 flex justify-end">
            <ReportButton target={{ type: 'code', codeId: code.id }} />
          </div>
        </div>
      )}
    </Modal>
  );
}
