import { describe, expect, it } from 'vitest';
import { offerDeadlineOf, periodOfferDeadlineOf, type ZonedOfferDeadlineRule } from './offer-deadline';
import { translate } from './messages';
import { OfferDeadlineRuleSchema } from './schemas/offer-deadline';
import { wallClock } from './zoned-time';

const NEW_YORK = 'America/New_York';
const PHOENIX = 'America/Phoenix';

const rule = (over: Partial<ZonedOfferDeadlineRule>): ZonedOfferDeadlineRule => ({
  timeZone: NEW_YORK,
  days: null,
  fixedDate: null,
  timeOfDay: '17:00',
  skipWeekends: false,
  holidays: [],
  ...over,
});

/*
 * 2026: daylight saving starts Sunday March 8 (New York 02:00 EST -> 03:00 EDT) and ends Sunday November 1 (02:00 EDT
 * -> 01:00 EST); Phoenix keeps MST (UTC-7) all year. New York is UTC-5 in winter, UTC-4 in summer.
 */
const CASES: Array<[string, Partial<ZonedOfferDeadlineRule>, string, string | null]> = [
  ['no days and no fixed date: never lapses', {}, '2026-03-02T15:00:00Z', null],
  [
    'no rule at all even when skipping days',
    { skipWeekends: true, holidays: ['2026-03-03'] },
    '2026-03-02T15:00:00Z',
    null,
  ],

  // daylight saving, calendar days
  [
    '3 days across the March change (Fri 10:00 EST -> Mon 17:00 EDT)',
    { days: 3 },
    '2026-03-06T15:00:00Z',
    '2026-03-09T21:00:00Z',
  ],
  [
    '3 days in Phoenix over the same weekend: no change',
    { days: 3, timeZone: PHOENIX },
    '2026-03-06T17:00:00Z',
    '2026-03-10T00:00:00Z',
  ],
  [
    '3 days across the November change (Fri 10:00 EDT -> Mon 17:00 EST)',
    { days: 3 },
    '2026-10-30T14:00:00Z',
    '2026-11-02T22:00:00Z',
  ],
  [
    '3 days in Phoenix over the November weekend',
    { days: 3, timeZone: PHOENIX },
    '2026-10-30T17:00:00Z',
    '2026-11-03T00:00:00Z',
  ],
  ['1 day landing on the day clocks go forward', { days: 1 }, '2026-03-07T17:00:00Z', '2026-03-08T21:00:00Z'],
  ['1 day landing on the day clocks go back', { days: 1 }, '2026-10-31T16:00:00Z', '2026-11-01T22:00:00Z'],
  [
    'a time of day that comes twice (01:30 on November 1): the first one, EDT',
    { days: 1, timeOfDay: '01:30' },
    '2026-10-31T16:00:00Z',
    '2026-11-01T05:30:00Z',
  ],
  // 02:30 does not exist on March 8 in New York: it lands just after the change, at 03:30 EDT
  [
    'a time of day the March change skips (02:30) lands just after it (03:30 EDT)',
    { days: 1, timeOfDay: '02:30' },
    '2026-03-07T17:00:00Z',
    '2026-03-08T07:30:00Z',
  ],
  [
    '1 day on the day clocks go forward in Phoenix',
    { days: 1, timeZone: PHOENIX, timeOfDay: '02:30' },
    '2026-03-07T17:00:00Z',
    '2026-03-08T09:30:00Z',
  ],

  // weekends
  [
    '3 school days from a Friday skip the weekend (-> Wednesday)',
    { days: 3, skipWeekends: true },
    '2026-03-06T15:00:00Z',
    '2026-03-11T21:00:00Z',
  ],
  [
    '1 school day from a Saturday: Monday (the weekend does not count)',
    { days: 1, skipWeekends: true },
    '2026-03-07T15:00:00Z',
    '2026-03-09T21:00:00Z',
  ],
  [
    '5 school days from a Monday: the next Monday',
    { days: 5, skipWeekends: true },
    '2026-03-02T15:00:00Z',
    '2026-03-09T21:00:00Z',
  ],

  // holidays
  [
    'a holiday on the publication day changes nothing for N >= 1',
    { days: 2, skipWeekends: true, holidays: ['2026-05-25'] },
    '2026-05-25T14:00:00Z',
    '2026-05-27T21:00:00Z',
  ],
  [
    'a holiday right after a weekend (MLK day): Friday + 1 -> Tuesday',
    { days: 1, skipWeekends: true, holidays: ['2026-01-19'] },
    '2026-01-16T15:00:00Z',
    '2026-01-20T22:00:00Z',
  ],
  [
    'a holiday without skipping weekends: Sat, Sun count, Mon does not',
    { days: 3, holidays: ['2026-01-19'] },
    '2026-01-16T15:00:00Z',
    '2026-01-20T22:00:00Z',
  ],
  [
    'weekends count when not skipped',
    { days: 1, holidays: ['2026-01-19'] },
    '2026-01-16T15:00:00Z',
    '2026-01-17T22:00:00Z',
  ],
  [
    'Thanksgiving and the Friday after, then a weekend',
    { days: 2, skipWeekends: true, holidays: ['2026-11-26', '2026-11-27'] },
    '2026-11-25T15:00:00Z',
    '2026-12-01T22:00:00Z',
  ],
  [
    'across the new year with a holiday',
    { days: 1, skipWeekends: true, holidays: ['2027-01-01'] },
    '2026-12-31T15:00:00Z',
    '2027-01-04T22:00:00Z',
  ],
  ['a leap day counts', { days: 1 }, '2028-02-28T15:00:00Z', '2028-02-29T22:00:00Z'],

  // fixed date
  [
    'a fixed date earlier than the N-day deadline wins',
    { days: 10, fixedDate: '2026-03-06' },
    '2026-03-02T15:00:00Z',
    '2026-03-06T22:00:00Z',
  ],
  [
    'a fixed date later than the N-day deadline loses',
    { days: 3, fixedDate: '2026-03-20' },
    '2026-03-02T15:00:00Z',
    '2026-03-05T22:00:00Z',
  ],
  [
    'a fixed date alone (after the March change: EDT)',
    { fixedDate: '2026-03-13' },
    '2026-03-02T15:00:00Z',
    '2026-03-13T21:00:00Z',
  ],
  [
    'a fixed date on a skipped Saturday moves to Monday',
    { fixedDate: '2026-03-14', skipWeekends: true },
    '2026-03-02T15:00:00Z',
    '2026-03-16T21:00:00Z',
  ],
  [
    'a fixed date on a holiday moves to the next open day',
    { fixedDate: '2026-05-25', holidays: ['2026-05-25'] },
    '2026-05-20T14:00:00Z',
    '2026-05-26T21:00:00Z',
  ],
  [
    'a fixed date already past is ignored: the N-day deadline',
    { days: 3, fixedDate: '2026-03-01' },
    '2026-03-02T15:00:00Z',
    '2026-03-05T22:00:00Z',
  ],
  ['a fixed date already past and no days: never lapses', { fixedDate: '2026-03-01' }, '2026-03-02T15:00:00Z', null],
  [
    'a fixed date today, its time still ahead',
    { days: 5, fixedDate: '2026-03-02' },
    '2026-03-02T15:00:00Z',
    '2026-03-02T22:00:00Z',
  ],
  [
    'a fixed date today, its time already past: ignored',
    { days: 1, fixedDate: '2026-03-02' },
    '2026-03-02T23:00:00Z',
    '2026-03-03T22:00:00Z',
  ],

  // the school's day, not UTC's
  [
    'published 23:30 (already Tuesday in UTC): 1 day is Tuesday 17:00',
    { days: 1 },
    '2026-03-03T04:30:00Z',
    '2026-03-03T22:00:00Z',
  ],
  [
    'Phoenix Thursday 20:00 (Friday in UTC): 1 school day is Friday',
    { days: 1, skipWeekends: true, timeZone: PHOENIX },
    '2026-03-06T03:00:00Z',
    '2026-03-07T00:00:00Z',
  ],
  [
    'New York Saturday 00:05 (05:05 UTC): 1 school day is Monday',
    { days: 1, skipWeekends: true },
    '2026-03-07T05:05:00Z',
    '2026-03-09T21:00:00Z',
  ],
  [
    'Tokyo Tuesday 00:15 (Monday in UTC): 1 day is Wednesday',
    { days: 1, timeZone: 'Asia/Tokyo' },
    '2026-03-02T15:15:00Z',
    '2026-03-04T08:00:00Z',
  ],
  [
    'a time of day at midnight: 1 day is the next midnight',
    { days: 1, timeOfDay: '00:00' },
    '2026-03-02T15:00:00Z',
    '2026-03-03T05:00:00Z',
  ],
  ['a time of day at 23:59', { days: 1, timeOfDay: '23:59' }, '2026-03-02T15:00:00Z', '2026-03-04T04:59:00Z'],

  // N = 0
  ['0 days, the time still ahead: today', { days: 0 }, '2026-03-02T15:00:00Z', '2026-03-02T22:00:00Z'],
  ['0 days, the time already past: tomorrow', { days: 0 }, '2026-03-02T23:00:00Z', '2026-03-03T22:00:00Z'],
  ['0 days, published exactly at the time: tomorrow', { days: 0 }, '2026-03-02T22:00:00Z', '2026-03-03T22:00:00Z'],
  [
    '0 days on a holiday: the next open day',
    { days: 0, holidays: ['2026-05-25'] },
    '2026-05-25T14:00:00Z',
    '2026-05-26T21:00:00Z',
  ],
  [
    '0 days on a skipped Saturday: Monday',
    { days: 0, skipWeekends: true },
    '2026-03-07T15:00:00Z',
    '2026-03-09T21:00:00Z',
  ],
  [
    '0 days, Friday after the time, weekends skipped: Monday',
    { days: 0, skipWeekends: true },
    '2026-03-06T23:00:00Z',
    '2026-03-09T21:00:00Z',
  ],
  [
    '0 days and a fixed date today, both past: the next open day',
    { days: 0, fixedDate: '2026-03-02' },
    '2026-03-02T23:00:00Z',
    '2026-03-03T22:00:00Z',
  ],
];

describe('offer deadline rule', () => {
  it.each(CASES)('%s', (_, over, publishedAt, expected) => {
    const deadline = offerDeadlineOf(rule(over), new Date(publishedAt));
    expect(deadline?.toISOString() ?? null).toBe(expected === null ? null : new Date(expected).toISOString());
  });

  const dayOf = (timeZone: string, instant: Date) => {
    const wall = wallClock(timeZone, instant);
    return `${wall.year}-${wall.month}-${wall.day}`;
  };
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

  // every 9 h 17 min through 2026, both daylight-saving changes included, in zones with and without them
  const RULES: Array<Partial<ZonedOfferDeadlineRule>> = [
    { days: 3 },
    { days: 0, timeOfDay: '08:15' },
    { days: 5, skipWeekends: true, holidays: ['2026-01-19', '2026-05-25', '2026-07-03', '2026-11-26', '2026-11-27'] },
    { days: 2, skipWeekends: true, timeOfDay: '23:59', holidays: ['2026-03-09', '2026-11-02'] },
    { days: 10, fixedDate: '2026-06-30', skipWeekends: true, timeOfDay: '12:00' },
    { days: 1, timeOfDay: '00:00', holidays: ['2026-03-08', '2026-11-01'] },
  ];
  const ZONES = [NEW_YORK, PHOENIX, 'America/Los_Angeles', 'Pacific/Honolulu'];

  /** What is wrong with `deadline` for an offer published at `publishedAt`, or nothing. */
  function problemsOf(r: ZonedOfferDeadlineRule, publishedAt: Date, deadline: Date): string[] {
    const problems: string[] = [];
    const wall = wallClock(r.timeZone, deadline);
    const day = dayOf(r.timeZone, deadline);
    const isOpen = (d: string) => !r.holidays.includes(d) && !(r.skipWeekends && isWeekend(d));
    if (`${wall.hour}:${wall.minute}:${wall.second}` !== `${r.timeOfDay}:00`)
      problems.push(`at ${wall.hour}:${wall.minute}`);
    if (!isOpen(day)) problems.push(`on ${day}, not an open day`);
    if (deadline <= publishedAt) problems.push('not after the publication');
    if (r.fixedDate === null && r.days! > 0) {
      let open = 0;
      for (let d = nextDay(dayOf(r.timeZone, publishedAt)); d <= day; d = nextDay(d)) if (isOpen(d)) open++;
      if (open !== r.days) problems.push(`${open} open days later`);
    }
    return problems.map((p) => `${r.timeZone} ${JSON.stringify(r)} ${publishedAt.toISOString()}: ${p}`);
  }

  it('lands at exactly the time of day on an open day, after the publication, N open days later', () => {
    const problems: string[] = [];
    let checked = 0;
    for (const timeZone of ZONES) {
      for (const over of RULES) {
        const r = rule({ ...over, timeZone });
        for (
          let t = Date.parse('2026-01-01T00:00:00Z');
          t < Date.parse('2027-01-01T00:00:00Z');
          t += 9 * 3_600_000 + 17 * 60_000
        ) {
          const publishedAt = new Date(t);
          problems.push(...problemsOf(r, publishedAt, offerDeadlineOf(r, publishedAt)!));
          checked++;
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(20_000);
    // every time zone and rule over a year: seconds of work, longer while the whole suite shares the cores
  }, 60_000);
});

describe('offer deadline rule schema', () => {
  const valid = { days: '5', fixedDate: '', timeOfDay: '17:00', holidays: ['2026-11-27', '2026-11-26', '2026-11-27'] };

  it('reads a form: days as a number, empty as null, holidays sorted and each once, weekends counted by default', () => {
    expect(OfferDeadlineRuleSchema.parse(valid)).toEqual({
      days: 5,
      fixedDate: null,
      timeOfDay: '17:00',
      skipWeekends: false,
      holidays: ['2026-11-26', '2026-11-27'],
    });
    expect(
      OfferDeadlineRuleSchema.parse({ days: null, fixedDate: '2026-06-30', timeOfDay: '23:59', skipWeekends: 'true' }),
    ).toEqual({
      days: null,
      fixedDate: '2026-06-30',
      timeOfDay: '23:59',
      skipWeekends: true,
      holidays: [],
    });
  });

  it.each([
    ['days below 0', { days: -1 }, ['days'], 'amountMin'],
    ['days not whole', { days: 1.5 }, ['days'], 'mustBeInteger'],
    ['days above a year', { days: 366 }, ['days'], 'numberOutOfRange'],
    ['a fixed date that does not exist', { fixedDate: '2026-02-30' }, ['fixedDate'], 'invalidDate'],
    ['a time of day past 23:59', { timeOfDay: '24:00' }, ['timeOfDay'], 'timeInvalid'],
    ['a time of day without minutes', { timeOfDay: '17' }, ['timeOfDay'], 'timeInvalid'],
    ['no time of day', { timeOfDay: undefined }, ['timeOfDay'], 'required'],
    ['a holiday that is not a date', { holidays: ['2026-13-01'] }, ['holidays', 0], 'invalidDate'],
    ['too many holidays', { holidays: Array.from({ length: 367 }, () => '2026-01-01') }, ['holidays'], 'tooLong'],
  ] as const)('refuses %s', (_, over, path, key) => {
    const result = OfferDeadlineRuleSchema.safeParse({ ...valid, ...over });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path, message: key });
    expect(translate(key, 'en')).not.toBe(key);
  });
});

describe('periodOfferDeadlineOf', () => {
  const published = new Date('2026-12-05T00:30:00Z');
  const period = rule({});

  it('keeps the acceptance days (24-hour days from the offer) when the rule has neither days nor a date', () => {
    expect(periodOfferDeadlineOf({ ...period, acceptanceDays: 3 }, published)).toEqual(
      new Date('2026-12-08T00:30:00Z'),
    );
    expect(periodOfferDeadlineOf({ ...period, acceptanceDays: 0 }, published)).toBeNull();
  });

  it('follows the rule once it has days or a date, whatever the acceptance days', () => {
    const rule = { ...period, days: 1, skipWeekends: true, acceptanceDays: 30 };
    expect(periodOfferDeadlineOf(rule, published)).toEqual(new Date('2026-12-07T22:00:00Z'));
    const fixed = { ...period, fixedDate: '2026-12-06', acceptanceDays: 0 };
    expect(periodOfferDeadlineOf(fixed, published)).toEqual(new Date('2026-12-06T22:00:00Z'));
  });
});
