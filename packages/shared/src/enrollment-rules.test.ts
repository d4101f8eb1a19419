import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  enrollmentDecision,
  gradeSeatsProblem,
  isEnrollmentOpen,
  isReadyToStart,
  nextState,
  readinessProblems,
  dayEndsAt,
  todayIso,
} from './enrollment-rules';
import { translate } from './messages';
import {
  CampusYearCreateSchema,
  PrioritiesRequestSchema,
  SeatsUpdateSchema,
  TagRequestSchema,
  YearActivationSchema,
} from './schemas/enrollment';

const ready = {
  spots: 10,
  enrollment_start_date: '2026-01-10',
  enrollment_end_date: '2026-03-31',
  enrollment_acceptance_period: 0,
};

describe('readinessProblems', () => {
  it('is empty for a period with spots, both dates and an acceptance period of 0 or more', () => {
    expect(readinessProblems(ready)).toEqual([]);
    expect(isReadyToStart({ ...ready, enrollment_acceptance_period: 7 })).toBe(true);
  });

  it('lists every reason, in form order', () => {
    expect(
      readinessProblems({
        spots: 0,
        enrollment_start_date: null,
        enrollment_end_date: null,
        enrollment_acceptance_period: -1,
      }),
    ).toEqual(['periodNeedsSpots', 'periodNeedsStartDate', 'periodNeedsEndDate', 'periodNeedsAcceptancePeriod']);
    expect(readinessProblems({ ...ready, enrollment_end_date: null })).toEqual(['periodNeedsEndDate']);
    expect(readinessProblems({ ...ready, enrollment_acceptance_period: null })).toEqual([
      'periodNeedsAcceptancePeriod',
    ]);
    expect(readinessProblems({ ...ready, spots: null })).toEqual(['periodNeedsSpots']);
  });
});

describe('gradeSeatsProblem', () => {
  it('accepts a sum up to the total and refuses more with the spec message', () => {
    expect(gradeSeatsProblem(10, [])).toBeNull();
    expect(gradeSeatsProblem(10, [4, 6])).toBeNull();
    expect(gradeSeatsProblem(10, [4, 7])).toBe('spotsTotal');
    expect(translate(gradeSeatsProblem(0, [1])!, 'en')).toBe(
      'The total number of spots must not be greater than the available spots.',
    );
  });
});

describe('enrollment window', () => {
  const started = { state: 'started' as const, enrollment_start_date: '2026-01-10', enrollment_end_date: '2026-03-31' };
  it('is open from the start date to the end date inclusive', () => {
    expect(isEnrollmentOpen(started, '2026-01-10')).toBe(true);
    expect(isEnrollmentOpen(started, '2026-03-31')).toBe(true);
    expect(enrollmentDecision(started, '2026-04-01')).toEqual({ open: false, reason: 'ended' });
    expect(enrollmentDecision(started, '2026-01-09')).toEqual({ open: false, reason: 'not_started' });
  });
  it('is closed before a period starts, after it is finalized, and without a period', () => {
    expect(enrollmentDecision({ ...started, state: 'not_started' }, '2026-02-01').reason).toBe('not_started');
    expect(enrollmentDecision({ ...started, state: 'finalized' }, '2026-02-01').reason).toBe('finalized');
    expect(enrollmentDecision(null, '2026-02-01').reason).toBe('not_started');
  });
  it('gives the spec wording for the ended notice in both languages', () => {
    expect(translate('enrollmentEnded', 'en')).toBe('Enrollment period has ended');
    expect(translate('enrollmentEndedHelp', 'en')).toBe(
      'Update the enrollment end date, then sign out and sign in again to clear this notice.',
    );
    expect(translate('enrollmentEnded', 'es')).toBe('El periodo de inscripción ha terminado');
  });
  it("takes today's date in the school's time zone, not UTC's", () => {
    // 23:30 UTC on May 1st is still May 1st in UTC but 7:30 p.m. in New York and 4:30 p.m. in Los Angeles
    expect(todayIso('UTC', new Date('2026-05-01T23:30:00Z'))).toBe('2026-05-01');
    // 1:30 UTC on May 2nd is 9:30 p.m. on May 1st in New York (EDT) and 6:30 p.m. in Los Angeles (PDT)
    expect(todayIso('America/New_York', new Date('2026-05-02T01:30:00Z'))).toBe('2026-05-01');
    expect(todayIso('America/Los_Angeles', new Date('2026-05-02T06:59:59Z'))).toBe('2026-05-01');
    expect(todayIso('America/Los_Angeles', new Date('2026-05-02T07:00:00Z'))).toBe('2026-05-02');
    // winter: New York is UTC-5, midnight falls at 05:00 UTC
    expect(todayIso('America/New_York', new Date('2026-01-15T04:59:59Z'))).toBe('2026-01-14');
    expect(todayIso('America/New_York', new Date('2026-01-15T05:00:00Z'))).toBe('2026-01-15');
    // east of UTC the day starts earlier
    expect(todayIso('Asia/Tokyo', new Date('2026-05-01T15:00:00Z'))).toBe('2026-05-02');
  });
  it('finds the instant a day ends where the school is, across offsets and daylight saving', () => {
    expect(dayEndsAt('UTC', '2026-05-01').toISOString()).toBe('2026-05-02T00:00:00.000Z');
    expect(dayEndsAt('America/New_York', '2026-05-01').toISOString()).toBe('2026-05-02T04:00:00.000Z');
    expect(dayEndsAt('America/New_York', '2026-01-14').toISOString()).toBe('2026-01-15T05:00:00.000Z');
    expect(dayEndsAt('Asia/Tokyo', '2026-05-01').toISOString()).toBe('2026-05-01T15:00:00.000Z');
    expect(dayEndsAt('Pacific/Kiritimati', '2026-05-01').toISOString()).toBe('2026-05-01T10:00:00.000Z');
    expect(dayEndsAt('Pacific/Pago_Pago', '2026-05-01').toISOString()).toBe('2026-05-02T11:00:00.000Z');
    // the night the clocks go back in New York (2026-11-01): the day is 25 hours long
    expect(dayEndsAt('America/New_York', '2026-11-01').toISOString()).toBe('2026-11-02T05:00:00.000Z');
    // agrees with the day of every instant around it
    const end = dayEndsAt('America/Los_Angeles', '2026-03-08');
    expect(todayIso('America/Los_Angeles', new Date(end.getTime() - 1))).toBe('2026-03-08');
    expect(todayIso('America/Los_Angeles', end)).toBe('2026-03-09');
  });
  it('an enrollment window closes at midnight of the school, not at midnight UTC', () => {
    const window = {
      state: 'started' as const,
      enrollment_start_date: '2026-01-10',
      enrollment_end_date: '2026-03-31',
    };
    // 5:30 p.m. on the last day in Los Angeles is already April 1st in UTC
    const lastAfternoon = new Date('2026-04-01T00:30:00Z');
    expect(isEnrollmentOpen(window, todayIso('UTC', lastAfternoon))).toBe(false);
    expect(isEnrollmentOpen(window, todayIso('America/Los_Angeles', lastAfternoon))).toBe(true);
    expect(isEnrollmentOpen(window, todayIso('America/Los_Angeles', new Date('2026-04-01T06:59:00Z')))).toBe(true);
    expect(isEnrollmentOpen(window, todayIso('America/Los_Angeles', new Date('2026-04-01T07:00:00Z')))).toBe(false);
  });
  it('accepts IANA time zone names only, in their canonical spelling', () => {
    expect(canonicalTimeZone('America/Chicago')).toBe('America/Chicago');
    expect(canonicalTimeZone('america/chicago')).toBe('America/Chicago');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    for (const bad of ['Mars/Olympus', '', '+05:00', 'America/../../etc', 'EST5EDT; DROP', 'x'.repeat(80)])
      expect(canonicalTimeZone(bad), bad).toBeNull();
  });
});

describe('nextState', () => {
  it('goes not started -> started -> finalized only', () => {
    expect(nextState('not_started', 'start')).toEqual({ to: 'started' });
    expect(nextState('started', 'finalize')).toEqual({ to: 'finalized' });
    expect(nextState('not_started', 'finalize')).toEqual({ refused: 'periodNotStarted' });
    expect(nextState('started', 'start')).toEqual({ refused: 'periodAlreadyStarted' });
    expect(nextState('finalized', 'start')).toEqual({ refused: 'periodFinalized' });
    expect(nextState('finalized', 'finalize')).toEqual({ refused: 'periodFinalized' });
  });
});

const firstMessage = (result: {
  success: boolean;
  error?: { issues: Array<{ message: string; path: PropertyKey[] }> };
}) => {
  expect(result.success).toBe(false);
  const issue = result.error!.issues[0];
  return { path: issue.path.join('.'), en: translate(issue.message, 'en'), es: translate(issue.message, 'es') };
};

describe('enrollment schemas', () => {
  const period = {
    id_campus: 1,
    id_school_year: 2,
    spots: 10,
    enrollment_start_date: '2026-01-10',
    enrollment_end_date: '2026-03-31',
  };

  it('fills the defaults of a new period', () => {
    expect(CampusYearCreateSchema.parse(period)).toMatchObject({
      enrollment_acceptance_period: 0,
      enrollment_mode: 1,
      auto_move_waiting_list_on_decline: false,
      first_day_of_school: null,
    });
    expect(
      CampusYearCreateSchema.parse({ ...period, enrollment_start_date: '', enrollment_end_date: '' }),
    ).toMatchObject({ enrollment_start_date: null, enrollment_end_date: null });
  });

  it('refuses an end date before the start date, on the end date field', () => {
    expect(firstMessage(CampusYearCreateSchema.safeParse({ ...period, enrollment_end_date: '2026-01-09' }))).toEqual({
      path: 'enrollment_end_date',
      en: 'The enrollment end date must be on or after the start date.',
      es: 'La fecha de fin de inscripción debe ser igual o posterior a la fecha de inicio.',
    });
  });

  it('uses the spec messages for spots, selects and the mode', () => {
    expect(firstMessage(CampusYearCreateSchema.safeParse({ ...period, spots: 'abc' }))).toMatchObject({
      path: 'spots',
      en: 'Field only accepts numbers.',
      es: 'El campo solo acepta números.',
    });
    expect(firstMessage(CampusYearCreateSchema.safeParse({ ...period, spots: -1 })).en).toBe(
      'The amount must be equal to or greater than zero.',
    );
    expect(firstMessage(CampusYearCreateSchema.safeParse({ ...period, id_school_year: -1 }))).toMatchObject({
      path: 'id_school_year',
      en: 'Required field.',
    });
    expect(firstMessage(CampusYearCreateSchema.safeParse({ ...period, enrollment_mode: 3 })).path).toBe(
      'enrollment_mode',
    );
    expect(firstMessage(CampusYearCreateSchema.safeParse({ ...period, enrollment_acceptance_period: -2 })).en).toBe(
      'Amount has to be 0 or greater.',
    );
  });

  it('validates seats, activation, priorities and tags', () => {
    expect(SeatsUpdateSchema.parse([{ id_campus_year_grade: '3', spots: '12' }])).toEqual([
      { id_campus_year_grade: 3, spots: 12 },
    ]);
    expect(firstMessage(SeatsUpdateSchema.safeParse([{ id_campus_year_grade: 3, spots: '1.5' }]))).toMatchObject({
      path: '0.spots',
      en: 'It must be an integer',
    });
    expect(firstMessage(YearActivationSchema.safeParse({ id_campus_year: 1, action: 'restart' })).path).toBe('action');
    expect(
      firstMessage(
        PrioritiesRequestSchema.safeParse({ id_campus: 1, items: [{ id_priority_item: 1, priority_level: 0 }] }),
      ).en,
    ).toBe('The priority level must be a whole number greater than 0.');
    expect(firstMessage(TagRequestSchema.safeParse({ name: '  ', id_campus: 1 }))).toMatchObject({
      path: 'name',
      en: 'Required field.',
    });
    expect(TagRequestSchema.parse({ name: 'Bus rider', id_campus: 1 })).toEqual({
      name: 'Bus rider',
      description: null,
      id_campus: 1,
    });
  });
});
