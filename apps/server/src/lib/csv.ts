import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify';

export type CsvOptions = {
  /** A UTF-8 byte-order mark first, so Excel reads accents right. */
  bom?: boolean;
  /** Text cells that a spreadsheet would run as a formula are written as text (see `neutralizeCell`). */
  neutralize?: boolean;
};

/** A cell starting with = + - @ tab or CR is a formula to Excel or Sheets: a leading ' keeps it plain text (OWASP). */
export const neutralizeCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * Streams rows as CSV (header first) without holding the whole file in memory.
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
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  const csv = stringify({
    header: true,
    columns,
    bom: options.bom ?? false,
    cast: {
      boolean: (v) => String(v),
      ...(options.neutralize ? { string: (v: string) => neutralizeCell(v) } : {}),
    },
  });
  void (async () => {
    try {
      for (let next = first; !next.done; next = await iterator.next()) {
        if (!csv.write(toCells(next.value))) await new Promise((resolve) => csv.once('drain', resolve));
      }
      csv.end();
    } catch (error) {
      await Promise.resolve(iterator.return?.()).catch(() => undefined);
      csv.destroy(error as Error);
    }
  })();
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
}
