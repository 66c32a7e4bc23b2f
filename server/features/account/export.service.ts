import type { Kysely } from 'kysely';
import { type AccountExport, CODE_CSV_COLUMNS } from '../../../shared/account-schemas.ts';
import { SESSION_MESSAGES } from '../../../shared/session-schemas.ts';
import type { DB } from '../../db/schema.ts';
import { presentApiToken } from '../api-tokens/api-tokens.presenter.ts';
import { listApiTokens } from '../api-tokens/api-tokens.repository.ts';
import { presentCode } from '../codes/codes.presenter.ts';
import { listCodesByUser } from '../codes/codes.repository.ts';
import { hiddenCodesOf } from '../moderation/appeals.ts';
import { passkeysForExport } from '../passkeys/passkey-export.ts';
import { parseLinks, presentOwnIdentity } from '../profile-identity/identity.presenter.ts';
import { findAvatar } from '../profile-identity/identity.service.ts';
import { listLiveSessions } from '../sessions/sessions.repository.ts';

/** The avatar's 512 px WebP as a data URL: the owner's picture travels with their data. */
async function avatarDataUrl(db: Kysely<DB>, hash: string | null): Promise<string | null> {
  if (!hash) return null;
  const found = await findAvatar(db, hash);
  return found ? `data:image/webp;base64,${Buffer.from(found.webp_512).toString('base64')}` : null;
}

/** Everything of the account (decision 080): the account, every code, the daily totals. */
export async function buildExport(
  db: Kysely<DB>,
  userId: string,
  now: Date,
): Promise<AccountExport> {
  const user = await db
    .selectFrom('users')
    .select([
      'email',
      'username',
      'created_at',
      'last_login_at',
      'username_changed_at',
      'display_name',
      'bio',
      'links',
      'accent',
      'avatar_hash',
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  // An admin's hiding and its reason are the owner's data too (decision 095).
  const hidden = await hiddenCodesOf(db, userId);
  const codes = (await listCodesByUser(db, userId)).map((row) =>
    presentCode(row, undefined, hidden.get(row.id)),
  );
  const profileDays = await db
    .selectFrom('daily_profile_stats')
    .select(['day', 'views', 'unique_visitors'])
    .where('user_id', '=', userId)
    .orderBy('day')
    .execute();
  const codeDays = await db
    .selectFrom('daily_code_stats')
    .select(['code_id', 'day', 'copies', 'unique_visitors'])
    .where('user_id', '=', userId)
    .orderBy('day')
    .orderBy('code_id')
    .execute();
  const tokens = await listApiTokens(db, userId);
  const sessions = await listLiveSessions(db, userId, now.toISOString());
  return {
    format: 'refstash-export',
    version: 1,
    exportedAt: now.toISOString(),
    account: {
      email: user.email,
      username: user.username,
      createdAt: user.created_at,
      lastLoginAt: user.last_login_at,
      usernameChangedAt: user.username_changed_at,
    },
    profile: {
      ...presentOwnIdentity(user),
      links: parseLinks(user.links),
      avatar: await avatarDataUrl(db, user.avatar_hash),
    },
    codes,
    passkeys: await passkeysForExport(db, userId),
    stats: {
      profileDays: profileDays.map((d) => ({
        day: d.day,
        views: d.views,
        uniqueVisitors: d.unique_visitors,
      })),
      codeDays: codeDays.map((d) => ({
        codeId: d.code_id,
        day: d.day,
        copies: d.copies,
        uniqueVisitors: d.unique_visitors,
      })),
    },
    apiTokens: tokens.map((row) => {
      const { id: _id, ...token } = presentApiToken(row);
      return token;
    }),
    sessions: sessions.map((row) => ({
      device: row.device ?? SESSION_MESSAGES.unknownDevice,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at ?? row.created_at,
    })),
  };
}

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a leading
 * apostrophe (OWASP "CSV injection"); so does one that starts with an apostrophe already, so
 * that import, which takes one such apostrophe off again, gives back exactly what was exported.
 */
export function csvCell(value: string | null): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r']/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The codes as CSV in the columns import reads (RFC 4180, CRLF, UTF-8). */
export async function buildCodesCsv(db: Kysely<DB>, userId: string): Promise<string> {
  const codes = (await listCodesByUser(db, userId)).map((row) => presentCode(row));
  const lines = [CODE_CSV_COLUMNS.join(',')];
  for (const code of codes) {
    const cells: Record<(typeof CODE_CSV_COLUMNS)[number], string | null> = {
      ...code,
      listed: code.listed ? 'yes' : 'no',
      countries: code.countries?.join(' ') ?? null,
    };
    lines.push(CODE_CSV_COLUMNS.map((column) => csvCell(cells[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
