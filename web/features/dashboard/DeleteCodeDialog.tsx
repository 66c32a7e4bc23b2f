import type { CodeDto } from '../../../shared/code-schemas.ts';
import { Banner } from '../../components/ui/Banner.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Modal.tsx';

export interface DeleteCodeDialogProps {
  code: CodeDto | null;
  deleting: boolean;
  failed: boolean;
  onConfirm: (code: CodeDto) => void;
  onClose: () => void;
}

/** Delete asks first (spec §2). */
export function DeleteCodeDialog({
  code,
  deleting,
  failed,
  onConfirm,
  onClose,
}: DeleteCodeDialogProps) {
  return (
    <Modal open={code !== null} onClose={onClose} title="Delete code" widthClass="max-w-md">
      {code && (
        <div className="space-y-4">
          <div>
            <p className="text-gray-700 dark:text-gray-200">
              Are you sure you want to delete this code?
            </p>
            <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">
              It disappears from your public profile at once, and this cannot be undone.
            </p>
          </div>
          <p className="rounded-lg bg-gray-50 px-3 py-2 text-sm text-gray-700 dark:bg-gray-800 dark:text-gray-200">
            <span className="font-semibold">{code.serviceName}</span> ·{' '}
            <span className="break-all font-mono">{code.code}</span>
          </p>
          {failed && <Banner tone="error">Failed to delete code</Banner>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={deleting}>
              Cancel
            </Button>
            <Button variant="error" loading={deleting} onClick={() => onConfirm(code)}>
              Delete
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
