/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/** Whether a failed write broke a unique index (PGlite and node-postgres, wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    if ('code' in current && current.code === UNIQUE_VIOLATION) return true;
    current = current.cause;
  }
  return false;
}
