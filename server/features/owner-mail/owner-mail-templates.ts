import { MAIL_KIND_LABELS, type OptionalMailKind } from '../../../shared/owner-mail.ts';
import { actionButton, mailDocument, paragraph, unsubscribeFooter } from '../../mail/mail-html.ts';

/** A composed mail: subject, the two parts, and the headers of an optional kind. */
export interface ComposedOwnerMail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

/** The code a mail is about, as its owner knows it. */
export interface CodeRef {
  serviceName: string;
  code: string;
}

export interface OwnerMailBase {
  username: string | null;
  appUrl: string;
  /** The signed one-click link for this user and kind (unsubscribe.ts). */
  unsubscribeUrl: string;
}

export type OwnerMailContent =
  | { kind: 'reported'; code: CodeRef }
  | { kind: 'code-sank'; code: CodeRef; noNetworks: number }
  | { kind: 'expires-soon'; code: CodeRef; expiresOn: string }
  | { kind: 'expires-today'; code: CodeRef; expiresOn: string }
  | { kind: 'link-broken'; code: CodeRef; link: string }
  | { kind: 'link-restored'; code: CodeRef }
  | { kind: 'weekly-summary'; week: WeekSummary };

export interface WeekSummary {
  /** First and last UTC day of the week, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  copies: number;
  views: number;
  yes: number;
  no: number;
  best: (CodeRef & { copies: number }) | null;
}

/** The switch (and unsubscribe link) each mail comes under. */
export function switchOf(kind: OwnerMailContent['kind']): OptionalMailKind {
  if (kind === 'expires-soon' || kind === 'expires-today') return 'expiry';
  if (kind === 'link-broken' || kind === 'link-restored') return 'link-health';
  return kind;
}

function longDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

interface Parts {
  heading: string;
  subject: string;
  lines: string[];
  action: { path: string; label: string };
}

function parts(content: OwnerMailContent): Parts {
  if (content.kind === 'weekly-summary') {
    const { week } = content;
    const lines = [
      `Your codes were copied ${count(week.copies, 'time')} and your profile was viewed ${count(week.views, 'time')} from ${longDay(week.from)} to ${longDay(week.to)}.`,
      `Visitors answered "Did it work?" ${count(week.yes + week.no, 'time')}: ${week.yes} yes, ${week.no} no.`,
      ...(week.best
        ? [
            `Your best code this week: ${week.best.serviceName} "${week.best.code}", copied ${count(week.best.copies, 'time')}.`,
          ]
        : []),
    ];
    return {
      heading: 'Your week on Refstash',
      subject: `Your week on Refstash: ${count(week.copies, 'copy', 'copies')}, ${count(week.views, 'view')}`,
      lines,
      action: { path: '/dashboard/stats', label: 'See your stats' },
    };
  }
  const { serviceName, code } = content.code;
  const what = `your ${serviceName} code "${code}"`;
  const dashboard = { path: '/dashboard', label: 'Open your dashboard' };
  switch (content.kind) {
    case 'reported':
      return {
        heading: 'Visitors reported one of your codes',
        subject: `Your ${serviceName} code was reported by visitors`,
        lines: [
          `Visitors from 3 or more networks reported ${what}. While an admin looks at the reports, it shows below the other codes on its service page.`,
          'Nothing was hidden. Check that the code and its link are right and follow the rules; an admin decides, and you will hear from us if they act.',
        ],
        action: dashboard,
      };
    case 'code-sank':
      return {
        heading: "One of your codes sank under 'No' answers",
        subject: `Your ${serviceName} code sank on its service page`,
        lines: [
          `Visitors from ${content.noNetworks} networks answered 'No' to "Did it work?" for ${what}, more than answered 'Yes'. It now shows below the codes that work.`,
          'Check that the code still works and that its reward and link are current, then update it on your dashboard.',
        ],
        action: { path: '/dashboard', label: 'Check your code' },
      };
    case 'expires-soon':
      return {
        heading: 'A code expires in 7 days',
        subject: `Your ${serviceName} code expires in 7 days`,
        lines: [
          `${what[0]?.toUpperCase()}${what.slice(1)} expires on ${longDay(content.expiresOn)}.`,
          'If the offer goes on, change its expiry date on your dashboard. Otherwise it leaves the service page after that day.',
        ],
        action: dashboard,
      };
    case 'expires-today':
      return {
        heading: 'A code expires today',
        subject: `Your ${serviceName} code expires today`,
        lines: [
          `Today, ${longDay(content.expiresOn)}, is the last day of ${what}.`,
          'If the offer goes on, change its expiry date on your dashboard. Otherwise it leaves the service page tomorrow.',
        ],
        action: dashboard,
      };
    case 'link-broken':
      return {
        heading: 'A link looks broken',
        subject: `The link of your ${serviceName} code looks broken`,
        lines: [
          `The link behind ${what} failed 3 checks in a row: ${content.link}`,
          'Until it works again, the code is off its service page; your profile still shows it.',
          'Open the link yourself. If it moved, paste the new one into the code on your dashboard.',
        ],
        action: { path: '/dashboard', label: 'Fix the link' },
      };
    case 'link-restored':
      return {
        heading: 'A link works again',
        subject: `The link of your ${serviceName} code works again`,
        lines: [`The link behind ${what} works again, and the code is back on its service page.`],
        action: dashboard,
      };
  }
}

/**
 * An owner mail with both parts, one action, and the one-click unsubscribe of its kind (in the
 * body and as RFC 8058 headers). Every text that comes from a user goes in as text (escaped).
 */
export function composeOwnerMail(
  content: OwnerMailContent,
  base: OwnerMailBase,
): Omit<ComposedOwnerMail, 'headers'> {
  const { heading, subject, lines, action } = parts(content);
  const greeting = base.username ? `Hello @${base.username},` : 'Hello,';
  const href = `${base.appUrl}${action.path}`;
  const why = `You get this email because "${MAIL_KIND_LABELS[switchOf(content.kind)].label}" is on in your Refstash e-mail settings.`;
  const text = [
    greeting,
    '',
    ...lines.flatMap((line) => [line, '']),
    `${action.label}:`,
    href,
    '',
    '--',
    why,
    `Unsubscribe from these emails with one click: ${base.unsubscribeUrl}`,
    '',
  ].join('\n');
  const html = mailDocument(heading, [
    paragraph(greeting),
    ...lines.map((line) => paragraph(line)),
    actionButton(href, action.label),
    unsubscribeFooter(why, base.unsubscribeUrl, 'Unsubscribe from these emails'),
  ]);
  return { subject, text, html };
}
