/** PostgreSQL SQLSTATE of a failed query; both drivers report it, and drizzle wraps it in `cause`. */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => sqlStateOf(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => sqlStateOf(error) === '23503';

/** The name of the constraint a failed query broke, when the driver reports one. */
export function constraintOf(error: unknown): string | undefined {
  for (let e = error as { constraint?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.constraint === 'string') return e.constraint;
    e = e.cause as typeof e;
  }
  return undefined;
}
