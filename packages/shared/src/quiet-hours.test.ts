import { describe, expect, it } from 'vitest';
import { quietHoursEnd } from './quiet-hours';

const at = (iso: string) => new Date(iso);
const end = (iso: string, zone: string, start = '20:00', finish = '08:00') =>
  quietHoursEnd(at(iso), zone, start, finish)?.toISOString() ?? null;

describe('quiet hours for text messages', () => {
  it('hold from the evening to the morning where the family is, and end the next morning', () => {
    // 21:30 in Phoenix (UTC-7, no daylight saving): quiet until 08:00 the next day
    expect(end('2026-11-28T04:30:00Z', 'America/Phoenix')).toBe('2026-11-28T15:00:00.000Z');
    // 06:00 in Phoenix: quiet until 08:00 the same day
    expect(end('2026-11-28T13:00:00Z', 'America/Phoenix')).toBe('2026-11-28T15:00:00.000Z');
    // the same instant is 23:30 in New York but 20:30 in Los Angeles: both quiet, each until its own morning
    expect(end('2026-11-28T04:30:00Z', 'America/New_York')).toBe('2026-11-28T13:00:00.000Z');
    expect(end('2026-11-28T04:30:00Z', 'America/Los_Angeles')).toBe('2026-11-28T16:00:00.000Z');
  });

  it('let texts go by day, and at the very minute the quiet ends; they begin at their first minute', () => {
    expect(end('2026-11-28T19:00:00Z', 'America/Phoenix')).toBeNull(); // 12:00
    expect(end('2026-11-28T15:00:00Z', 'America/Phoenix')).toBeNull(); // 08:00
    expect(end('2026-11-28T02:59:00Z', 'America/Phoenix')).toBeNull(); // 19:59
    expect(end('2026-11-28T03:00:00Z', 'America/Phoenix')).toBe('2026-11-28T15:00:00.000Z'); // 20:00
  });

  it('follow daylight saving: the morning after the clocks change is 08:00 on the new clock', () => {
    // New York, spring forward on 2027-03-14: 22:00 EST on the 13th, quiet until 08:00 EDT (12:00 UTC)
    expect(end('2027-03-14T03:00:00Z', 'America/New_York')).toBe('2027-03-14T12:00:00.000Z');
    // fall back on 2026-11-01: 22:00 EDT on Oct 31, quiet until 08:00 EST (13:00 UTC)
    expect(end('2026-11-01T02:00:00Z', 'America/New_York')).toBe('2026-11-01T13:00:00.000Z');
    // Sydney (southern hemisphere) springs forward on 2026-10-04: 21:00 AEST on the 3rd -> 08:00 AEDT (21:00 UTC)
    expect(end('2026-10-03T11:00:00Z', 'Australia/Sydney')).toBe('2026-10-03T21:00:00.000Z');
  });

  it('take a window within one day, and none when start and end are equal', () => {
    expect(end('2026-11-28T19:30:00Z', 'UTC', '19:00', '21:00')).toBe('2026-11-28T21:00:00.000Z');
    expect(end('2026-11-28T21:00:00Z', 'UTC', '19:00', '21:00')).toBeNull();
    expect(end('2026-11-28T23:00:00Z', 'UTC', '08:00', '08:00')).toBeNull();
  });
});
