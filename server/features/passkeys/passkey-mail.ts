import { actionButton, mailDocument, paragraph } from '../../mail/mail-html.ts';
import type { Mailer, OutgoingMail } from '../../mail/mailer.ts';

export type PasskeyChange = 'added' | 'removed';

export const PASSKEY_MAIL_SUBJECTS: Record<PasskeyChange, string> = {
  added: 'A passkey was added to your Refstash account',
  removed: 'A passkey was removed from your Refstash account',
};

function utcMinute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/**
 * The owner's security notice for a passkey added or removed (issue 27): what changed, when,
 * and what to do if it was not them. The name is the owner's text, escaped in the HTML part.
 */
export function composePasskeyMail(
  change: PasskeyChange,
  input: { name: string; at: string; settingsUrl: string },
): Pick<OutgoingMail, 'subject' | 'text' | 'html'> {
  const what =
    change === 'added'
      ? `The passkey "${input.name}" was added to your Refstash account on ${utcMinute(input.at)}. It can now sign in to your account.`
      : `The passkey "${input.name}" was removed from your Refstash account on ${utcMinute(input.at)}. It can no longer sign in to your account.`;
  const ifNotYou =
    change === 'added'
      ? "If this wasn't you, sign in with the e-mail link and remove the passkey under Settings → Passkeys."
      : "If this wasn't you, sign in with the e-mail link and check your passkeys under Settings → Passkeys.";
  const text = ['Hello,', '', what, '', ifNotYou, '', input.settingsUrl, ''].join('\n');
  const html = mailDocument(PASSKEY_MAIL_SUBJECTS[change], [
    paragraph(what),
    paragraph(ifNotYou, { small: true }),
    actionButton(input.settingsUrl, 'Open your settings'),
  ]);
  return { subject: PASSKEY_MAIL_SUBJECTS[change], text, html };
}

/** Sends the notice; a failed send is logged and never undoes the change. */
export async function sendPasskeyMail(
  mailer: Mailer,
  log: { error(object: object, message: string): void },
  to: string,
  change: PasskeyChange,
  input: { name: string; at: string; settingsUrl: string },
): Promise<void> {
  try {
    await mailer.send({
      to,
      ...composePasskeyMail(change, input),
      devLine: `Passkey ${change} for ${to}: ${input.name}`,
    });
  } catch (error) {
    log.error({ cause: (error as Error).message }, 'passkey notice could not be sent');
  }
}
