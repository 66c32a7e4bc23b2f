import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../database.ts';

/**
 * Account deletion (decision 080): a deleted user's service requests stay for the admins'
 * history, with the requester cleared. `service_requests.requested_by` becomes nullable and its
 * foreign key `on delete set null` (it cascaded before, which would have erased the history).
 *
 * PostgreSQL alters the column and the constraint in place. SQLite cannot change a column's
 * constraints, so the table is rebuilt (the documented 12-step way: new table, copy, drop,
 * rename, indexes); nothing references `service_requests`, and it has no triggers.
 */
export function accountDeletion(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`alter table service_requests alter column requested_by drop not null`.execute(db);
        await sql`alter table service_requests drop constraint if exists service_requests_requested_by_fkey`.execute(
          db,
        );
        await sql`alter table service_requests add constraint service_requests_requested_by_fkey
          foreign key (requested_by) references users(id) on delete set null`.execute(db);
        return;
      }
      await rebuildSqlite(db, 'references "users" ("id") on delete set null');
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`delete from service_requests where requested_by is null`.execute(db);
        await sql`alter table service_requests drop constraint if exists service_requests_requested_by_fkey`.execute(
          db,
        );
        await sql`alter table service_requests add constraint service_requests_requested_by_fkey
          foreign key (requested_by) references users(id) on delete cascade`.execute(db);
        await sql`alter table service_requests alter column requested_by set not null`.execute(db);
        return;
      }
      await sql`delete from service_requests where requested_by is null`.execute(db);
      await rebuildSqlite(db, 'not null references "users" ("id") on delete cascade');
    },
  };
}

async function rebuildSqlite(db: Kysely<unknown>, requestedBy: string): Promise<void> {
  await sql
    .raw(`create table service_requests_new (
      "id" text primary key,
      "service_id" text not null check (service_id = lower(service_id)),
      "display_name" text not null,
      "domain" text not null check (domain = lower(domain)),
      "requested_by" text ${requestedBy},
      "requested_at" text not null,
      "status" text default 'pending' not null check (status in ('pending', 'approved', 'rejected')),
      "reviewed_by" text,
      "reviewed_at" text,
      "notes" text,
      "updated_at" text not null
    )`)
    .execute(db);
  await sql`insert into service_requests_new select id, service_id, display_name, domain,
    requested_by, requested_at, status, reviewed_by, reviewed_at, notes, updated_at
    from service_requests`.execute(db);
  await sql`drop table service_requests`.execute(db);
  await sql`alter table service_requests_new rename to service_requests`.execute(db);
  await sql`create index service_requests_service_id_idx on service_requests (service_id)`.execute(
    db,
  );
  await sql`create index service_requests_status_requested_at_idx on service_requests (status, requested_at)`.execute(
    db,
  );
  await sql`create index service_requests_requested_at_idx on service_requests (requested_at)`.execute(
    db,
  );
  await sql`create unique index service_requests_one_pending_idx on service_requests (service_id) where "status" = 'pending'`.execute(
    db,
  ); // Migration 0063's index: a rebuilt table keeps every index it had.
  await sql`create index service_requests_requested_by_idx on service_requests (requested_by, requested_at, id)`.execute(
    db,
  );
}
