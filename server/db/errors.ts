/** Dialect-specific error shapes, recognised in one place. */

interface DriverError {
  code?: unknown;
  message?: unknown;
}

/** A UNIQUE or PRIMARY KEY violation on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as DriverError | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** A FOREIGN KEY violation on SQLite or PostgreSQL. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as DriverError | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
]);

/** The database cannot be reached right now: answer 503, do not crash. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const err = error as DriverError | null;
  if (!err) return false;
  if (typeof err.code === 'string' && UNAVAILABLE_CODES.has(err.code)) return true;
  const message = typeof err.message === 'string' ? err.message : '';
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Client was closed and is not queryable/i.test(
    message,
  );
}

/**
 * PostgreSQL refused a text value its encoding cannot hold (a NUL byte, for one). SQLite stores
 * such text, so validation should refuse it first; this keeps a miss there a 400, not a 500.
 */
export function isInvalidTextValue(error: unknown): boolean {
  const code = (error as DriverError | null)?.code;
  return code === '22021' || code === '22P05';
}
