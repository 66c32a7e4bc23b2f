import { useState } from 'react';
import { type CodeModeration, MODERATION_MESSAGES } from '../../../shared/moderation-schemas.ts';
import { Button } from '../../components/ui/Button.tsx';
import { formatShortDate } from '../../lib/format-date.ts';
import { AppealDialog } from './AppealDialog.tsx';

export interface HiddenCodeNoticeProps {
  moderation: NonNullable<CodeModeration>;
  /** What was hidden, for the appeal's title: "Uber code". */
  what: string;
  /** After an appeal was sent: the dashboard reloads the owner's codes. */
  onAppealed: () => void;
}

/**
 * On the owner's dashboard, a code an admin hid (issue 23): 'Hidden by an admin', the admin's
 * reason (as text), and the one 'Appeal', or where the appeal stands.
 */
export function HiddenCodeNotice({ moderation, what, onAppealed }: HiddenCodeNoticeProps) {
  const [appealing, setAppealing] = useState(false);
  const { appeal } = moderation;
  return (
    <div
      data-testid="hidden-by-admin"
      className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">{MODERATION_MESSAGES.hiddenByAdmin}</p>
      <p className="wrap-anywhere whitespace-pre-line">
        <span className="font-medium">Reason:</span> {moderation.reason}
      </p>
      <p className="text-xs">
        Hidden on {formatShortDate(moderation.hiddenAt)}. Only you can see it.
      </p>
      {appeal === null ? (
        <Button variant="secondary" size="sm" onClick={() => setAppealing(true)}>
          {MODERATION_MESSAGES.appeal}
        </Button>
      ) : appeal.status === 'open' ? (
        <p>You appealed on {formatShortDate(appeal.createdAt)}. An admin will answer by e-mail.</p>
      ) : (
        <p className="wrap-anywhere whitespace-pre-line">
          Your appeal was answered: kept hidden.
          {appeal.answer && ` ${appeal.answer}`}
        </p>
      )}
      <AppealDialog
        open={appealing}
        onClose={() => setAppealing(false)}
        actionId={moderation.actionId}
        what={what}
        onSent={onAppealed}
      />
    </div>
  );
}
