import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../../test-support/test-app.ts';
import { newId, nowIso } from '../ids.ts';
import { allMigrations } from './index.ts';

const NAME = '2026-11-26-0090-service-id-slugs';
/** What `/s/{id}` accepts, written out. */
const ROUTE_ID = /^[a-z0-9][a-z0-9._-]{0,99}$/;

for (const kind of testDatabaseKinds()) {
  describe(`migration ${NAME} [${kind}]`, () => {
    let t: TestDatabase;
    let migrator: Migrator;
    let before: string;
    beforeAll(async () => {
      t = await createTestDatabase(kind, { ownDatabase: true });
      const names = Object.keys(allMigrations(t.database.dialect)).sort();
      before = names[names.indexOf(NAME) - 1] ?? '';
      migrator = new Migrator({
        db: t.database.db,
        provider: { getMigrations: async () => allMigrations(t.database.dialect) },
        ...(t.database.schema ? { migrationTableSchema: t.database.schema } : {}),
      });
    });
    afterAll(async () => {
      await t.destroy();
    });

    const ours = ['emojipay.com', 'cafe.com', 'weixin.qq.com', 'nandu.com'];
    const serviceIds = async () =>
      (
        await t.database.db
          .selectFrom('services')
          .select('id')
          .where('domain', 'in', ours)
          .orderBy('id')
          .execute()
      ).map((row) => row.id);
    const requestIds = async () =>
      (
        await t.database.db
          .selectFrom('service_requests')
          .select('service_id')
          .orderBy('service_id')
          .execute()
      ).map((row) => row.service_id);

    it('rewrites every id /s/{id} refuses to a unique slug, with its codes, requests, profile and logos', async () => {
      const down = await migrator.migrateTo(before);
      expect(down.error).toBeUndefined();
      const db = t.database.db;
      const userId = newId();
      const at = nowIso();
      await db
        .insertInto('users')
        .values({
          id: userId,
          email: `${userId}@example.com`,
          username: 'slugs',
          created_at: at,
          last_login_at: null,
          disabled_at: null,
        })
        .execute();
      const service = (id: string, name: string, domain: string) => ({
        id,
        name,
        domain,
        created_at: at,
        created_by: userId,
      });
      await db
        .insertInto('services')
        .values([
          service('😀🔥💸emojipay', '😀🔥💸 EmojiPay', 'emojipay.com'),
          service('cafe', 'Cafe', 'cafe.com'),
          service('café', 'Café', 'cafe.com'),
          service('微信', '微信', 'weixin.qq.com'),
        ])
        .execute();
      const request = (serviceId: string, domain: string, status: 'approved' | 'pending') => ({
        id: newId(),
        service_id: serviceId,
        display_name: serviceId,
        domain,
        requested_by: userId,
        requested_at: at,
        status,
        reviewed_by: null,
        reviewed_at: null,
        notes: null,
        updated_at: at,
      });
      await db
        .insertInto('service_requests')
        .values([
          request('😀🔥💸emojipay', 'emojipay.com', 'approved'),
          request('ñandú', 'nandu.com', 'pending'),
        ])
        .execute();
      const codeId = newId();
      await db
        .insertInto('codes')
        .values({
          id: codeId,
          user_id: userId,
          service: '😀🔥💸emojipay',
          product_name: null,
          code: 'EMOJI-1',
          reward: '5',
          link: null,
          created_at: at,
          updated_at: at,
          listed: 1,
        })
        .execute();
      const logo = (serviceId: string) => ({
        cache_key: `service:${serviceId}:64`,
        service_id: serviceId,
        logo_data: 'iVBORw0KGgo=',
        logo_type: 'image/png',
        logo_url: null,
        error: null,
        fetched_at: at,
        expires_at: null,
      });
      await db
        .insertInto('logos')
        .values([logo('😀🔥💸emojipay'), logo('cafe')])
        .execute();

      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();

      expect(await serviceIds()).toEqual(['cafe', 'cafe-2', 'emojipay', 'weixin.qq.com']);
      expect(await requestIds()).toEqual(['emojipay', 'nandu']);
      const emoji = await db
        .selectFrom('services')
        .select(['name', 'created_by'])
        .where('id', '=', 'emojipay')
        .executeTakeFirstOrThrow();
      expect(emoji).toEqual({ name: '😀🔥💸 EmojiPay', created_by: userId });
      const code = await db
        .selectFrom('codes')
        .select('service')
        .where('id', '=', codeId)
        .executeTakeFirstOrThrow();
      expect(code.service).toBe('emojipay');
      const profile = await db
        .selectFrom('users')
        .select('profile_codes')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(profile.profile_codes)[0]).toMatchObject({
        service: 'emojipay',
        serviceName: '😀🔥💸 EmojiPay',
      });
      const logos = await db.selectFrom('logos').select('cache_key').execute();
      expect(logos.map((row) => row.cache_key)).toEqual(['service:cafe:64']);
      const every = await db.selectFrom('services').select('id').execute();
      expect(every.filter((row) => !ROUTE_ID.test(row.id))).toEqual([]);
    });

    it('goes down and up again, keeping the new ids', async () => {
      const down = await migrator.migrateTo(before);
      expect(down.error).toBeUndefined();
      expect(await serviceIds()).toEqual(['cafe', 'cafe-2', 'emojipay', 'weixin.qq.com']);
      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      expect(await serviceIds()).toEqual(['cafe', 'cafe-2', 'emojipay', 'weixin.qq.com']);
      expect(await requestIds()).toEqual(['emojipay', 'nandu']);
    });
  });
}
