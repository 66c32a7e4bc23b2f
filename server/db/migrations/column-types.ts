import type { ColumnDataType, CreateTableBuilder } from 'kysely';
import type { Dialect } from '../database.ts';

/** The few places where the two dialects' DDL differs. */
export function columnTypes(dialect: Dialect) {
  return {
    /** ISO 8601 text on SQLite (sorts correctly); timestamptz on PostgreSQL. */
    timestamp: (dialect === 'sqlite' ? 'text' : 'timestamptz') as ColumnDataType,
    /** An auto-incrementing integer primary key. */
    addAutoId<T extends string>(table: CreateTableBuilder<T, never>, name: string) {
      return dialect === 'sqlite'
        ? table.addColumn(name, 'integer', (c) => c.primaryKey().autoIncrement())
        : table.addColumn(name, 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity());
    },
  };
}
