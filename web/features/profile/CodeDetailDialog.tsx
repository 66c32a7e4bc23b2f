import { useEffect } from 'react';
import type { PublicCodeDto } from '../../../shared/code-schemas.ts';
import { CodeSummary } from '../../components/codes/CodeSummary.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
import { CodeCopyPanel } from './CodeCopyPanel.tsx';
import { useCopyCode } from './use-copy-code.ts';

export interface CodeDetailDialogProps {
  code: PublicCodeDto | null;
  onClose: () => void;
  /** ~1.5 s after a successful copy of this code: the page closes the popup if still open. */
  onCopied: (codeId: string) => void;
  /** The card to highlight as copied, or null when the highlight resets. */
  onCopiedChange: (codeId: string | null) => void;
}

/**
 * The detail popup of a profile card: the code with its copy action, the link and its QR code.
 * It is loaded on first open and then stays mounted, so the copy's timers outlive the popup
 * closing.
 */
export default function CodeDetailDialog({
  code,
  onClose,
  onCopied,
  onCopiedChange,
}: CodeDetailDialogProps) {
  const { copy, copiedId, error, clearError } = useCopyCode(onCopiedChange);
  const codeId = code?.id;
  // A new card starts without the previous card's copy error.
  useEffect(() => {
    if (codeId) clearError();
  }, [codeId, clearError]);
  return (
    <Modal
      open={code !== null}
      onClose={onClose}
      title={code ? `${code.serviceName} referral code` : ''}
    >
      {code && (
        <div className="space-y-5">
          <CodeSummary
            service={code.service}
            serviceName={code.serviceName}
            productName={code.productName}
            reward={code.reward}
            logoSize={56}
          />
          <CodeCopyPanel
            code={code}
            copied={copiedId === code.id}
            error={error}
            onCopy={() => void copy(code.id, code.code, () => onCopied(code.id))}
          />
        </div>
      )}
    </Modal>
  );
}
