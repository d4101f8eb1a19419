import { http } from './client';

/** Downloads a CSV through the authorised client (the token never goes into a URL). */
export async function downloadCsv(path: string, filename: string, query: Record<string, string | number | undefined>) {
  const res = await http.request<Response>('GET', path, { query, raw: true });
  const url = URL.createObjectURL(await res.blob());
  Object.assign(document.createElement('a'), { href: url, download: filename }).click();
  URL.revokeObjectURL(url);
}
