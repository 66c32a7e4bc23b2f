import { useEffect } from 'react';
import type { PublicCodeDto } from '../../../shared/code-schemas.ts';
import { safeHttpUrl } from '../../../shared/display-rules.ts';
import { CodeSummary } from '../../components/codes/CodeSummary.tsx';
import { LinkOrText } from '../../components/codes/LinkOrText.tsx';
import { QrCode } from '../../components/codes/QrCode.tsx';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';
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
 * The detail popup of a profile card: the code with its copy action, the link (clickable only
 * when it is an http(s) URL) and, for such a link, its QR code. It is loaded on first open and
 * then stays mounted, so the copy's timers outlive the popup closing.
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
  const url = code?.link ? safeHttpUrl(code.link) : null;
  const copied = code !== null && copiedId === code.id;
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
          <div>
            <p className="text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-400">
              Referral code
            </p>
            <div className="mt-1 flex flex-wrap items-center gap-2 sm:flex-nowrap">
              <code
                data-testid="referral-code"
                className="min-h-11 min-w-0 flex-1 select-all break-all rounded-lg border border-dashed border-gray-300 bg-gray-50 px-3 py-2.5 font-mono text-base font-semibold text-gray-900 dark:border-gray-700 dark:bg-gray-800 dark:text-white"
              >
                {code.code}
              </code>
              <Button
                variant={copied ? 'success' : 'primary'}
                onClick={() => void copy(code.id, code.code, () => onCopied(code.id))}
                className="w-full sm:w-auto"
              >
                {copied ? 'Copied!' : 'Copy code'}
              </Button>
            </div>
          </div>
          {error && <Banner tone="error">{error}</Banner>}
          {code.link && (
            <div>
              <p className="text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-400">
                {url ? 'Link' : 'Note'}
              </p>
              <p className="mt-1 text-sm text-gray-800 dark:text-gray-200">
                {/* Padding on the inline link gives it a 44 px tall tap area without moving the text. */}
                <LinkOrText link={code.link} className="py-3" />
              </p>
            </div>
          )}
          {url && (
            <div className="flex flex-col items-center gap-2 rounded-xl bg-gray-50 p-4 dark:bg-gray-800">
              <QrCode url={url} label={`QR code for ${code.serviceName} link`} />
              <p className="text-xs text-gray-600 dark:text-gray-300">Scan to open the link</p>
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
