import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rowsOf } from '../lib/sql';

/**
 * Where a family's name, e-mail or phone still sits after it should be gone: every text-bearing column (text, varchar,
 * json, jsonb, arrays) of every table that holds `needle` in some row (any case), as "table.column".
 */
export async function tablesHolding(db: Executor, needle: string): Promise<string[]> {
  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      SELECT c.table_name, c.column_name FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
       WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
         AND c.data_type IN ('text', 'character varying', 'json', 'jsonb', 'ARRAY')`),
  );
  const found: string[] = [];
  for (const c of columns) {
    const [{ n }] = rowsOf<{ n: number }>(
      await db.execute(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(c.table_name)} WHERE ${sql.identifier(c.column_name)}::text ILIKE ${`%${needle}%`}`,
      ),
    );
    if (n > 0) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}
