import { CompiledQuery, type Insertable } from 'kysely';
import { expect, it } from 'vitest';
import { newId } from '../../db/ids.ts';
import { setProfileTriggers } from '../../db/migrations/2026-11-22-0052-profile-read-model.ts';
import type { CodesTable } from '../../db/schema.ts';
import { describeEachDatabase, type TestContext } from '../../test-support/test-app.ts';
import { listedCodesQuery, voteTotalsQuery } from './discovery.repository.ts';

/**
 * Issue 14, item 7: a service page's query does not grow with the number of codes in the
 * database (the bench measures the same at 20,000 and 2,000,000 codes). Checked without a
 * clock: the plan reads `codes` only through the partial index of listed codes, and on
 * PostgreSQL (EXPLAIN ANALYZE) the rows it touches are this service's listed codes, however
 * many others there are.
 */

const TODAY = '2026-11-23';
const LISTED_HERE = 3;

async function insertOwners(ctx: TestContext, count: number, prefix: string) {
  const at = '2026-01-01T00:00:00.000Z';
  const users = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    email: `${prefix}${i}@example.com`,
    username: `${prefix}${i}`,
    created_at: at,
  }));
  for (let i = 0; i < users.length; i += 200) {
    await ctx.database.db
      .insertInto('users')
      .values(users.slice(i, i + 200))
      .execute();
  }
  return users.map((u) => u.id);
}

function code(userId: string, service: string, listed: 0 | 1, n: number): Insertable<CodesTable> {
  const at = new Date(Date.parse('2026-02-01T00:00:00Z') + n * 1000).toISOString();
  return {
    id: newId(),
    user_id: userId,
    service,
    code: `G${n}`,
    reward: '10',
    listed,
    created_at: at,
    updated_at: at,
  };
}

async function insertCodes(ctx: TestContext, rows: Insertable<CodesTable>[]) {
  for (let i = 0; i < rows.length; i += 200) {
    await ctx.database.db
      .insertInto('codes')
      .values(rows.slice(i, i + 200))
      .execute();
  }
}

interface PgPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PgPlanNode[];
}

function nodesOn(node: PgPlanNode, relation: string): PgPlanNode[] {
  const own = node['Relation Name'] === relation ? [node] : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => nodesOn(child, relation))];
}

/** How the query reaches `codes`: the index of each access and the rows it touched. */
async function codesAccess(ctx: TestContext, query: { compile(): CompiledQuery }) {
  const compiled = query.compile();
  if (ctx.kind === 'sqlite') {
    const plan = await ctx.database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    return plan.rows.map((row) => row.detail).filter((d) => /\bcodes\b/.test(d));
  }
  // A few thousand rows fit in a few pages, and PostgreSQL then rightly reads the table whole; at
  // the bench's 2,000,000 it would not. Sequential scans are priced out for this one EXPLAIN, so
  // the plan shows whether the partial index can serve the query as written (its `listed = $n`
  // parameter must match the index's `listed = 1`), and how many rows that reads.
  const plan = await ctx.database.db.transaction().execute(async (trx) => {
    await trx.executeQuery(CompiledQuery.raw('set local enable_seqscan = off'));
    return trx.executeQuery<{ 'QUERY PLAN': Array<{ Plan: PgPlanNode }> }>(
      CompiledQuery.raw(`explain (analyze, format json) ${compiled.sql}`, [...compiled.parameters]),
    );
  });
  return nodesOn(plan.rows[0]!['QUERY PLAN'][0]!.Plan, 'codes').map((node) => {
    const loops = node['Actual Loops'] ?? 1;
    const touched =
      ((node['Actual Rows'] ?? 0) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0)) *
      loops;
    // An index scan names its index; a bitmap heap scan's index is its child's.
    const index =
      node['Index Name'] ??
      (node.Plans ?? []).map((child) => child['Index Name'] ?? '').join(',') ??
      '';
    return `${index || node['Node Type']}: ${touched} rows`;
  });
}

describeEachDatabase('service listing query growth', (ctx) => {
  it("reads only the service's listed codes, through the partial index, however many other codes there are", async () => {
    const db = ctx.database.db;
    const owners = await insertOwners(ctx, LISTED_HERE, 'lister');
    await insertCodes(
      ctx,
      owners.map((id, i) => code(id, 'uber', 1, i)),
    );
    const listing = () => codesAccess(ctx, listedCodesQuery(db, 'uber', TODAY));
    const before = await listing();

    // 4,000 unrelated codes: unlisted ones of the same service, listed ones of other services.
    // The profile read model's triggers are paused for the bulk insert (as the bench does).
    await setProfileTriggers(db, ctx.database.dialect, false);
    const others = await insertOwners(ctx, 400, 'other');
    const services = ['uber', 'lyft', 'bolt', 'spotify'];
    await insertCodes(
      ctx,
      others.flatMap((id, u) =>
        Array.from({ length: 10 }, (_, c) =>
          code(id, services[c % 4]!, c % 4 === 0 ? 0 : 1, 100 + u * 10 + c),
        ),
      ),
    );
    await setProfileTriggers(db, ctx.database.dialect, true);
    if (ctx.kind === 'postgres') await db.executeQuery(CompiledQuery.raw('analyze'));
    const after = await listing();

    if (ctx.kind === 'sqlite') {
      expect(after).toEqual(before);
      expect(after).toHaveLength(1);
      expect(after[0]).toMatch(/^SEARCH codes USING INDEX codes_listed_service_idx \(service=\?/);
      // The feedback totals reach codes the same way.
      const votes = await codesAccess(ctx, voteTotalsQuery(db, 'uber', '2026-08-25'));
      expect(votes.join('\n')).toContain('codes_listed_service_idx');
      expect(votes.join('\n')).not.toMatch(/SCAN codes\b/);
    } else {
      // Exactly this service's 3 listed rows, out of 4,003 codes.
      expect(after).toEqual([`codes_listed_service_idx: ${LISTED_HERE} rows`]);
    }
    expect((await listedCodesQuery(db, 'uber', TODAY).execute()).length).toBe(LISTED_HERE);
  });
});
