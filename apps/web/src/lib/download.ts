import { neutralizeCell } from '@openseat/shared/csv';
import { http } from './client';

/** Downloads a CSV through the authorised client (the token never goes into a URL). */
export async function downloadCsv(path: string, filename: string, query: Record<string, string | number | undefined>) {
  const res = await http.request<Response>('GET', path, { query, raw: true });
  const url = URL.createObjectURL(await res.blob());
  Object.assign(document.createElement('a'), { href: url, download: filename }).click();
  URL.revokeObjectURL(url);
}

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
  const url = URL.createObjectURL(new Blob([`\uFEFF${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' }));
  Object.assign(document.createElement('a'), { href: url, download: filename }).click();
  URL.revokeObjectURL(url);
}
