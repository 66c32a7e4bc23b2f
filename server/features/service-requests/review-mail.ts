import { actionButton, mailDocument, paragraph } from '../../mail/mail-html.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';

export interface ReviewMailInput {
  status: 'approved' | 'rejected';
  displayName: string;
  serviceId: string;
  notes: string | null;
  username: string | null;
  appUrl: string;
}

/** Where the mail's button leads: an approval opens the code form with the service chosen. */
export function reviewLink(input: Pick<ReviewMailInput, 'status' | 'serviceId' | 'appUrl'>) {
  const dashboard = `${input.appUrl}/dashboard`;
  return input.status === 'approved'
    ? `${dashboard}?service=${encodeURIComponent(input.serviceId)}`
    : dashboard;
}

/**
 * The mail a requester gets when an admin decides (decision 033): the decision in the subject,
 * the admin's note when there is one, and the one next step as a link.
 */
export function composeReviewMail(
  input: ReviewMailInput,
): Pick<OutgoingMail, 'subject' | 'text' | 'html'> {
  const name = input.displayName;
  const approved = input.status === 'approved';
  const subject = approved
    ? `Your request for ${name} was approved`
    : `Your request for ${name} was not approved`;
  const greeting = input.username ? `Hello @${input.username},` : 'Hello,';
  const news = approved
    ? `Good news: ${name} is now a Refstash service. You can add your ${name} code now.`
    : `Your request to add ${name} to Refstash was not approved.`;
  const note = input.notes ? `Note from the admin: ${input.notes}` : null;
  const link = reviewLink(input);
  const action = approved ? `Add your ${name} code` : 'See your requests';
  const why = `You get this email because you asked for ${name} to be added to Refstash.`;
  const text = [
    greeting,
    '',
    news,
    ...(note ? ['', note] : []),
    '',
    `${action}:`,
    link,
    '',
    why,
    '',
  ].join('\n');
  const html = mailDocument(approved ? `${name} was approved` : `${name} was not approved`, [
    paragraph(greeting),
    paragraph(news),
    ...(note ? [paragraph(note)] : []),
    actionButton(link, action),
    paragraph(why, { small: true, muted: true }),
  ]);
  return { subject, text, html };
}
