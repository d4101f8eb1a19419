/*
 * What the database's planner does well, noted once when the app opens it, by the Drizzle instance it opened.
 * A transaction's executor is another object: it gets the forms every supported version plans well.
 */

const walksSortedArrays = new WeakSet<object>();

/**
 * PostgreSQL 17 reads a btree in one pass for a whole sorted array (`column = ANY(array)`), skipping what lies
 * between its values; 15 and 16 search the tree again for each value, which costs more than a hash join once the
 * array holds thousands of values. PGlite is PostgreSQL 18.
 */
export async function notePlanner(database: {
  db: object;
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
}) {
  const { rows } = await database.executeSql('SHOW server_version_num', []);
  const version = Number((rows[0] as { server_version_num: string }).server_version_num);
  if (version >= 170000) walksSortedArrays.add(database.db);
}

/** Whether `= ANY(ARRAY(subquery))` over an index is the better form on this executor's database. */
export const readsArraysInOnePass = (executor: object) => walksSortedArrays.has(executor);
