import { type RawBuilder, sql } from 'kysely';
import type { Dialect } from './database.ts';

export type RowBatchColumnType = 'text' | 'timestamp';

/**
 * Many rows passed as a table in a FROM clause, with SQL text that does not depend on how many
 * rows there are: SQLite reads one JSON array (`json_each`), PostgreSQL one array per column
 * (`unnest`). A statement built on it compiles once and keeps SQLite's prepared statement.
 */
export interface RowBatch<Row extends readonly string[]> {
  /** The FROM item: `alias(column, …)`, one row per batch row, columns in declared order. */
  readonly table: RawBuilder<unknown>;
  /** The parameters for these rows, in order; a statement using `table` must have no others. */
  parameters(rows: readonly Row[]): unknown[];
}

const POSTGRES_TYPES: Record<RowBatchColumnType, string> = {
  text: 'text',
  timestamp: 'timestamptz',
};

/** `columns` maps each column's name to its type, in the order the row arrays hold them. */
export function rowBatch<Row extends readonly string[]>(
  dialect: Dialect,
  alias: string,
  columns: Record<string, RowBatchColumnType>,
): RowBatch<Row> {
  const names = Object.keys(columns);
  if (dialect === 'sqlite') {
    // Timestamps are ISO 8601 text on SQLite (migrations/column-types.ts): no conversion.
    const selected = names.map((name, i) => sql`value ->> ${sql.lit(i)} as ${sql.id(name)}`);
    return {
      table: sql`(select ${sql.join(selected)} from json_each(${null})) as ${sql.id(alias)}`,
      parameters: (rows) => [JSON.stringify(rows)],
    };
  }
  const arrays = names.map(
    (name) => sql`cast(${null} as ${sql.raw(POSTGRES_TYPES[columns[name]!])}[])`,
  );
  return {
    table: sql`unnest(${sql.join(arrays)}) as ${sql.id(alias)}(${sql.join(names.map((name) => sql.id(name)))})`,
    parameters: (rows) => names.map((_, i) => rows.map((row) => row[i])),
  };
}
