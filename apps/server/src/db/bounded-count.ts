import { sql, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { LIST_TOTAL_BOUND } from '@openseat/shared/constants';
import { rowsOf } from '../lib/sql';
import type { Executor } from './client';

/*
 * The totals of the long lists, counted up to a bound: `SELECT count(*) FROM (SELECT 1 ... LIMIT bound + 1)` stops
 * reading at the bound, so a page costs the same at 100,000 matching rows as at 2,001. Beyond the bound the total
 * says "more than bound"; the exact count is read only when the caller asks for it.
 */

/** A list's total: exact, or (totalExact false) a number the real count is greater than. */
export type Total = { total: number; totalExact: boolean };

/** How many rows to count: up to `bound`, or all of them (`exact`). */
export type Counting = { exact: boolean; bound: number };

/** The counting a list query asks for (`exactTotal=true`), with the product's bound. */
export const countingOf = (exactTotal: boolean | undefined, bound = LIST_TOTAL_BOUND): Counting => ({
  exact: exactTotal === true,
  bound,
});

/** Every row counted: a list that stays short (one application's messages). */
export const EVERY_ROW: Counting = countingOf(true);

const totalOf = (n: number, { exact, bound }: Counting): Total =>
  exact || n <= bound ? { total: n, totalExact: true } : { total: bound, totalExact: false };

/**
 * Counts the rows of `rows` (a select of the list's rows, any columns, unsorted and uncut), up to the bound unless
 * exact. The select's own columns are not read: the count is of the rows.
 */
export async function countRows(db: Executor, rows: PgSelect, counting: Counting): Promise<Total> {
  const probe = (counting.exact ? rows : rows.limit(counting.bound + 1)).as('counted');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(probe);
  return totalOf(row.n, counting);
}

/** Counts the rows of one table that `where` keeps. */
export const countWhere = (db: Executor, table: PgTable, where: SQL | undefined, counting: Counting) =>
  countRows(
    db,
    db
      .select({ one: sql<number>`1`.as('one') })
      .from(table)
      .where(where)
      .$dynamic(),
    counting,
  );

/** The same for a list read with raw SQL: `from` is the `FROM ... WHERE ...` of its rows (no ORDER BY). */
export async function countRowsSql(db: Executor, from: SQL, counting: Counting): Promise<Total> {
  const limit = counting.exact ? sql`` : sql` LIMIT ${counting.bound + 1}`;
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM (SELECT 1 ${from}${limit}) AS counted`),
  );
  return totalOf(Number(row.n), counting);
}

/**
 * What a page's rows say of the total when the count stopped at the bound: a page shorter than its size, not empty,
 * is the last one, so the total is its offset plus its rows.
 */
export function totalAfterPage(total: Total, offset: number, pageSize: number, rowsOnPage: number): Total {
  if (total.totalExact || rowsOnPage === 0 || rowsOnPage >= pageSize) return total;
  return { total: offset + rowsOnPage, totalExact: true };
}
