import { parse } from 'csv-parse/sync';
import type { Kysely } from 'kysely';
import {
  CODE_CSV_COLUMNS,
  CODE_CSV_REQUIRED_COLUMNS,
  IMPORT_LIMITS,
  IMPORT_MESSAGES,
  type ImportResult,
} from '../../../shared/account-schemas.ts';
import { CODE_MESSAGES, codeFormSchema } from '../../../shared/code-schemas.ts';
import { ERROR_CODES } from '../../../shared/error-codes.ts';
import { LIMITS } from '../../../shared/limits.ts';
import { DEFAULT_ACCENT, profileIdentityInputSchema } from '../../../shared/profile-identity.ts';
import type { Database } from '../../db/database.ts';
import { newId } from '../../db/ids.ts';
import { lockUserForWrite } from '../../db/row-locks.ts';
import type { DB } from '../../db/schema.ts';
import { AppError, errors } from '../../errors.ts';
import { type AvatarImages, avatarFromDataUrl } from '../profile-identity/avatar-image.ts';
import { saveIdentity, storeAvatar } from '../profile-identity/identity.service.ts';

type RawRow = Record<(typeof CODE_CSV_COLUMNS)[number], unknown>;

/** One clear message for a file that cannot be read at all; no preview (decision 080). */
const unreadable = (message: string) => new AppError(400, ERROR_CODES.importUnreadable, message);

/** Export's apostrophe before a formula-like cell, or before an apostrophe, comes off again. */
function unguard(value: unknown): unknown {
  return typeof value === 'string' && /^'[=+\-@\t\r']/.test(value) ? value.slice(1) : value;
}

/**
 * The file's rows, with the number of the first (a spreadsheet's line 2, under the header, for
 * a CSV; entry 1 for JSON), or one clear refusal.
 */
export interface ImportRows {
  rows: RawRow[];
  firstRow: number;
  /** A JSON export's `profile` object, as the file has it (issue 26). */
  profile?: unknown;
}

export function readImportFile(fileName: string, base64: string): ImportRows {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw unreadable(IMPORT_MESSAGES.empty);
  if (bytes.length > IMPORT_LIMITS.maxBytes) throw unreadable(IMPORT_MESSAGES.tooLarge);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw unreadable(IMPORT_MESSAGES.notUtf8);
  }
  if (text.includes('\u0000')) throw unreadable(IMPORT_MESSAGES.notUtf8);
  const trimmed = text.trimStart();
  const json =
    fileName.toLowerCase().endsWith('.json') || trimmed.startsWith('{') || trimmed.startsWith('[');
  const { rows, profile } = json ? readJson(trimmed) : { rows: readCsv(text), profile: undefined };
  if (rows.length === 0 && profile === undefined) throw unreadable(IMPORT_MESSAGES.empty);
  if (rows.length > IMPORT_LIMITS.maxRows) throw unreadable(IMPORT_MESSAGES.tooManyRows);
  return { rows, firstRow: json ? 1 : 2, ...(profile === undefined ? {} : { profile }) };
}

function readJson(text: string): { rows: RawRow[]; profile: unknown } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw unreadable(IMPORT_MESSAGES.brokenJson);
  }
  const codes = Array.isArray(data) ? data : (data as { codes?: unknown } | null)?.codes;
  if (!Array.isArray(codes)) throw unreadable(IMPORT_MESSAGES.brokenJson);
  if (codes.length > IMPORT_LIMITS.maxRows) throw unreadable(IMPORT_MESSAGES.tooManyRows);
  const profile = Array.isArray(data) ? undefined : (data as { profile?: unknown }).profile;
  const rows = codes.map((item) => {
    const entry =
      item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    return Object.fromEntries(
      CODE_CSV_COLUMNS.map((column) => [
        column,
        Object.hasOwn(entry, column) ? entry[column] : undefined,
      ]),
    ) as RawRow;
  });
  return { rows, profile: profile ?? undefined };
}

/** A file's profile as the form's schema reads it: null fields are empty text (not set). */
function readProfile(profile: unknown) {
  const p =
    profile !== null && typeof profile === 'object' ? (profile as Record<string, unknown>) : {};
  return profileIdentityInputSchema.safeParse({
    displayName: p.displayName ?? '',
    bio: p.bio ?? '',
    links: p.links ?? [],
    accent: p.accent ?? DEFAULT_ACCENT,
  });
}

function readCsv(text: string): RawRow[] {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
      to: IMPORT_LIMITS.maxRows + 2,
    });
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' || code.includes('COLUMN')) {
      throw unreadable(IMPORT_MESSAGES.wrongColumns);
    }
    throw unreadable(IMPORT_MESSAGES.brokenCsv);
  }
  const [header, ...data] = records;
  const names = header?.map((name) => name.trim().toLowerCase());
  const wanted = CODE_CSV_COLUMNS.map((column) => column.toLowerCase());
  if (
    !names ||
    names.length < CODE_CSV_REQUIRED_COLUMNS ||
    names.length > wanted.length ||
    names.some((name, i) => name !== wanted[i])
  ) {
    throw unreadable(IMPORT_MESSAGES.wrongColumns);
  }
  if (data.length > IMPORT_LIMITS.maxRows) throw unreadable(IMPORT_MESSAGES.tooManyRows);
  return data.map((cells) => {
    const row = Object.fromEntries(
      CODE_CSV_COLUMNS.map((column, i) => [column, unguard(cells[i])]),
    ) as RawRow;
    return { ...row, ...fromCsvText(row) };
  });
}

/** How a listing cell may say on or off: the export writes yes/no, spreadsheets true/false. */
const LISTED_WORDS: Readonly<Record<string, boolean>> = {
  '': false,
  no: false,
  false: false,
  off: false,
  yes: true,
  true: true,
  on: true,
};

/** The CSV's text for listing, expiry and countries, as the code form's schema reads them. */
function fromCsvText(row: RawRow): Partial<RawRow> {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const listed = text(row.listed).toLowerCase();
  const countries = text(row.countries);
  return {
    // Left out or empty: not listed. Any other word is kept, for the schema to refuse.
    listed: LISTED_WORDS[listed] ?? row.listed,
    expiresAt: text(row.expiresAt) || null,
    countries: countries ? countries.split(/[\s;,]+/) : null,
  };
}

/** A JSON export's avatar, re-encoded by the upload's pipeline, or the upload's refusal. */
export type ImportAvatar = { images: AvatarImages } | { refused: string } | undefined;

/**
 * The file's `profile.avatar` through the upload's own pipeline (avatarFromDataUrl: the bytes
 * decide, 2 MB, 40 megapixels before decoding, the concurrency cap), run before any transaction
 * as the upload does. Absent or null: undefined, the owner's avatar is kept. A 400 refusal comes
 * back as its message; anything else (503 busy) is thrown and nothing is imported.
 */
export async function readImportAvatar(file: ImportRows): Promise<ImportAvatar> {
  const profile = file.profile;
  if (profile === null || typeof profile !== 'object') return undefined;
  const value = (profile as Record<string, unknown>).avatar;
  if (value === undefined || value === null) return undefined;
  try {
    return { images: await avatarFromDataUrl(value) };
  } catch (error) {
    if (error instanceof AppError && error.status === 400) return { refused: error.message };
    throw error;
  }
}

/** What the rows would add, refuse and skip for this user (the preview and the import agree). */
export async function planImport(
  db: Kysely<DB>,
  userId: string,
  file: ImportRows,
  avatar?: ImportAvatar,
): Promise<ImportResult> {
  const { rows, firstRow } = file;
  const services = await db.selectFrom('services').select(['id', 'name']).execute();
  const byId = new Map(services.map((s) => [s.id, s]));
  const byName = new Map(services.map((s) => [s.name.toLowerCase(), s]));
  const existing = await db
    .selectFrom('codes')
    .select(['service', 'code'])
    .where('user_id', '=', userId)
    .execute();
  const seen = new Set(existing.map((c) => `${c.service}\n${c.code}`));
  const inFile = new Set<string>();
  const result: ImportResult = { add: [], refused: [], skipped: [], limitMessage: null };
  const findService = (value: unknown) =>
    typeof value === 'string'
      ? (byId.get(value.trim().toLowerCase()) ?? byName.get(value.trim().toLowerCase()))
      : undefined;
  rows.forEach((raw, index) => {
    const row = firstRow + index;
    const parsed = codeFormSchema.safeParse(raw);
    // The service column holds the id the export writes, or the service's name as shown.
    const service = parsed.success ? findService(parsed.data.service) : findService(raw.service);
    if (!parsed.success || !service) {
      // Every problem of the row at once, each field's first; an unknown service names itself.
      const messages = parsed.success
        ? []
        : [...new Set(parsed.error.issues.map((issue) => issue.message))];
      const named = typeof raw.service === 'string' && raw.service.trim() !== '';
      if (!service && named && !messages.includes(CODE_MESSAGES.serviceRequired)) {
        messages.unshift(IMPORT_MESSAGES.unknownService(String(raw.service).trim()));
      }
      result.refused.push({ row, messages: messages.length ? messages : ['Invalid row'] });
      return;
    }
    const values = parsed.data;
    const key = `${service.id}\n${values.code}`;
    if (seen.has(key) || inFile.has(key)) {
      result.skipped.push({
        row,
        service: service.name,
        code: values.code,
        message: seen.has(key) ? IMPORT_MESSAGES.duplicate : IMPORT_MESSAGES.duplicateInFile,
      });
      return;
    }
    inFile.add(key);
    result.add.push({
      row,
      service: service.id,
      serviceName: service.name,
      code: values.code,
      reward: values.reward,
      productName: values.productName,
      link: values.link,
      listed: values.listed === true,
      expiresAt: values.expiresAt ?? null,
      countries: values.countries ?? null,
    });
  });
  if (file.profile !== undefined) {
    // Row 0 is the profile: the form's refusals, then the avatar's (one entry, one key).
    const messages: string[] = [];
    const profile = readProfile(file.profile);
    if (profile.success) result.profile = profile.data;
    else messages.push(...new Set(profile.error.issues.map((issue) => issue.message)));
    if (avatar && 'refused' in avatar) messages.push(avatar.refused);
    if (avatar && 'images' in avatar) result.avatar = true;
    if (messages.length > 0) result.refused.unshift({ row: 0, messages });
  }
  if (existing.length + result.add.length > LIMITS.codesPerUserMax && result.add.length > 0) {
    result.limitMessage = CODE_MESSAGES.codeLimitReached;
  }
  return result;
}

/**
 * Adds the rows the plan accepts, and the file's profile and avatar, all or nothing: one
 * transaction under the user's write lock (the one `createCode` takes), planned again inside it
 * so the cap and the duplicates are judged against what is committed. Past the cap nothing is
 * added (409), the avatar neither.
 */
export async function runImport(
  database: Database,
  userId: string,
  file: ImportRows,
  now: Date,
): Promise<ImportResult> {
  const { db, dialect } = database;
  // Decoded before the transaction, as the upload does: no lock is held while sharp works.
  const avatar = await readImportAvatar(file);
  return db.transaction().execute(async (trx) => {
    await lockUserForWrite(trx, dialect, userId);
    const plan = await planImport(trx, userId, file, avatar);
    if (plan.limitMessage) {
      throw errors.conflict(plan.limitMessage, undefined, ERROR_CODES.codeLimitReached);
    }
    const base = now.getTime();
    // One statement per row, oldest first, so the list (newest first) shows the file's order.
    for (const [i, item] of [...plan.add].reverse().entries()) {
      const at = new Date(base + i).toISOString();
      await trx
        .insertInto('codes')
        .values({
          id: newId(base + i),
          user_id: userId,
          service: item.service,
          product_name: item.productName,
          code: item.code,
          reward: item.reward,
          link: item.link,
          listed: item.listed ? 1 : 0,
          expires_on: item.expiresAt,
          countries: item.countries ? JSON.stringify(item.countries) : null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    if (plan.profile) await saveIdentity(trx, userId, plan.profile);
    if (avatar && 'images' in avatar) await storeAvatar(trx, userId, avatar.images);
    return plan;
  });
}
