import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * A profile's identity (issue 26, decision 101).
 *
 * - `users.display_name`, `users.bio`: plain text, null when not set. `users.links`: a JSON array
 *   of https URLs (at most 5). `users.accent`: a palette name, null for the default.
 * - `users.avatar_hash`: the current avatar's key in `avatars`, null for the generated initial.
 * - `users.details_hidden_at` / `details_hidden_action_id`: set while an admin's 'Hide profile
 *   details' holds (decision 095's model): the public answers then show no identity.
 * - `avatars`: the re-encoded WebP bytes of both sizes, in the database (N instances need no
 *   shared disk), keyed by a hash of their owner and content; deleted with the owner.
 * - Triggers: a change of what a service card shows (display name, avatar, hide) bumps the
 *   listing revision of every service the owner lists a code on (decision 070). On PostgreSQL the
 *   change-notify trigger of 0099 also fires for the identity columns (decision 099); SQLite's
 *   temporary triggers (server/db/change-feed.ts) name them in code.
 */

const IDENTITY_COLUMNS =
  'display_name, bio, links, accent, avatar_hash, details_hidden_at, profile_codes, username, disabled_at';
const CARD_COLUMNS = 'display_name, avatar_hash, details_hidden_at';

const bump = (where: string) => `update services set listing_rev = listing_rev + 1 where ${where};`;
const OWNER_LISTINGS =
  'id in (select distinct service from codes where user_id = new.id and listed = 1)';

function notifyTrigger(columns: string): string {
  const changed = columns
    .split(', ')
    .map((c) => `old.${c} is distinct from new.${c}`)
    .join(' or ');
  return `create trigger users_notify_after_update after update of ${columns} on users
   for each row when (${changed}) execute function refstash_notify_profile()`;
}

function upStatements(dialect: Dialect): string[] {
  if (dialect === 'sqlite') {
    const changed = CARD_COLUMNS.split(', ')
      .map((c) => `old.${c} is not new.${c}`)
      .join(' or ');
    return [
      `create trigger users_listing_after_identity after update of ${CARD_COLUMNS} on users when ${changed} begin ${bump(OWNER_LISTINGS)} end`,
    ];
  }
  const changed = CARD_COLUMNS.split(', ')
    .map((c) => `old.${c} is distinct from new.${c}`)
    .join(' or ');
  return [
    `create function refstash_listing_on_identity() returns trigger language plpgsql as $$
     begin
       ${bump(OWNER_LISTINGS)}
       return null;
     end
     $$`,
    `alter function refstash_listing_on_identity() set enable_seqscan = off`,
    `create trigger users_listing_after_identity after update of ${CARD_COLUMNS} on users
     for each row when (${changed}) execute function refstash_listing_on_identity()`,
    'drop trigger users_notify_after_update on users',
    notifyTrigger(IDENTITY_COLUMNS),
  ];
}

function downStatements(dialect: Dialect): string[] {
  if (dialect === 'sqlite') return ['drop trigger if exists users_listing_after_identity'];
  return [
    'drop trigger if exists users_listing_after_identity on users',
    'drop function if exists refstash_listing_on_identity()',
    'drop trigger users_notify_after_update on users',
    notifyTrigger('profile_codes, username, disabled_at'),
  ];
}

const USER_COLUMNS = [
  'display_name',
  'bio',
  'accent',
  'avatar_hash',
  'details_hidden_at',
  'details_hidden_action_id',
  'links',
] as const;

export function profileIdentity(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  const bytes = dialect === 'sqlite' ? 'blob' : 'bytea';
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('display_name', 'text').execute();
      await db.schema.alterTable('users').addColumn('bio', 'text').execute();
      await db.schema.alterTable('users').addColumn('accent', 'text').execute();
      await db.schema.alterTable('users').addColumn('avatar_hash', 'text').execute();
      await db.schema.alterTable('users').addColumn('details_hidden_at', t.timestamp).execute();
      await db.schema.alterTable('users').addColumn('details_hidden_action_id', 'text').execute();
      await db.schema
        .alterTable('users')
        .addColumn('links', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .createTable('avatars')
        .addColumn('hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('webp_512', bytes as never, (c) => c.notNull())
        .addColumn('webp_128', bytes as never, (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('avatars_user_idx').on('avatars').column('user_id').execute();
      for (const statement of upStatements(dialect)) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const statement of downStatements(dialect)) await sql.raw(statement).execute(db);
      await db.schema.dropTable('avatars').ifExists().execute();
      for (const column of USER_COLUMNS) {
        await db.schema.alterTable('users').dropColumn(column).execute();
      }
    },
  };
}
