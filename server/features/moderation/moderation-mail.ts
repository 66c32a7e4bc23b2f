import { actionButton, mailDocument, paragraph } from '../../mail/mail-html.ts';
import type { OutgoingMail } from '../../mail/mailer.ts';

type Composed = Pick<OutgoingMail, 'subject' | 'text' | 'html'>;

/** What the owner's mail is about: one of their codes, or their account. */
export type MailSubjectOf =
  | { type: 'code'; serviceName: string; code: string }
  | { type: 'account' }
  /** The profile's details: display name, bio, avatar and links (issue 26). */
  | { type: 'details' };

export interface OwnerMailInput {
  /** 'hide_code' | 'disable_account': a restriction; 'restore': lifted; 'keep_hidden': appeal answered no. */
  kind: 'hide_code' | 'disable_account' | 'restore' | 'keep_hidden' | 'hide_profile_details';
  about: MailSubjectOf;
  reason: string;
  username: string | null;
  appUrl: string;
  /** True when this answers the owner's appeal. */
  answersAppeal?: boolean;
}

interface Block {
  text: string;
  small?: boolean;
}

function compose(
  heading: string,
  subject: string,
  blocks: Block[],
  link: { href: string; label: string } | null,
): Composed {
  const text = [
    ...blocks.flatMap((block) => [block.text, '']),
    ...(link ? [`${link.label}:`, link.href, ''] : []),
  ].join('\n');
  const html = mailDocument(heading, [
    ...blocks.map((block) => paragraph(block.text, { small: block.small, muted: block.small })),
    ...(link ? [actionButton(link.href, link.label)] : []),
  ]);
  return { subject, text, html };
}

function named(about: MailSubjectOf): string {
  if (about.type === 'details') return 'your profile details (display name, bio, avatar and links)';
  return about.type === 'code' ? `your ${about.serviceName} code "${about.code}"` : 'your account';
}

/**
 * The owner's statement of reasons (EU Digital Services Act, Art. 17): what was restricted, how
 * far, on what ground, that a person decided, and how to appeal. Later mails give the outcome.
 * Every text the admin or owner wrote goes in as text (mail-html escapes it).
 */
export function composeOwnerMail(input: OwnerMailInput): Composed {
  const greeting = { text: input.username ? `Hello @${input.username},` : 'Hello,' };
  const reason = { text: `Reason given by the admin: ${input.reason}` };
  const rules = `${input.appUrl}/rules`;
  const dashboard = { href: `${input.appUrl}/dashboard`, label: 'Open your dashboard' };
  const what = named(input.about);
  const service = input.about.type === 'code' ? input.about.serviceName : '';
  const why = {
    text: 'You get this email because you own this content on Refstash.',
    small: true,
  };
  if (input.kind === 'hide_code') {
    return compose(
      'An admin hid one of your codes',
      `Your ${service} code was hidden on Refstash`,
      [
        greeting,
        {
          text: `An admin hid ${what}. It no longer shows on your public profile, its own page, the service page or link previews. It stays on your dashboard.`,
        },
        reason,
        {
          text: `This decision was made by a person, not automatically, under the Refstash rules: ${rules}`,
        },
        {
          text: "How to appeal: on your dashboard, press 'Appeal' on the code and say why it should be restored. An admin will answer by email.",
        },
        why,
      ],
      dashboard,
    );
  }
  if (input.kind === 'hide_profile_details') {
    return compose(
      'An admin hid your profile details',
      'Your profile details were hidden on Refstash',
      [
        greeting,
        {
          text: `An admin hid ${what}. Your profile, code pages, service page cards and link previews show your username only. Your codes stay public.`,
        },
        reason,
        {
          text: `This decision was made by a person, not automatically, under the Refstash rules: ${rules}`,
        },
        {
          text: "How to appeal: in Settings, under 'Profile', press 'Appeal' and say why your details should be restored. An admin will answer by email.",
        },
        why,
      ],
      { href: `${input.appUrl}/settings`, label: 'Open your settings' },
    );
  }
  if (input.kind === 'disable_account') {
    return compose(
      'Your account was disabled',
      'Your Refstash account was disabled',
      [
        greeting,
        {
          text: 'An admin disabled your Refstash account. Your profile and code pages are no longer public, and you cannot sign in.',
        },
        reason,
        {
          text: `This decision was made by a person, not automatically, under the Refstash rules: ${rules}`,
        },
        {
          text: 'How to appeal: reply to this email and say why your account should be restored. An admin will answer by email.',
        },
        why,
      ],
      null,
    );
  }
  if (input.kind === 'keep_hidden') {
    return compose(
      'Your appeal was answered',
      input.about.type === 'details'
        ? 'Your appeal about your profile details was answered'
        : `Your appeal about your ${service} code was answered`,
      [greeting, { text: `An admin reviewed your appeal and kept ${what} hidden.` }, reason, why],
      dashboard,
    );
  }
  const after =
    input.about.type === 'code'
      ? 'it shows on your public pages again.'
      : input.about.type === 'details'
        ? 'they show on your profile again.'
        : 'your profile is public again and you can sign in.';
  const subject =
    input.about.type === 'code'
      ? `Your ${service} code is visible again`
      : input.about.type === 'details'
        ? 'Your profile details are visible again'
        : 'Your Refstash account was restored';
  const lead = input.answersAppeal ? 'After reviewing your appeal, an admin' : 'An admin';
  return compose(
    input.answersAppeal ? 'Your appeal was accepted' : 'An admin restored your content',
    subject,
    [greeting, { text: `${lead} restored ${what}: ${after}` }, reason, why],
    dashboard,
  );
}

/** The admins' notice: what is new in the Reports queue since the last one (never its notes). */
export function composeAdminNotice(input: {
  reports: number;
  appeals: number;
  appUrl: string;
}): Composed {
  const plural = (n: number, word: string) => `${n} new ${word}${n === 1 ? '' : 's'}`;
  const parts = [
    ...(input.reports > 0 ? [plural(input.reports, 'report')] : []),
    ...(input.appeals > 0 ? [plural(input.appeals, 'appeal')] : []),
  ];
  const summary = parts.join(' and ');
  return compose(
    'New items to review',
    `Refstash: ${summary} to review`,
    [
      { text: `The Reports queue has ${summary} since the last notice.` },
      {
        text: 'You get at most one of these emails an hour, while new items arrive, because you are a Refstash admin.',
        small: true,
      },
    ],
    { href: `${input.appUrl}/admin`, label: 'Open the Reports section' },
  );
}
