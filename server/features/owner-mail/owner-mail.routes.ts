import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailSettingsChangeSchema,
  emailSettingsSchema,
  MAIL_KIND_LABELS,
  OWNER_MAIL_MESSAGES,
} from '../../../shared/owner-mail.ts';
import type { AppDeps } from '../../app-deps.ts';
import { answers, binary, jsonBody } from '../../http/route-schemas.ts';
import { escapeHtml } from '../../mail/mail-html.ts';
import type { RateRule } from '../../plugins/route-rules.ts';
import { currentUser } from '../../plugins/session.ts';
import { ACCOUNT_SETTINGS_LIMIT } from '../account/account.routes.ts';
import { emailSettingsOf, saveEmailSettings, switchOff } from './owner-mail.ts';
import { UNSUBSCRIBE_PATH, verifyUnsubscribe } from './unsubscribe.ts';

/** The one-click link: a person clicks it once; mail clients POST it once per mail. */
export const UNSUBSCRIBE_LIMIT = {
  name: 'unsubscribe',
  per: 'ip',
  limit: 30,
  windowMs: 60_000,
} as const satisfies RateRule;

/** Settings → E-mail (decision 110): the owner's switches, always about themselves. */
export async function ownerMailRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/me/email-settings',
    {
      config: { auth: 'user' },
      schema: {
        summary: 'My e-mail switches: each optional kind of mail, on or off',
        response: answers({ 200: emailSettingsSchema }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      reply.header('cache-control', 'no-store');
      return emailSettingsOf(deps.db, user.id);
    },
  );
  api.put(
    '/me/email-settings',
    {
      config: { auth: 'user', rateLimits: [ACCOUNT_SETTINGS_LIMIT] },
      schema: {
        summary: 'Switch some kinds of mail on or off; moderation and security mails cannot be',
        body: jsonBody(emailSettingsChangeSchema),
        response: answers({ 200: emailSettingsSchema }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      reply.header('cache-control', 'no-store');
      return saveEmailSettings(deps.db, user.id, request.body, Date.now());
    },
  );
}

const PAGE_STYLE = `
  :root { color-scheme: light dark; }
  body { margin: 0; padding: 24px 16px; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; background: #f9fafb; color: #1f2937; }
  main { max-width: 28rem; margin: 10vh auto 0; background: #fff; border: 1px solid #e5e7eb; border-radius: 12px; padding: 32px 24px; }
  h1 { margin: 0 0 12px; font-size: 1.375rem; }
  p { margin: 0 0 16px; line-height: 1.5; }
  .hint { color: #4b5563; font-size: 0.875rem; }
  button { font: inherit; font-weight: 600; color: #fff; background: #4f46e5; border: 0; border-radius: 8px; padding: 12px 20px; cursor: pointer; min-height: 44px; }
  button:hover { background: #4338ca; }
  button:focus-visible, a:focus-visible { outline: 3px solid #a5b4fc; outline-offset: 2px; }
  a { color: #4338ca; }
  @media (prefers-color-scheme: dark) {
    body { background: #030712; color: #f3f4f6; }
    main { background: #111827; border-color: #374151; }
    .hint { color: #9ca3af; }
    a { color: #a5b4fc; }
  }`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Refstash</title><style>${PAGE_STYLE}</style></head>
<body><main>${body}</main></body></html>
`;
}

function sendPage(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .type('text/html; charset=utf-8')
    .send(page(title, body));
}

const unsubscribeQuery = z.object({
  u: z.string().max(200).optional(),
  k: z.string().max(200).optional(),
  s: z.string().max(200).optional(),
});

/**
 * The one-click unsubscribe (RFC 8058, decision 110), outside /api: it works without a session,
 * a cookie or a CSRF token, because the signed link itself names the user and the kind. GET shows
 * a button, so a link scanner that follows the link unsubscribes nobody; POST (the button, or a
 * mail client's `List-Unsubscribe=One-Click`) switches the kind off. Any body is ignored.
 */
export async function unsubscribeRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // Forms and mail clients post urlencoded or multipart bodies; the link alone decides.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
    done(null, {}),
  );
  const api = app.withTypeProvider<ZodTypeProvider>();
  const invalid = (reply: FastifyReply) =>
    sendPage(
      reply,
      400,
      'Link not valid',
      `<h1>This link is not valid</h1><p>${escapeHtml(OWNER_MAIL_MESSAGES.linkInvalid)}</p><p><a href="/settings">Open Settings</a></p>`,
    );
  /** Both methods of the signed unsubscribe link: pages, not in the API (OpenAPI lists /api only). */
  const unsubscribeRoute = (summary: string) => ({
    config: { rateLimits: [UNSUBSCRIBE_LIMIT] },
    schema: {
      summary,
      hide: true,
      querystring: unsubscribeQuery,
      response: { 200: binary, 400: binary },
    },
  });

  api.get(
    UNSUBSCRIBE_PATH,
    unsubscribeRoute('The one-click unsubscribe page: a button that POSTs to the same signed link'),
    async (request, reply) => {
      const link = verifyUnsubscribe(deps.config.sessionSecret, request.query);
      if (!link) return invalid(reply);
      const { label, hint } = MAIL_KIND_LABELS[link.kind];
      const action = `${UNSUBSCRIBE_PATH}?${new URLSearchParams(request.query as Record<string, string>).toString()}`;
      return sendPage(
        reply,
        200,
        'Unsubscribe',
        `<h1>Stop these emails?</h1>
<p>You will no longer get <strong>${escapeHtml(label.toLowerCase())}</strong> emails from Refstash.</p>
<p class="hint">${escapeHtml(hint)}</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>
<p class="hint" style="margin-top:24px">Other emails are not affected. Manage them all in <a href="/settings">Settings → E-mail</a>.</p>`,
      );
    },
  );

  api.post(
    UNSUBSCRIBE_PATH,
    unsubscribeRoute(
      'Unsubscribe (RFC 8058 one-click POST, or the page’s button): no session needed',
    ),
    async (request, reply) => {
      const link = verifyUnsubscribe(deps.config.sessionSecret, request.query);
      if (!link) return invalid(reply);
      const user = await deps.db
        .selectFrom('users')
        .select('id')
        .where('id', '=', link.userId)
        .executeTakeFirst();
      // A deleted account gets no mail anyway: the answer is the same.
      if (user) await switchOff(deps.db, link.userId, link.kind, Date.now());
      const { label } = MAIL_KIND_LABELS[link.kind];
      return sendPage(
        reply,
        200,
        'Unsubscribed',
        `<h1>Unsubscribed</h1>
<p>${escapeHtml(OWNER_MAIL_MESSAGES.unsubscribed)}</p>
<p class="hint">Switched off: ${escapeHtml(label)}. Changed your mind? Switch it back on in <a href="/settings">Settings → E-mail</a>.</p>`,
      );
    },
  );
}
