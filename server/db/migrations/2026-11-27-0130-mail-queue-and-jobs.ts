import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The mail queue, scheduled jobs' runs and the owners' e-mail switches (decisions 109, 110).
 *
 * - `mail_queue`: every mail but a sign-in link. `dedupe_key` is unique: queueing the same mail
 *   again is a no-op. A sender claims due rows by setting `claimed_until` (a lease) in one
 *   statement, so two instances never send one row twice; a failure sets `next_attempt_at` by
 *   exponential backoff. The partial index holds only the rows still to send.
 * - `job_runs`: one row per run of a scheduled job (`npm run admin -- jobs`).
 * - `job_marks`: a job's small persistent state (the last week the summary was sent for).
 * - `mail_opt_outs`: a row per kind of mail an owner switched off (every kind starts on).
 * - `code_sink_states`: a row while a code is sunk under 'No' answers, so the owner is told once
 *   per sinking, not on every later 'No'.
 * - Indexes so reminders and the weekly summary read only what is due or changed: codes by expiry
 *   day, the daily totals and votes by day.
 */
export function mailQueueAndJobs(dialect: Dialect): Migration {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mail_queue')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('headers', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
        .addColumn('claimed_until', t.timestamp)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sent_at', t.timestamp)
        .addColumn('failed_at', t.timestamp)
        .addColumn('last_error', 'text')
        .execute();
      await sql`create index mail_queue_due_idx on mail_queue (next_attempt_at) where sent_at is null and failed_at is null`.execute(
        db,
      );
      await db.schema
        .createIndex('mail_queue_user_idx')
        .on('mail_queue')
        .column('user_id')
        .execute();
      await db.schema
        .createIndex('mail_queue_created_idx')
        .on('mail_queue')
        .column('created_at')
        .execute();

      await t
        .addAutoId(db.schema.createTable('job_runs'), 'id')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('started_at', t.timestamp, (c) => c.notNull())
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('ok', 'failed')`))
        .execute();
      await db.schema
        .createIndex('job_runs_name_started_idx')
        .on('job_runs')
        .columns(['name', 'started_at'])
        .execute();
      await db.schema
        .createIndex('job_runs_started_idx')
        .on('job_runs')
        .column('started_at')
        .execute();

      await db.schema
        .createTable('job_marks')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('mail_opt_outs')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('mail_opt_outs_pk', ['user_id', 'kind'])
        .execute();

      await db.schema
        .createTable('code_sink_states')
        .addColumn('code_id', 'text', (c) =>
          c.primaryKey().references('codes.id').onDelete('cascade'),
        )
        .addColumn('sank_at', t.timestamp, (c) => c.notNull())
        .execute();

      await sql`create index codes_expires_on_idx on codes (expires_on) where expires_on is not null`.execute(
        db,
      );
      await db.schema
        .createIndex('daily_user_stats_day_idx')
        .on('daily_user_stats')
        .columns(['day', 'user_id'])
        .execute();
      await db.schema
        .createIndex('daily_profile_stats_day_idx')
        .on('daily_profile_stats')
        .columns(['day', 'user_id'])
        .execute();
      await db.schema
        .createIndex('votes_day_idx')
        .on('votes')
        .columns(['day', 'code_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('votes_day_idx').ifExists().execute();
      await db.schema.dropIndex('daily_profile_stats_day_idx').ifExists().execute();
      await db.schema.dropIndex('daily_user_stats_day_idx').ifExists().execute();
      await db.schema.dropIndex('codes_expires_on_idx').ifExists().execute();
      await db.schema.dropTable('code_sink_states').ifExists().execute();
      await db.schema.dropTable('mail_opt_outs').ifExists().execute();
      await db.schema.dropTable('job_marks').ifExists().execute();
      await db.schema.dropTable('job_runs').ifExists().execute();
      await db.schema.dropTable('mail_queue').ifExists().execute();
    },
  };
}
