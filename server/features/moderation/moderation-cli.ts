import { actionReasonSchema } from '../../../shared/moderation-schemas.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { createMailer } from '../../mail/mailer.ts';
import { createOutbox } from '../../mail/outbox.ts';
import { takeAction } from './actions.ts';
import { listCases } from './cases.ts';

/** What `restore` tells the owner when the admin gives no reason (the issue's `restore <username>`). */
export const CLI_RESTORE_REASON = 'Your account was reviewed and restored.';

/** `npm run admin -- disable <username> --reason "…"` and `restore <username> [--reason "…"]`. */
export async function accountCommand(
  database: Database,
  config: Config,
  command: 'disable' | 'restore',
  username: string,
  rawReason: string | undefined,
): Promise<string> {
  const reason = actionReasonSchema.parse(
    rawReason ?? (command === 'restore' ? CLI_RESTORE_REASON : ''),
  );
  const mailer = createMailer(config);
  const log = { error: (_obj: object, msg: string) => console.error(msg) };
  const outbox = createOutbox(database, mailer, log);
  try {
    const entry = await takeAction(
      {
        db: database.db,
        outbox,
        appUrl: config.appUrl,
        log,
      },
      { cli: true },
      {
        action: command === 'disable' ? 'disable_account' : 'restore',
        target: { type: 'account', username: username.toLowerCase() },
        reason,
      },
    );
    return `${command === 'disable' ? 'Disabled' : 'Restored'} ${entry.target.label}; the owner is told by e-mail.`;
  } finally {
    // The owner's mail is queued, and sent now if the mail server answers, before the process ends.
    await outbox.drain();
    await mailer.close();
  }
}

/** `npm run admin -- reports`: the open cases, newest first, one line each. */
export async function reportsCommand(database: Database): Promise<string[]> {
  const open = (await listCases(database.db)).filter((c) => c.status === 'open');
  if (open.length === 0) return ['No open reports.'];
  return open.map((c) => {
    const target =
      c.target.type === 'code'
        ? `code ${c.target.serviceName} ${c.target.code} of @${c.owner.username ?? '?'}`
        : `profile @${c.target.username}`;
    const reasons = c.reasons.map((r) => `${r.reason} ${r.count}`).join(', ');
    const appeal = c.appeal?.status === 'open' ? '  appeal open' : '';
    return `${c.lastReportedAt ?? c.appeal?.createdAt ?? ''}  ${target}  ${c.reportCount} reports from ${c.networkCount} networks${reasons ? ` (${reasons})` : ''}${appeal}`;
  });
}
