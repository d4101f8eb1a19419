import type { DashboardPeriod } from '@openseat/shared/schemas/dashboard';

/** Local calendar days [from, to) as 'YYYY-MM-DD' (`to` excluded). */
export type Days = { from: string; to: string };
export type PeriodDays = { current: Days; previous: Days };

type LocalDate = { year: number; month: number; day: number };

/** The calendar date it is at `now` in `timeZone`. */
export function localDate(now: Date, timeZone: string): LocalDate {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** 'YYYY-MM-DD' of a date given by parts that may overflow (month 0 = December of the year before, day 32...). */
export function isoDay(year: number, month: number, day = 1): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
const addDays = (day: string, n: number) => new Date(Date.parse(day) + n * DAY_MS).toISOString().slice(0, 10);
const earlier = (a: string, b: string) => (a < b ? a : b);

/** Offset of `timeZone` from UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant local midnight starts `day` ('YYYY-MM-DD') in `timeZone` (two passes settle a DST change). */
export function startOfDay(day: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`);
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant);
}

/**
 * The local days of a dashboard period at `now` in `timeZone` (docs/api-dashboard.md):
 * - this_month: the current calendar month; compared with the previous month up to the same day of the month;
 * - last_month: the previous calendar month; compared with the month before;
 * - last_trimester / last_semester: the 3 / 6 whole calendar months before the current one; compared with the
 *   3 / 6 months before those;
 * - this_year: the current calendar year; compared with the previous year up to the same day;
 * - last_year: the previous calendar year; compared with the year before.
 */
export function periodDays(period: DashboardPeriod, now: Date, timeZone: string): PeriodDays {
  const today = localDate(now, timeZone);
  const month = (back: number) => isoDay(today.year, today.month - back);
  const year = (back: number) => isoDay(today.year - back, 1);
  /** The current period so far (today included) against the same number of days of the previous one. */
  const toDate = (from: string, to: string, previousFrom: string): PeriodDays => {
    const elapsed = daysBetween(from, isoDay(today.year, today.month, today.day)) + 1;
    return {
      current: { from, to },
      previous: { from: previousFrom, to: earlier(addDays(previousFrom, elapsed), from) },
    };
  };
  const whole = (months: number): PeriodDays => ({
    current: { from: month(months), to: month(0) },
    previous: { from: month(2 * months), to: month(months) },
  });
  switch (period) {
    case 'this_month':
      return toDate(month(0), month(-1), month(1));
    case 'last_month':
      return whole(1);
    case 'last_trimester':
      return whole(3);
    case 'last_semester':
      return whole(6);
    case 'this_year':
      return toDate(year(0), year(-1), year(1));
    case 'last_year':
      return { current: { from: year(1), to: year(0) }, previous: { from: year(2), to: year(1) } };
  }
}
