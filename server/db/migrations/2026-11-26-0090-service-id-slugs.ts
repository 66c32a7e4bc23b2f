import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { LIMITS } from '../../../shared/limits.ts';
import { isPossibleServiceId } from '../../../shared/public-paths.ts';
import { serviceIdFromName } from '../../../shared/service-request-schemas.ts';

/**
 * Service ids that their own page refuses (decision 092): ids approved before the derivation kept
 * only what `/s/{id}` accepts, such as `😀🔥💸emojipay`, become that slug (`emojipay`); an id that
 * leaves nothing takes its domain (`weixin.qq.com`). A slug already taken by another service or
 * request gets `-2`, `-3`…
 *
 * `codes.service` references `services.id` without ON UPDATE, so each service is copied under its
 * new id, its codes and requests are moved (the triggers rebuild their owners' profiles and bump
 * the listing revisions), and the old row is deleted. Logos cached under the old id are dropped:
 * the next page view fetches them again.
 */
async function rewriteIds(db: Kysely<Tables>): Promise<void> {
  const services = await db.selectFrom('services').select(['id', 'domain']).execute();
  const requests = await db
    .selectFrom('service_requests')
    .select(['service_id as id', 'domain'])
    .orderBy('requested_at')
    .execute();
  const rows = [...services, ...requests];
  const taken = new Set(rows.map((row) => row.id).filter(isPossibleServiceId));
  const renames = new Map<string, string>();
  for (const { id, domain } of rows) {
    if (isPossibleServiceId(id) || renames.has(id)) continue;
    const slug = (serviceIdFromName(id) || domain).slice(0, LIMITS.serviceNameMax);
    let next = slug;
    for (let n = 2; taken.has(next); n += 1) {
      next = `${slug.slice(0, LIMITS.serviceNameMax - `-${n}`.length)}-${n}`;
    }
    taken.add(next);
    renames.set(id, next);
  }
  for (const [from, to] of renames) {
    const service = await db
      .selectFrom('services')
      .selectAll()
      .where('id', '=', from)
      .executeTakeFirst();
    if (service)
      await db
        .insertInto('services')
        .values({ ...service, id: to })
        .execute();
    await db.updateTable('codes').set({ service: to }).where('service', '=', from).execute();
    await db
      .updateTable('service_requests')
      .set({ service_id: to })
      .where('service_id', '=', from)
      .execute();
    await db.deleteFrom('logos').where('service_id', '=', from).execute();
    if (service) await db.deleteFrom('services').where('id', '=', from).execute();
  }
}

/** The columns this migration reads and writes, as they are when it runs. */
interface Tables {
  services: { id: string; domain: string } & Record<string, unknown>;
  service_requests: { service_id: string; domain: string; requested_at: unknown };
  codes: { service: string };
  logos: { service_id: string };
}

export const serviceIdSlugs: Migration = {
  async up(db: Kysely<unknown>) {
    const typed = db as Kysely<Tables>;
    // PostgreSQL runs each migration in a transaction already; SQLite's migrator does not.
    if (typed.isTransaction) await rewriteIds(typed);
    else await typed.transaction().execute(rewriteIds);
  },
  // The new ids work with the code before this migration too; the old ones are not kept, and
  // restoring them would only bring back pages that answer 404.
  async down() {},
};
