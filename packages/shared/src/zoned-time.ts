/*
 * Wall-clock times in a school's time zone: the instant of "December 2 at 17:00 in Phoenix" (a scheduled release),
 * and an instant written for a family in their language with its zone ("December 2, 2026 at 5:00 PM MST").
 */

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in `timeZone` (undefined: the runtime's own) at `instant`: two-digit parts, year of four. */
export function wallClock(timeZone: string | undefined, instant: number | Date) {
  let format = wallFormats.get(timeZone ?? '');
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallFormats.set(timeZone ?? '', format);
  }
  const part = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: part.year,
    month: part.month,
    day: part.day,
    hour: part.hour,
    minute: part.minute,
    second: part.second,
  };
}

/** Minutes the zone is ahead of UTC at `instant`. */
function offsetMinutes(timeZone: string, instant: number): number {
  const part = wallClock(timeZone, instant);
  const asUtc = Date.UTC(+part.year, +part.month - 1, +part.day, +part.hour, +part.minute, +part.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The instant it is `time` (HH:MM) on `day` (YYYY-MM-DD) in `timeZone`. A wall time the clocks pass twice (the hour
 * daylight saving ends) is the first; one they skip (the hour it starts) lands as far after the change as it was
 * meant after the hour before it (02:30 on a 02:00 -> 03:00 change is 03:30), as a clock set the day before would.
 */
export function zonedInstant(timeZone: string, day: string, time: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  const DAY = 86_400_000;
  // the zone's offsets a day before and a day after: the same on all but the days its clocks change
  const before = offsetMinutes(timeZone, wall - DAY);
  const after = offsetMinutes(timeZone, wall + DAY);
  const shows = (instant: number) => instant + offsetMinutes(timeZone, instant) * 60_000 === wall;
  const candidates = [wall - before * 60_000, wall - after * 60_000].filter(shows);
  return new Date(candidates.length ? Math.min(...candidates) : wall - before * 60_000);
}

/**
 * The locale a family language's dates are written in. Haitian Creole and Vietnamese are written by hand below; the
 * zone's short name of a Creole message is the English one (MST), as the families read it on US clocks.
 */
const FAMILY_LOCALES: Record<string, string> = {
  en: 'en-US',
  es: 'es-US',
  vi: 'vi-VN',
  zh: 'zh-CN',
  ht: 'en-US',
  ar: 'ar',
};

/** Node's ICU has no Haitian Creole (Intl would fall back to English or French): its months and days by hand. */
export const CREOLE_MONTHS = [
  'janvye',
  'fevriye',
  'mas',
  'avril',
  'me',
  'jen',
  'jiyè',
  'out',
  'septanm',
  'oktòb',
  'novanm',
  'desanm',
];

const CREOLE_WEEKDAYS = ['dimanch', 'lendi', 'madi', 'mèkredi', 'jedi', 'vandredi', 'samdi'];
const VIETNAMESE_WEEKDAYS = ['Chủ Nhật', 'Thứ Hai', 'Thứ Ba', 'Thứ Tư', 'Thứ Năm', 'Thứ Sáu', 'Thứ Bảy'];

type Wall = ReturnType<typeof wallClock>;
const weekdayOf = (w: Wall) => new Date(Date.UTC(+w.year, +w.month - 1, +w.day)).getUTCDay();

/** Languages whose day and time are composed from the wall clock rather than by Intl (with the weekday or not). */
const BY_HAND: Record<string, (wall: Wall, weekday: boolean) => string> = {
  // CLDR's long Vietnamese form reads "lúc 17:00 2 tháng 12, 2026"; a letter writes "17:00 ngày 2 tháng 12 năm 2026"
  vi: (w, weekday) =>
    `${w.hour}:${w.minute} ${weekday ? `${VIETNAMESE_WEEKDAYS[weekdayOf(w)]}, ` : ''}ngày ${+w.day} tháng ${+w.month} năm ${w.year}`,
  ht: (w, weekday) =>
    `${weekday ? `${CREOLE_WEEKDAYS[weekdayOf(w)]} ` : ''}${+w.day} ${CREOLE_MONTHS[+w.month - 1]} ${w.year} a ${w.hour}:${w.minute}`,
};

/** Whether the language's dates are written by hand here (browsers' Intl has no or an odd form for them). */
export const writtenByHand = (lng: string) => lng in BY_HAND;

/**
 * The instant as a family reads it (`weekday`: with the day of the week, as the portal shows a deadline), with its time zone, in one of the family languages (English otherwise):
 * "December 2, 2026 at 5:00 PM MST" / "2 de diciembre de 2026, 5:00 p.m. MST" / "17:00 ngày 2 tháng 12 năm 2026 MST" /
 * "2026年12月2日 17:00 GMT-7" / "2 desanm 2026 a 17:00 MST" / "2 ديسمبر 2026 في 5:00 م غرينتش-7".
 */
export function familyDateTime(instant: Date, timeZone: string, lng: string, { weekday = false } = {}): string {
  const locale = FAMILY_LOCALES[lng] ?? FAMILY_LOCALES.en;
  const byHand = BY_HAND[lng];
  const dayAndTime = byHand
    ? byHand(wallClock(timeZone, instant), weekday)
    : new Intl.DateTimeFormat(locale, { timeZone, dateStyle: weekday ? 'full' : 'long', timeStyle: 'short' }).format(
        instant,
      );
  return `${dayAndTime} ${zoneName(instant, timeZone, locale)}`;
}

function zoneName(instant: Date, timeZone: string, locale: string) {
  const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }).formatToParts(instant);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
}
