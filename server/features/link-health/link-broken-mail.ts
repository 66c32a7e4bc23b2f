import { actionButton, mailDocument, paragraph } from '../../mail/mail-html.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';

export interface LinkBrokenMailInput {
  serviceName: string;
  /** The referral code itself, as its owner typed it. */
  code: string;
  link: string;
  username: string | null;
  appUrl: string;
}

/**
 * The owner's 'link-broken' mail (issue 28, decision 111), for the owner-mail pipeline to send:
 * what happened, what it changed, and the one action (fix the link on the dashboard). The
 * pipeline adds its own footer (why this mail, unsubscribe).
 */
export function linkBrokenMail(
  input: LinkBrokenMailInput,
): Pick<OutgoingMail, 'subject' | 'text' | 'html'> {
  const subject = `Your ${input.serviceName} link looks broken`;
  const greeting = input.username ? `Hello @${input.username},` : 'Hello,';
  const news = `The link of your ${input.serviceName} code ${input.code} failed 3 checks in a row: ${input.link}`;
  const effect = `Until it works again, the ${input.serviceName} page leaves your code out. Your profile still shows it.`;
  const action = 'Check your link';
  const dashboard = `${input.appUrl}/dashboard`;
  const text = [greeting, '', news, '', effect, '', `${action}:`, dashboard, ''].join('\n');
  const html = mailDocument(`Your ${input.serviceName} link looks broken`, [
    paragraph(greeting),
    paragraph(news),
    paragraph(effect),
    actionButton(dashboard, action),
  ]);
  return { subject, text, html };
}
