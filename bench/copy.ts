/**
 * PostgreSQL's own export, the floor the CSV export is measured against: `COPY (SELECT ...) TO STDOUT` of the same
 * join over the same rows, read to its end by this process (pg-copy-streams is not installed: a small query object
 * of node-postgres's "submittable" kind reads the COPY data; on PGlite, `COPY ... TO '/dev/blob'`).
 */
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client';
import type { Statement } from './statements';

/** A bound value written into the SQL text (COPY takes no parameters). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(',')}]`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

/**
 * The export's window statement (`select string_agg(row(<columns>)::text, E'\n' ORDER BY <key>) from <join> where
 * <list> and id > $a and id <= $b`) as the plain rows of every window: `select <columns> from <join> where <list>
 * order by <key>`, its last two values (the window) opened to every id.
 */
export function copyQueryOf(window: Statement): string {
  const q = window.query;
  const open = 'string_agg(row(';
  const close = ")::text, E'\\n' ORDER BY ";
  const start = q.indexOf(open);
  const orderAt = q.lastIndexOf(close);
  const end = q.indexOf(')', orderAt + close.length);
  const from = q.toLowerCase().indexOf(' from ', end);
  if (start < 0 || orderAt < start || end < 0 || from < 0)
    throw new Error(`not an export window statement: ${q.slice(0, 200)}`);
  const columns = q.slice(start + open.length, orderAt);
  const order = q.slice(orderAt + close.length, end);
  const params = [...window.params];
  params[params.length - 2] = 0;
  params[params.length - 1] = 2 ** 31 - 1;
  const text = `select ${columns}${q.slice(from)} order by ${order}`;
  return text.replace(/\$(\d+)/g, (_, k: string) => literal(params[Number(k) - 1]));
}

/** node-postgres query object that runs `COPY ... TO STDOUT` in the simple protocol and counts what comes. */
class CopyOut {
  bytes = 0;
  rows = 0;
  readonly done: Promise<{ rows: number; bytes: number }>;
  private resolve!: (r: { rows: number; bytes: number }) => void;
  private reject!: (e: Error) => void;
  private error: Error | null = null;

  constructor(private readonly text: string) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }
  submit(connection: { query: (text: string) => void }) {
    connection.query(this.text);
  }
  handleCopyData(msg: { chunk: Buffer }) {
    this.bytes += msg.chunk.length;
  }
  handleCommandComplete(msg: { text: string }) {
    this.rows = Number(msg.text.split(' ')[1]);
  }
  handleEmptyQuery() {}
  handleError(err: Error) {
    this.error = err;
  }
  handleReadyForQuery() {
    if (this.error) this.reject(this.error);
    else this.resolve({ rows: this.rows, bytes: this.bytes });
  }
}

/** Runs `COPY (<select>) TO STDOUT (FORMAT csv, HEADER)` and reads it to its end: rows and bytes. */
export async function copyOut(database: Database, databaseUrl: string | null, select: string) {
  const copy = `COPY (${select}) TO STDOUT WITH (FORMAT csv, HEADER)`;
  if (database.kind === 'pglite') {
    // drizzle's PGlite client: `COPY ... TO '/dev/blob'` answers the file as a Blob
    type PGliteCopy = { query: (text: string) => Promise<{ blob?: Blob }> };
    const client = (database.db as unknown as { $client: PGliteCopy }).$client;
    const result = await client.query(copy.replace('TO STDOUT', `TO '/dev/blob'`));
    const text = (await result.blob?.text()) ?? '';
    return { rows: (text.match(/\n/g) ?? []).length - 1, bytes: text.length };
  }
  const client = new pg.Client({ connectionString: databaseUrl! });
  await client.connect();
  try {
    const query = new CopyOut(copy);
    // a submittable: node-postgres hands it the connection's messages
    void client.query(query as unknown as pg.QueryConfig);
    return await query.done;
  } finally {
    await client.end();
  }
}
