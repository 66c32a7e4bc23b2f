import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountExportSchema,
  deleteAccountSchema,
  IMPORT_MESSAGES,
  importFileSchema,
  importResultSchema,
  settingsSchema,
  statsQuerySchema,
  statsSchema,
} from '../../../shared/account-schemas.ts';
import { meSchema } from '../../../shared/auth-schemas.ts';
import type { AppDeps } from '../../app-deps.ts';
import { answers, binary, jsonBody, noContent } from '../../http/route-schemas.ts';
import type { RateRule } from '../../plugins/route-rules.ts';
import { clearSessionCookie, currentUser } from '../../plugins/session.ts';
import { isAdmin } from '../admin/admin.repository.ts';
import { presentMe } from '../auth/me.presenter.ts';
import { CODE_WRITE_LIMIT } from '../codes/codes.routes.ts';
import { deleteAccount } from './account.service.ts';
import { buildCodesCsv, buildExport } from './export.service.ts';
import { planImport, readImportAvatar, readImportFile, runImport } from './import.service.ts';
import { saveSettings } from './settings.service.ts';
import { getStats } from './stats.service.ts';

/** Deleting an account: a few tries a minute are plenty (a mistyped confirmation). */
export const ACCOUNT_DELETE_LIMIT = {
  name: 'account:delete',
  per: 'user',
  limit: 10,
  windowMs: 60_000,
} as const satisfies RateRule;

/** Exports and imports: each reads or parses up to all of the owner's data; 30 an hour is plenty. */
export const OWNER_DATA_LIMIT = {
  name: 'account:data',
  per: 'user',
  limit: 30,
  windowMs: 60 * 60_000,
} as const satisfies RateRule;

/** Settings are a switch a person flips: 30 saves a minute is more than anyone flips it. */
export const ACCOUNT_SETTINGS_LIMIT = {
  name: 'account:settings',
  per: 'user',
  limit: 30,
  windowMs: 60_000,
} as const satisfies RateRule;

/** Room for 1 MB of file as base64 (4/3), so the schema, not the parser, refuses a larger file. */
export const IMPORT_BODY_LIMIT = 2_000_000;

const csvAnswer = {
  description: 'The codes as CSV, in the columns import reads',
  content: { 'text/csv': { schema: binary } },
};

function attachment(reply: { header(name: string, value: string): unknown }, name: string) {
  reply.header('content-disposition', `attachment; filename="${name}"`);
  reply.header('cache-control', 'no-store');
}

/**
 * /api/me's owner data (decision 080): deleting the account, and (below) export, import and
 * stats. Only the signed-in owner, always about themselves: no path names another user.
 */
export async function accountRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.delete(
    '/me',
    {
      config: { auth: 'user', rateLimits: [ACCOUNT_DELETE_LIMIT] },
      schema: {
        summary: 'Delete the account and everything in it (type the username to confirm)',
        body: jsonBody(deleteAccountSchema),
        response: answers({ 204: noContent }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      await deleteAccount(deps.database, user, request.body.username, Date.now());
      clearSessionCookie(reply, config);
      return reply.status(204).send();
    },
  );

  api.put(
    '/me/settings',
    {
      config: { auth: 'user', rateLimits: [ACCOUNT_SETTINGS_LIMIT] },
      schema: {
        summary: "Save the owner's settings: the listing default of new codes",
        body: jsonBody(settingsSchema),
        response: answers({ 200: meSchema }),
      },
    },
    async (request, reply) => {
      const user = await saveSettings(deps.db, await currentUser(request), request.body);
      reply.header('cache-control', 'no-store');
      return presentMe(user, await isAdmin(deps.db, user.id), deps.config.listingProbationDays);
    },
  );

  const owner = { auth: 'user', rateLimits: [OWNER_DATA_LIMIT] } as const;
  const today = () => new Date().toISOString().slice(0, 10);

  api.get(
    '/me/export',
    {
      config: owner,
      schema: {
        summary: 'Download my data: the account, every code, and the daily stats (JSON)',
        response: answers({ 200: accountExportSchema }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      attachment(reply, `refstash-${user.username ?? 'account'}-${today()}.json`);
      return buildExport(deps.db, user.id, new Date());
    },
  );

  api.get(
    '/me/export/codes.csv',
    {
      config: { ...owner, tokenScope: 'codes:read' },
      schema: { summary: 'Download my codes as CSV', response: answers({ 200: csvAnswer }) },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      attachment(reply, `refstash-codes-${user.username ?? 'account'}-${today()}.csv`);
      return reply.type('text/csv; charset=utf-8').send(await buildCodesCsv(deps.db, user.id));
    },
  );

  api.post(
    '/me/import/preview',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { ...owner, tokenScope: 'codes:write', tooLargeMessage: IMPORT_MESSAGES.tooLarge },
      schema: {
        summary: 'What importing a CSV or JSON export would add, refuse and skip (changes nothing)',
        body: jsonBody(importFileSchema),
        response: answers({ 200: importResultSchema }),
      },
    },
    async (request) => {
      const user = await currentUser(request);
      const rows = readImportFile(request.body.fileName, request.body.content);
      // The avatar goes through the upload's pipeline here too: the preview says what import does.
      return planImport(deps.db, user.id, rows, await readImportAvatar(rows));
    },
  );

  api.post(
    '/me/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: {
        auth: 'user',
        rateLimits: [OWNER_DATA_LIMIT, CODE_WRITE_LIMIT],
        tokenScope: 'codes:write',
        tooLargeMessage: IMPORT_MESSAGES.tooLarge,
      },
      schema: {
        summary: 'Import codes from a CSV or JSON export, all or nothing',
        body: jsonBody(importFileSchema),
        response: answers({ 200: importResultSchema }),
      },
    },
    async (request) => {
      const user = await currentUser(request);
      const rows = readImportFile(request.body.fileName, request.body.content);
      return runImport(deps.database, user.id, rows, new Date());
    },
  );

  api.get(
    '/me/stats',
    {
      config: { auth: 'user', tokenScope: 'stats:read' },
      schema: {
        summary: 'Copies and profile views per UTC day over the last 7, 30 or 90 days',
        querystring: statsQuerySchema,
        response: answers({ 200: statsSchema }),
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      reply.header('cache-control', 'no-store');
      return getStats(deps.db, user.id, request.query.days, new Date(), request.query.code);
    },
  );
}
