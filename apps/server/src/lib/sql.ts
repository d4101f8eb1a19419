import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** An ILIKE pattern for "contains", with the user's %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/** The rows of `db.execute(sql...)`, whichever driver answered (PGlite and node-postgres shape them alike). */
export const rowsOf = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/**
 * The values as one PostgreSQL array literal (`{1,NULL,"a \"b\""}`), for `unnest(${arrayOf(xs)}::int[], ...)`: a
 * bulk write's columns as one parameter each, read by the database in one pass (drizzle would bind an array's
 * items one parameter each).
 */
export function arrayOf(values: ReadonlyArray<string | number | boolean | null>): string {
  const items = values.map((v) =>
    v === null ? 'NULL' : typeof v === 'string' ? `"${v.replace(/["\\]/g, '\\$&')}"` : String(v),
  );
  return `{${items.join(',')}}`;
}

/**
 * `column = ANY(ids)` with the ids as ONE parameter: `inArray` binds one parameter per id, and a lottery's
 * thousands cost more to bind and parse than the query itself (and stop at the protocol's 65,535).
 */
export const inIds = (column: AnyColumn | SQL, ids: readonly number[]) =>
  sql`${column} = ANY(${arrayOf(ids.map((id) => Math.trunc(id)))}::int[])`;
