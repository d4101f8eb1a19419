import { PERIOD_STATE, type PeriodState } from './constants';
import type { MessageKey } from './messages';

/**
 * The school period rules of spec section 4, as pure functions: the server enforces them and the
 * enrollment settings screen shows the same reasons before the user presses Start.
 */

export type PeriodReadinessInput = {
  spots: number | null;
  enrollment_start_date: string | null;
  enrollment_end_date: string | null;
  enrollment_acceptance_period: number | null;
};

/** The field each readiness problem belongs to, so a form can show it beside the input. */
export const READINESS_FIELD: Partial<Record<MessageKey, keyof PeriodReadinessInput>> = {
  periodNeedsSpots: 'spots',
  periodNeedsStartDate: 'enrollment_start_date',
  periodNeedsEndDate: 'enrollment_end_date',
  periodNeedsAcceptancePeriod: 'enrollment_acceptance_period',
};

/** Why a period cannot start: ready only when spots > 0, both enrollment dates are set and the acceptance period is 0 or more. */
export function readinessProblems(period: PeriodReadinessInput): MessageKey[] {
  const problems: MessageKey[] = [];
  if (!(typeof period.spots === 'number' && period.spots > 0)) problems.push('periodNeedsSpots');
  if (!period.enrollment_start_date) problems.push('periodNeedsStartDate');
  if (!period.enrollment_end_date) problems.push('periodNeedsEndDate');
  if (!(
    typeof period.enrollment_acceptance_period === 'number' &&
    Number.isInteger(period.enrollment_acceptance_period) &&
    period.enrollment_acceptance_period >= 0
  )) {
    problems.push('periodNeedsAcceptancePeriod');
  }
  return problems;
}

export const isReadyToStart = (period: PeriodReadinessInput) => readinessProblems(period).length === 0;

/** The seats given to grades must not add up to more than the period's total. */
export function gradeSeatsProblem(total: number, perGrade: readonly number[]): MessageKey | null {
  const sum = perGrade.reduce((a, b) => a + b, 0);
  return sum > total ? 'spotsTotal' : null;
}

export type EnrollmentWindow = {
  state: PeriodState;
  enrollment_start_date: string | null;
  enrollment_end_date: string | null;
};

export type EnrollmentDecision =
  { open: true; reason: null } | { open: false; reason: 'not_started' | 'ended' | 'finalized' };

/**
 * Whether a period takes new applications on `today` (YYYY-MM-DD): only a started period, from its
 * start date to its end date inclusive. A finalized period takes none until a new period starts.
 */
export function enrollmentDecision(period: EnrollmentWindow | null, today: string): EnrollmentDecision {
  if (!period || period.state === PERIOD_STATE.NOT_STARTED) return { open: false, reason: 'not_started' };
  if (period.state === PERIOD_STATE.FINALIZED) return { open: false, reason: 'finalized' };
  if (period.enrollment_end_date && today > period.enrollment_end_date) return { open: false, reason: 'ended' };
  if (period.enrollment_start_date && today < period.enrollment_start_date)
    return { open: false, reason: 'not_started' };
  return { open: true, reason: null };
}

export const isEnrollmentOpen = (period: EnrollmentWindow | null, today: string) =>
  enrollmentDecision(period, today).open;

/** The state a period moves to, or why it cannot (spec: not started -> started -> finalized only). */
export function nextState(
  current: PeriodState,
  action: 'start' | 'finalize',
): { to: PeriodState } | { refused: MessageKey } {
  if (current === PERIOD_STATE.FINALIZED) return { refused: 'periodFinalized' };
  if (action === 'start')
    return current === PERIOD_STATE.NOT_STARTED ? { to: PERIOD_STATE.STARTED } : { refused: 'periodAlreadyStarted' };
  return current === PERIOD_STATE.STARTED ? { to: PERIOD_STATE.FINALIZED } : { refused: 'periodNotStarted' };
}

/**
 * The time zone of a school that has not chosen one. The product's schools are in the United States, and the
 * eastern zone is where most of them are; a school sets its own in its configuration.
 */
export const DEFAULT_TIME_ZONE = 'America/New_York';

const TIME_ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** The canonical IANA name of a time zone ('us/eastern' -> 'America/New_York'), or null if it is not one. */
export function canonicalTimeZone(name: string): string | null {
  if (!TIME_ZONE_NAME.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using it (a lottery asks 10,000 times). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The calendar day (YYYY-MM-DD) it is at `now` in a time zone. Every date rule compares against the school's
 * (or campus's) day, never the server's or UTC's: at 5 p.m. in California it is already tomorrow in UTC.
 */
export function todayIso(timeZone: string, now: Date = new Date()): string {
  const parts = dayFormat(timeZone).formatToParts(now);
  const part = (type: 'year' | 'month' | 'day') => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const HOUR = 3_600_000;

/**
 * The first instant whose calendar day in `timeZone` is after `day` (YYYY-MM-DD), so that "after that day" is one
 * comparison of instants instead of a time-zone conversion per row (10,000 of them take 40 ms). Bisection between
 * two instants that are on or before `day` and after it in every zone (offsets run from -12 h to +14 h).
 */
export function dayEndsAt(timeZone: string, day: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  let onOrBefore = midnightUtc - 14 * HOUR;
  let after = midnightUtc + 38 * HOUR;
  while (after - onOrBefore > 1) {
    const middle = Math.floor((onOrBefore + after) / 2);
    if (todayIso(timeZone, new Date(middle)) > day) after = middle;
    else onOrBefore = middle;
  }
  return new Date(after);
}
