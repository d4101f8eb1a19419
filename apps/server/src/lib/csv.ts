import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { neutralizeCell } from '@openseat/shared/csv';

export type CsvOptions = {
  /** A UTF-8 byte-order mark first, so Excel reads accents right. */
  bom?: boolean;
};

/** The rule is shared with the browser's CSV files (`packages/shared/src/csv.ts`). */
export { neutralizeCell };

const NEEDS_QUOTES = /[",\r\n]/;
/** What makes a text cell more than itself: a formula's first character, or a character that needs quotes. */
const NOT_PLAIN = /^[=+\-@\t\r]|[",\r\n]/;

/**
 * One cell as RFC 4180 text: empty for null, ISO for a date, quoted when it holds a comma, a quote or a newline.
 * Every text cell is neutralised (`neutralizeCell`): there is no switch to forget, for any export.
 */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  // a number's text never needs quotes nor neutralising (`-5` is a plain number): most cells of an export end here
  if (typeof value === 'number') return String(value);
  const text = value instanceof Date ? value.toISOString() : String(value);
  // most text cells: one test, and neither rule below would change them
  if (!NOT_PLAIN.test(text)) return text;
  const cell = neutralizeCell(text);
  return NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** One CSV record with its line end (built as one string: an export writes 100,000 of them). */
export function csvLine(cells: readonly unknown[]): string {
  let line = cells.length ? cellText(cells[0]) : '';
  for (let i = 1; i < cells.length; i++) line += ',' + cellText(cells[i]);
  return line + '\n';
}

/** Rows are sent in chunks of this many lines: one socket write per chunk, not per row. */
const ROWS_PER_CHUNK = 500;

/** A row source as batches: the first row alone (see `streamCsvBatches`), then ROWS_PER_CHUNK rows at a time. */
async function* batchesOf<T>(rows: AsyncIterable<T>) {
  let batch: T[] = [];
  let first = true;
  for await (const row of rows) {
    batch.push(row);
    if (first || batch.length === ROWS_PER_CHUNK) {
      yield batch;
      batch = [];
      first = false;
    }
  }
  if (batch.length) yield batch;
}

/**
 * Streams rows as CSV (header first) without holding the whole file in memory: lines are built as plain strings
 * and written a chunk at a time, and the next rows are read only when the client has taken the last chunk.
 * Every cell, headers included, goes through `neutralizeCell`.
 *
 * The query runs and its first row is read before any header is sent: a failure there (a bad filter, the
 * database gone) still answers as a JSON error. A failure after that aborts the download, so a cut file never
 * looks complete.
 */
export async function streamCsv<T>(
  reply: FastifyReply,
  filename: string,
  columns: string[],
  rows: AsyncIterable<T>,
  toCells: (row: T) => unknown[],
  options: CsvOptions = {},
) {
  return streamCsvBatches(reply, filename, columns, batchesOf(rows), toCells, options);
}

/**
 * `streamCsv` for a source that reads its rows a batch at a time (an export's id windows): each batch is one chunk
 * of text, and the first batch is read before any header is sent.
 */
export async function streamCsvBatches<T>(
  reply: FastifyReply,
  filename: string,
  columns: string[],
  batches: AsyncIterable<readonly T[]>,
  toCells: (row: T) => unknown[],
  options: CsvOptions = {},
) {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* chunks() {
    let done = first.done ?? false;
    try {
      // the header goes with the first batch: from here on the answer is a 200 file, cut on a failure
      let chunk = (options.bom ? '\ufeff' : '') + csvLine(columns);
      for (let next = first; !next.done; next = await iterator.next()) {
        for (const row of next.value) chunk += csvLine(toCells(row));
        if (chunk) yield chunk;
        chunk = '';
      }
      done = true;
      // the header alone, when there are no rows
      if (chunk) yield chunk;
    } finally {
      // the client went away or a row failed: let the row source close its cursor
      if (!done) await Promise.resolve(iterator.return?.()).catch(() => undefined);
    }
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(chunks(), { objectMode: false }));
}
