/** MM/DD/YYYY (spec section 9); `fallback` when there is no date. Calendar dates are read as UTC. */
export function formatDate(value: string | Date | null | undefined, fallback: string): string {
  const d = toDate(value);
  if (!d) return fallback;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

/**
 * A moment: the date as the spec fixes it (MM/DD/YYYY), then the time of day in the reader's language and
 * time zone ('2:05 PM' in English, '14:05' in Spanish), which the spec leaves open.
 */
export function formatDateTime(
  value: string | Date | null | undefined,
  language: string,
  fallback: string,
  timeZone?: string,
): string {
  const d = toDate(value);
  if (!d) return fallback;
  const local = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(d);
  const part = (type: string) => local.find((p) => p.type === type)?.value ?? '';
  const time = new Intl.DateTimeFormat(language === 'es' ? 'es' : 'en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
  })
    .format(d)
    .replace(/[\u202f\u00a0]/g, ' ');
  return `${part('month')}/${part('day')}/${part('year')} ${time}`;
}

/**
 * A moment as `formatDateTime` writes it, in the given zone and saying which ('11/25/2026 9:11 PM MST'): staff and
 * families in other zones read the school's time, not their own.
 */
export function formatDateTimeIn(
  value: string | Date | null | undefined,
  language: string,
  fallback: string,
  timeZone: string | undefined,
): string {
  const d = toDate(value);
  if (!d) return fallback;
  const zone = new Intl.DateTimeFormat(language === 'es' ? 'es' : 'en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(d)
    .find((p) => p.type === 'timeZoneName')?.value;
  const moment = formatDateTime(d, language, fallback, timeZone);
  return zone ? `${moment} ${zone}` : moment;
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const d =
    typeof value === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value) : value;
  return Number.isNaN(d.getTime()) ? null : d;
}
