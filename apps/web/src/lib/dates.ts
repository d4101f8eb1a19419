/** MM/DD/YYYY (spec section 9); `fallback` when there is no date. Calendar dates are read as UTC. */
export function formatDate(value: string | Date | null | undefined, fallback: string): string {
  if (!value) return fallback;
  const d = typeof value === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value) : value;
  if (Number.isNaN(d.getTime())) return fallback;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
}
