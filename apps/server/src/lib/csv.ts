import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify';

/** Streams rows as CSV (header first) without holding the whole file in memory. */
export function streamCsv<T>(reply: FastifyReply, filename: string, columns: string[], rows: AsyncIterable<T>, toCells: (row: T) => unknown[]) {
  const csv = stringify({ header: true, columns, cast: { boolean: (v) => String(v) } });
  void (async () => {
    try {
      for await (const row of rows) {
        if (!csv.write(toCells(row))) await new Promise((resolve) => csv.once('drain', resolve));
      }
      csv.end();
    } catch (error) {
      csv.destroy(error as Error);
    }
  })();
  return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).send(csv);
}
