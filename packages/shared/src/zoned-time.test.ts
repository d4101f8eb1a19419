import { describe, expect, it } from 'vitest';
import { familyDateTime, zonedInstant } from './zoned-time';

describe('wall-clock times in a time zone', () => {
  it('finds the instant of a day and time on a campus clock, across daylight saving', () => {
    expect(zonedInstant('America/Phoenix', '2026-12-02', '17:00').toISOString()).toBe('2026-12-03T00:00:00.000Z');
    expect(zonedInstant('America/New_York', '2026-01-15', '09:00').toISOString()).toBe('2026-01-15T14:00:00.000Z');
    expect(zonedInstant('America/New_York', '2026-07-15', '09:00').toISOString()).toBe('2026-07-15T13:00:00.000Z');
    // the day DST starts (02:00 -> 03:00) and the day it ends (the hour after 01:00 comes twice)
    expect(zonedInstant('America/New_York', '2026-03-08', '12:00').toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(zonedInstant('America/New_York', '2026-11-01', '12:00').toISOString()).toBe('2026-11-01T17:00:00.000Z');
    expect(zonedInstant('UTC', '2099-03-01', '08:30').toISOString()).toBe('2099-03-01T08:30:00.000Z');
  });

  it('takes the first of a time the clocks pass twice, and lands a skipped time just after the change', () => {
    const at = (zone: string, day: string, time: string) => zonedInstant(zone, day, time).toISOString();
    // New York: 01:30 on November 1 comes twice (EDT, then EST); 02:30 on March 8 never comes (03:30 EDT)
    expect(at('America/New_York', '2026-11-01', '01:30')).toBe('2026-11-01T05:30:00.000Z');
    expect(at('America/New_York', '2026-03-08', '02:30')).toBe('2026-03-08T07:30:00.000Z');
    expect(at('America/New_York', '2026-03-08', '01:59')).toBe('2026-03-08T06:59:00.000Z');
    expect(at('America/New_York', '2026-03-08', '03:00')).toBe('2026-03-08T07:00:00.000Z');
    // the southern hemisphere: Sydney goes forward on October 4 (02:00 AEST -> 03:00 AEDT), back on April 5
    expect(at('Australia/Sydney', '2026-10-04', '02:15')).toBe('2026-10-03T16:15:00.000Z');
    expect(at('Australia/Sydney', '2026-04-05', '02:30')).toBe('2026-04-04T15:30:00.000Z');
    // a half-hour change: Lord Howe goes from 02:00 to 02:30 on October 4, so 02:10 lands at 02:40 (+11:00)
    expect(at('Australia/Lord_Howe', '2026-10-04', '02:10')).toBe('2026-10-03T15:40:00.000Z');
  });

  it("writes an instant as a family reads it, with its zone, in the family's language", () => {
    const deadline = new Date('2026-12-03T00:00:00Z');
    expect(familyDateTime(deadline, 'America/Phoenix', 'en')).toBe('December 2, 2026 at 5:00 PM MST');
    expect(familyDateTime(deadline, 'America/Phoenix', 'es')).toMatch(/^2 de diciembre de 2026.* 5:00.*MST$/);
    expect(familyDateTime(deadline, 'America/Phoenix', 'vi')).toBe('17:00 ngày 2 tháng 12 năm 2026 MST');
    expect(familyDateTime(deadline, 'America/Phoenix', 'zh')).toMatch(/^2026年12月2日 17:00 GMT-7$/);
    expect(familyDateTime(deadline, 'America/Phoenix', 'ht')).toBe('2 desanm 2026 a 17:00 MST');
    expect(familyDateTime(deadline, 'America/Phoenix', 'ar')).toMatch(/ديسمبر/);
    // a language without its own form reads English; the wall clock is the campus's, not the server's
    expect(familyDateTime(deadline, 'America/Phoenix', 'xx')).toBe('December 2, 2026 at 5:00 PM MST');
    expect(familyDateTime(new Date('2026-01-05T14:05:00Z'), 'America/New_York', 'vi')).toBe(
      '09:05 ngày 5 tháng 1 năm 2026 EST',
    );
  });
});
