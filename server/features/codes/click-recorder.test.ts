import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createDatabase } from '../../db/database.ts';
import { isDatabaseUnavailable } from '../../db/errors.ts';
import {
  describeEachDatabase,
  describeNeeding,
  type TestContext,
} from '../../test-support/test-app.ts';
import { createClickRecorder } from './click-recorder.ts';
import type { ClickRow } from './clicks.repository.ts';
import { click, counts, newCode, UNKNOWN_CODE_ID } from './clicks.test-helpers.ts';

let hashCounter = 0;
function row(codeId: string): ClickRow {
  hashCounter += 1;
  return {
    codeId,
    clickedAt: new Date().toISOString(),
    visitorHash: hashCounter.toString(16).padStart(64, '0'),
  };
}

/** The code ids of these codes' click events in the order they were inserted. */
async function insertionOrder(ctx: TestContext, codeIds: string[]): Promise<string[]> {
  const rows = await ctx.database.db
    .selectFrom('clicks')
    .select('code_id')
    .where('code_id', 'in', codeIds)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.code_id);
}

/** PostgreSQL only: how many transactions wrote these codes' click events. */
async function transactions(ctx: TestContext, codeIds: string[]): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(distinct xmin::text)::int as n from clicks
    where code_id in (${sql.join(codeIds)})`.execute(ctx.database.db);
  return rows[0]?.n ?? 0;
}

/**
 * A trigger that, while inserting a click for `codeId`, either deletes that code (the click's
 * foreign key then fails the statement, as when the owner deletes it mid-batch) or raises.
 */
async function sabotage(ctx: TestContext, codeId: string, how: 'delete-code' | 'raise') {
  const db = ctx.database.db;
  const id = sql.lit(codeId);
  if (ctx.kind === 'sqlite') {
    const action =
      how === 'delete-code'
        ? sql`delete from codes where id = new.code_id;`
        : sql`select raise(abort, 'sabotaged click');`;
    await sql`create trigger sabotage before insert on clicks
      when new.code_id = ${id} begin ${action} end`.execute(db);
    return;
  }
  const action =
    how === 'delete-code'
      ? sql`delete from codes where id = new.code_id; return new;`
      : sql`raise exception 'sabotaged click';`;
  await sql`create function sabotage() returns trigger language plpgsql as $$
    begin ${action} end $$`.execute(db);
  await sql`create trigger sabotage before insert on clicks for each row
    when (new.code_id = ${id}) execute function sabotage()`.execute(db);
}

describeEachDatabase('click group commit', (ctx) => {
  afterEach(async () => {
    await sql`drop trigger if exists sabotage${ctx.kind === 'postgres' ? sql` on clicks` : sql``}`.execute(
      ctx.database.db,
    );
    if (ctx.kind === 'postgres')
      await sql`drop function if exists sabotage()`.execute(ctx.database.db);
  });

  it('writes the clicks of one turn in one statement, in code-id order, each visitor counted', async () => {
    const [a, b, c] = [await newCode(ctx), await newCode(ctx), await newCode(ctx)] as const;
    const recorder = createClickRecorder(ctx.database);
    const results = await Promise.all(
      [c, a, UNKNOWN_CODE_ID, b, a, c, a].map((id) => recorder.record(row(id))),
    );
    expect(results).toEqual([
      'counted',
      'counted',
      'not-found',
      'counted',
      'counted',
      'counted',
      'counted',
    ]);
    expect(await insertionOrder(ctx, [a, b, c])).toEqual([a, a, a, b, c, c]);
    if (ctx.kind === 'postgres') expect(await transactions(ctx, [a, b, c])).toBe(1);
    expect((await counts(ctx, a)).clicks).toBe(3);
    expect((await counts(ctx, b)).clicks).toBe(1);
    expect((await counts(ctx, c)).clicks).toBe(2);
    await recorder.close();
  });

  it('splits a queue longer than the batch cap and counts every click', async () => {
    const code = await newCode(ctx);
    const recorder = createClickRecorder(ctx.database, { maxBatch: 4 });
    const results = await Promise.all(Array.from({ length: 10 }, () => recorder.record(row(code))));
    expect(results).toEqual(Array(10).fill('counted'));
    if (ctx.kind === 'postgres') expect(await transactions(ctx, [code])).toBe(3);
    const { clicks, events } = await counts(ctx, code);
    expect(clicks).toBe(10);
    expect(events).toHaveLength(10);
    await recorder.close();
  });

  it('falls back to one click at a time when a code is deleted mid-batch: only that click is refused', async () => {
    const [a, doomed, c] = [await newCode(ctx), await newCode(ctx), await newCode(ctx)] as const;
    await sabotage(ctx, doomed, 'delete-code');
    const recorder = createClickRecorder(ctx.database);
    const again = row(c);
    const results = await Promise.all(
      [row(c), row(doomed), again, row(a), row(c), { ...again }].map((r) => recorder.record(r)),
    );
    expect(results).toEqual(['counted', 'not-found', 'counted', 'counted', 'counted', 'repeat']);
    // Written one by one, in arrival order: the batch statement itself failed and stored nothing;
    // the visitor's repeat is still caught (the earlier row is committed by then).
    expect(await insertionOrder(ctx, [a, doomed, c])).toEqual([c, c, a, c]);
    expect((await counts(ctx, a)).clicks).toBe(1);
    expect((await counts(ctx, c)).clicks).toBe(3);
    await recorder.close();
  });

  it('fails only the click whose row errors; the rest of its batch is stored', async () => {
    const [a, bad] = [await newCode(ctx), await newCode(ctx)] as const;
    await sabotage(ctx, bad, 'raise');
    const recorder = createClickRecorder(ctx.database);
    const results = await Promise.allSettled([a, bad, a].map((id) => recorder.record(row(id))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain('sabotaged click');
    expect((await counts(ctx, a)).clicks).toBe(2);
    expect((await counts(ctx, bad)).clicks).toBe(0);
    await recorder.close();
  });

  it('close() writes what is still queued before it resolves', async () => {
    const code = await newCode(ctx);
    const recorder = createClickRecorder(ctx.database);
    const pending = [1, 2, 3].map(() => recorder.record(row(code)));
    await recorder.close();
    expect((await counts(ctx, code)).clicks).toBe(3);
    expect(await Promise.all(pending)).toEqual(['counted', 'counted', 'counted']);
  });

  it("stores one visitor's copies of a code once: within a batch, across batches, and apart from unknown codes", async () => {
    const [a, b] = [await newCode(ctx), await newCode(ctx)] as const;
    const recorder = createClickRecorder(ctx.database);
    const visitor = row(a).visitorHash;
    const as = (codeId: string): ClickRow => ({
      codeId,
      clickedAt: new Date().toISOString(),
      visitorHash: visitor,
    });
    const first = await Promise.all(
      [a, a, UNKNOWN_CODE_ID, b, a, UNKNOWN_CODE_ID, b].map((id) => recorder.record(as(id))),
    );
    expect(first).toEqual([
      'counted',
      'repeat',
      'not-found',
      'counted',
      'repeat',
      'not-found',
      'repeat',
    ]);
    if (ctx.kind === 'postgres') expect(await transactions(ctx, [a, b])).toBe(1);
    const second = await Promise.all([b, UNKNOWN_CODE_ID, a].map((id) => recorder.record(as(id))));
    expect(second).toEqual(['repeat', 'not-found', 'repeat']);
    // Someone else copying in the same batch still counts.
    expect(await Promise.all([recorder.record(as(a)), recorder.record(row(a))])).toEqual([
      'repeat',
      'counted',
    ]);
    const { clicks, events } = await counts(ctx, a);
    expect(clicks).toBe(2);
    expect(events).toHaveLength(2);
    expect((await counts(ctx, b)).clicks).toBe(1);
    await recorder.close();
  });

  it('counts a visitor again once 30 minutes have passed since the counted copy', async () => {
    const code = await newCode(ctx);
    const recorder = createClickRecorder(ctx.database);
    const visitor = row(code).visitorHash;
    const at = (iso: string) =>
      recorder.record({ codeId: code, clickedAt: iso, visitorHash: visitor });
    expect(await at('2026-11-22T10:00:00.000Z')).toBe('counted');
    expect(await at('2026-11-22T10:29:59.999Z')).toBe('repeat');
    expect(await at('2026-11-22T10:30:00.000Z')).toBe('counted');
    expect((await counts(ctx, code)).clicks).toBe(2);
    await recorder.close();
  });

  it('answers each request of a burst for itself: 202 known, 404 unknown, bots uncounted, sums exact', async () => {
    const codes = [await newCode(ctx), await newCode(ctx), await newCode(ctx)];
    const plan = Array.from({ length: 300 }, (_, i) => ({
      codeId: i % 10 === 3 ? UNKNOWN_CODE_ID : codes[i % codes.length]!,
      bot: i % 7 === 0,
    }));
    const responses = await Promise.all(
      plan.map((p) =>
        p.bot ? click(ctx, p.codeId, undefined, 'Googlebot/2.1') : click(ctx, p.codeId),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    // Bots are answered 202 without a lookup; people get 404 for the unknown code only.
    expect(statuses).toEqual(
      plan.map((p) => (p.bot ? 202 : p.codeId === UNKNOWN_CODE_ID ? 404 : 202)),
    );
    for (const code of codes) {
      const counted = plan.filter((p) => !p.bot && p.codeId === code).length;
      const { clicks, events } = await counts(ctx, code);
      expect(clicks).toBe(counted);
      expect(events).toHaveLength(counted);
    }
    const people202 = plan.filter((p, i) => !p.bot && statuses[i] === 202).length;
    const total = await ctx.database.db
      .selectFrom('codes')
      .select((eb) => eb.fn.sum<number>('clicks').as('n'))
      .where('id', 'in', codes)
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(people202);
  });
});

describeNeeding('TEST_DATABASE_URL', 'click group commit, PostgreSQL down', () => {
  it('fails every click of the batch as unavailable (503)', async () => {
    // Nothing listens on port 1: every query fails to connect.
    const down = createDatabase({
      kind: 'postgres',
      url: 'postgres://postgres@127.0.0.1:1/none',
    });
    try {
      const recorder = createClickRecorder(down);
      const results = await Promise.allSettled(
        [1, 2, 3].map(() => recorder.record(row(UNKNOWN_CODE_ID))),
      );
      for (const result of results) {
        expect(result.status).toBe('rejected');
        expect(isDatabaseUnavailable((result as PromiseRejectedResult).reason)).toBe(true);
      }
    } finally {
      await down.close();
    }
  });
});
