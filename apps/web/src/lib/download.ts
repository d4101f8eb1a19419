import { neutralizeCell } from '@openseat/shared/csv';
import { http } from './client';

type Query = Record<string, string | number | undefined>;

/** A file read through the authorised client (the token never goes into a URL); `path` may start with /api. */
export async function fetchBlob(path: string, query?: Query): Promise<Blob> {
  const res = await http.request<Response>('GET', path.replace(/^\/api(?=\/)/, ''), { query, raw: true });
  return res.blob();
}

/** Has the browser save `blob` as a file named `filename`. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  Object.assign(document.createElement('a'), { href: url, download: filename }).click();
  URL.revokeObjectURL(url);
}

/** Saves a file read through the authorised client under `filename`. */
export async function downloadFile(path: string, filename: string, query?: Query) {
  saveBlob(await fetchBlob(path, query), filename);
}

/** Downloads a CSV through the authorised client. */
export const downloadCsv = (path: string, filename: string, query: Query) => downloadFile(path, filename, query);

/** A table answered as JSON (`{headers, data}`), saved as a CSV file the browser downloads. */
export type JsonTable = { headers: Array<{ key: string; label: string }>; data: Array<Record<string, string | null>> };

/** Quoted when needed; a cell a spreadsheet would run as a formula is kept as text, a phone as it is (OWASP). */
function cell(raw: string) {
  const value = neutralizeCell(raw);
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function saveCsv({ headers, data }: JsonTable, filename: string) {
  const lines = [
    headers.map((h) => cell(h.label)).join(','),
    ...data.map((row) => headers.map((h) => cell(row[h.key] ?? '')).join(',')),
  ];
  saveBlob(new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' }), filename);
}
