import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createDatabase } from '../../db/database.ts';
import { describeEachDatabase } from '../../test-support/test-app.ts';
import { RETENTION_LOCK_KEY, runRetention } from './retention.ts';

const DAY = 86_400_000;

describeEachDatabase('event retention', (ctx) => {
  it('deletes raw events older than the retention days; the daily totals stay', async () => {
    const user = await ctx.createUser();
    const created = await ctx.request({
      method: 'POST',
      url: '/api/codes',
      cookie: user.cookie,
      body: { service: 'uber', code: 'OLD', reward: '1' },
    });
    const codeId = created.json().code.id;
    const now = Date.parse('2026-11-23T12:00:00.000Z');
    const at = (days: number) => new Date(now - days * DAY).toISOString();
    await ctx.database.db
      .insertInto('clicks')
      .values([
        { code_id: codeId, clicked_at: at(401), visitor_hash: 'a' },
        { code_id: codeId, clicked_at: at(399), visitor_hash: 'b' },
      ])
      .execute();
    await ctx.database.db
      .insertInto('profile_views')
      .values([
        { user_id: user.id, viewed_at: at(401), visitor_hash: 'a' },
        { user_id: user.id, viewed_at: at(1), visitor_hash: 'a' },
      ])
      .execute();
    const outcome = await runRetention(ctx.database, 400, now);
    expect(outcome).toMatchObject({ ran: true });
    const clicks = await ctx.database.db
      .selectFrom('clicks')
      .select('visitor_hash')
      .where('code_id', '=', codeId)
      .execute();
    expect(clicks).toEqual([{ visitor_hash: 'b' }]);
    const views = await ctx.database.db
      .selectFrom('profile_views')
      .select('viewed_at')
      .where('user_id', '=', user.id)
      .execute();
    expect(views.map((v) => v.viewed_at)).toEqual([at(1)]);
    const buckets = await ctx.database.db
      .selectFrom('daily_code_stats')
      .select(['day', 'copies'])
      .where('code_id', '=', codeId)
      .orderBy('day')
      .execute();
    expect(buckets).toEqual([
      { day: at(401).slice(0, 10), copies: 1 },
      { day: at(399).slice(0, 10), copies: 1 },
    ]);
  });

  it('runs on one instance at a time (PostgreSQL advisory lock; SQLite: one writer)', async () => {
    // A second instance: its own connection (pool) to the same database.
    const second = createDatabase(ctx.testDatabase.config, { schema: ctx.testDatabase.schema });
    try {
      if (ctx.kind === 'postgres') {
        await ctx.database.db.transaction().execute(async (trx) => {
          // The first instance is running the job (it holds the lock)...
          await sql`select pg_advisory_xact_lock(${RETENTION_LOCK_KEY})`.execute(trx);
          // ...so the second skips this round.
          expect(await runRetention(second, 400, Date.now())).toEqual({
            ran: false,
            reason: 'locked',
          });
        });
        expect(await runRetention(second, 400, Date.now())).toMatchObject({ ran: true });
      } else {
        // SQLite has one writer per file: the run is one write transaction, so another process
        // waits for it (busy_timeout) and then finds nothing left. (One process cannot show the
        // wait: better-sqlite3 blocks its thread, so the two run one after the other here.)
        const a = await runRetention(ctx.database, 400, Date.now());
        const b = await runRetention(second, 400, Date.now());
        expect(a.ran && b.ran).toBe(true);
      }
    } finally {
      await second.close();
    }
  });
});
