import type { TestContext } from './test-app.ts';

/** Every table of the test's own database (its schema on PostgreSQL), by introspection. */
export async function ownTables(ctx: TestContext): Promise<string[]> {
  const tables = await ctx.database.db.introspection.getTables();
  const schema = ctx.testDatabase.schema;
  return tables
    .filter((table) => schema === undefined || table.schema === schema)
    .map((table) => table.name);
}
