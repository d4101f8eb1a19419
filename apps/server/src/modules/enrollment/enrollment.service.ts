import { PERIOD_STATE } from '@openseat/shared/constants';
import {
  DEFAULT_TIME_ZONE,
  READINESS_FIELD,
  enrollmentDecision,
  gradeSeatsProblem,
  nextState,
  readinessProblems,
  todayIso,
} from '@openseat/shared/enrollment-rules';
import type { MessageKey } from '@openseat/shared/messages';
import type {
  CampusYearCreate,
  CampusYearListQuery,
  CampusYearUpdate,
  PeriodAction,
  SeatsUpdate,
} from '@openseat/shared/schemas/enrollment';
import type { PeriodOfferDeadline } from '@openseat/shared/schemas/offer-deadline';
import type { Db, Executor } from '../../db/client';
import { diff, writeAudit } from '../audit/audit.service';
import { AppError, badRequest, notFound, conflict, type FieldError } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { SYSTEM_SCOPE, type Scope } from '../../lib/scope';
import { presentPeriod, presentSchoolYear, presentSeat, type KeyedEnrollmentStatus } from './enrollment.presenter';
import * as repo from './enrollment.repository';
import { isUniqueViolation } from '../../lib/db-errors';

/** A finalized period is frozen: any change to it or its seats is refused. */
const periodFinalized = () => new AppError('PERIOD_FINALIZED', 'periodFinalized');
const periodState = (message: MessageKey) => new AppError('PERIOD_STATE', message);

async function requirePeriod(db: Executor, caller: Principal, id_campus_year: number, lock = false) {
  const period = await repo.findPeriod(db, caller.scope, id_campus_year, lock);
  if (!period) throw notFound();
  return period;
}

const notReady = (problems: MessageKey[]) =>
  badRequest(
    'periodNotReady',
    problems.map((p) => ({ path: READINESS_FIELD[p] ?? '', message: p })),
  );

export async function listPeriods(db: Db, caller: Principal, query: CampusYearListQuery) {
  if (query.id_campus !== undefined) await requireCampus(db, caller.scope, query.id_campus);
  return (await repo.listPeriods(db, caller.scope, query)).map(presentPeriod);
}

export async function getPeriod(db: Executor, caller: Principal, id_campus_year: number) {
  return presentPeriod(await requirePeriod(db, caller, id_campus_year));
}

const periodValues = (input: CampusYearCreate) => ({
  id_school_year: input.id_school_year,
  spots: input.spots,
  enrollment_start_date: input.enrollment_start_date,
  enrollment_end_date: input.enrollment_end_date,
  first_day_of_school: input.first_day_of_school,
  enrollment_acceptance_period: input.enrollment_acceptance_period,
  enrollment_mode: input.enrollment_mode,
  auto_move_waiting_list_on_decline: input.auto_move_waiting_list_on_decline,
  // omitted: unchanged (a client that does not know the rule never switches it off)
  ...(input.sibling_priority === undefined ? {} : { sibling_priority: input.sibling_priority }),
  ...(input.offer_deadline === undefined ? {} : offerDeadlineValues(input.offer_deadline)),
});

const offerDeadlineValues = (rule: PeriodOfferDeadline) => ({
  offer_deadline_days: rule.days,
  offer_deadline_date: rule.fixedDate,
  offer_deadline_time: rule.timeOfDay,
  offer_deadline_skip_weekends: rule.skipWeekends,
  offer_deadline_holidays: rule.holidays,
  offer_reminder_hours: rule.reminderHours,
});

async function assertSchoolYear(db: Executor, id_school_year: number) {
  if (!(await repo.schoolYearExists(db, id_school_year)))
    throw badRequest('invalidValue', [{ path: 'id_school_year', message: 'invalidValue' }]);
}

/** A new period starts as 'not started', with a seat row (0 spots) for each grade the campus has activated. */
export async function createPeriod(db: Db, caller: Principal, input: CampusYearCreate) {
  try {
    return await db.transaction(async (tx) => {
      const campus = await requireCampus(tx, caller.scope, input.id_campus);
      await assertSchoolYear(tx, input.id_school_year);
      if (await repo.findPeriodOf(tx, caller.scope, campus.id_campus, input.id_school_year))
        throw conflict('periodExists');
      const values = {
        ...periodValues(input),
        id_school: campus.id_school,
        id_campus: campus.id_campus,
        state: PERIOD_STATE.NOT_STARTED,
      };
      const id_campus_year = await repo.insertPeriod(tx, caller.scope, values);
      await repo.insertSeatsForActiveGrades(tx, caller.scope, campus.id_campus, id_campus_year);
      await writeAudit(tx, caller, {
        action: 'campus_year.create',
        entity: 'campus_year',
        entityId: id_campus_year,
        id_school: campus.id_school,
        id_campus: campus.id_campus,
        changes: values,
      });
      return getPeriod(tx, caller, id_campus_year);
    });
  } catch (error) {
    // two requests raced past the check: the unique constraint decides
    if (isUniqueViolation(error)) throw conflict('periodExists');
    throw error;
  }
}

export async function updatePeriod(db: Db, caller: Principal, input: CampusYearUpdate) {
  try {
    return await db.transaction(async (tx) => {
      const before = await requirePeriod(tx, caller, input.id_campus_year, true);
      if (before.state === PERIOD_STATE.FINALIZED) throw periodFinalized();
      if (input.id_campus !== before.id_campus)
        throw badRequest('invalidValue', [{ path: 'id_campus', message: 'invalidValue' }]);
      if (input.id_school_year !== before.id_school_year) {
        // applications already point at the school year once the period has started
        if (before.state !== PERIOD_STATE.NOT_STARTED)
          throw badRequest('invalidValue', [{ path: 'id_school_year', message: 'invalidValue' }]);
        await assertSchoolYear(tx, input.id_school_year);
        if (await repo.findPeriodOf(tx, caller.scope, before.id_campus, input.id_school_year))
          throw conflict('periodExists');
      }
      const seats = await repo.listSeats(tx, caller.scope, before.id_campus_year, true);
      const taken = seats.reduce((sum, g) => sum + g.taken, 0);
      const given = seats.reduce((sum, g) => sum + g.spots, 0);
      if (input.spots < taken) throw badRequest('spotsBelowTaken', [{ path: 'spots', message: 'spotsBelowTaken' }]);
      if (input.spots < given) throw badRequest('spotsBelowGrades', [{ path: 'spots', message: 'spotsBelowGrades' }]);
      const change = periodValues(input);
      // a started period stays ready: it keeps its spots and both enrollment dates
      if (before.state === PERIOD_STATE.STARTED) {
        const problems = readinessProblems(change);
        if (problems.length) throw notReady(problems);
      }
      await repo.updatePeriod(tx, caller.scope, before.id_campus_year, change);
      await writeAudit(tx, caller, {
        action: 'campus_year.update',
        entity: 'campus_year',
        entityId: before.id_campus_year,
        id_school: before.id_school,
        id_campus: before.id_campus,
        changes: diff(before, change),
      });
      return getPeriod(tx, caller, before.id_campus_year);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('periodExists');
    throw error;
  }
}

/**
 * not started -> started -> finalized, nothing else. Starting needs a ready period and no other started
 * period on the campus; finalizing freezes the period (it shows under Historical).
 */
export async function changePeriodState(db: Db, caller: Principal, id_campus_year: number, action: PeriodAction) {
  return db.transaction(async (tx) => {
    const period = await requirePeriod(tx, caller, id_campus_year);
    await repo.lockCampus(tx, period.id_campus);
    const current = await requirePeriod(tx, caller, id_campus_year, true);
    const step = nextState(current.state, action);
    if ('refused' in step) throw periodState(step.refused);
    if (action === 'start') {
      const problems = readinessProblems(current);
      if (problems.length) throw notReady(problems);
      if (await repo.startedPeriodIdOf(tx, caller.scope, current.id_campus, current.id_campus_year))
        throw periodState('campusHasStartedPeriod');
    }
    const change =
      action === 'start' ? { state: step.to, startedAt: new Date() } : { state: step.to, finalizedAt: new Date() };
    await repo.updatePeriod(tx, caller.scope, current.id_campus_year, change);
    await writeAudit(tx, caller, {
      action: `campus_year.${action}`,
      entity: 'campus_year',
      entityId: current.id_campus_year,
      id_school: current.id_school,
      id_campus: current.id_campus,
      changes: { state: { from: current.state, to: step.to } },
    });
    return getPeriod(tx, caller, current.id_campus_year);
  });
}

export async function listSeats(db: Db, caller: Principal, id_campus_year: number) {
  await requirePeriod(db, caller, id_campus_year);
  return (await repo.listSeats(db, caller.scope, id_campus_year)).map(presentSeat);
}

/**
 * Saves the seats of several grades of one period together. Each grade keeps at least its taken seats;
 * the grades together get at most the period's spots. Rows are locked in id order (offers lock them too).
 */
export async function updateSeats(db: Db, caller: Principal, items: SeatsUpdate) {
  const ids = items.map((i) => i.id_campus_year_grade);
  if (new Set(ids).size !== ids.length)
    throw badRequest('invalidValue', [{ path: 'id_campus_year_grade', message: 'invalidValue' }]);
  return db.transaction(async (tx) => {
    const owners = await repo.periodsOfSeats(tx, caller.scope, ids);
    if (owners.length !== ids.length) throw notFound();
    const periodIds = [...new Set(owners.map((o) => o.id_campus_year))];
    if (periodIds.length !== 1) throw badRequest('seatsOnePeriod');
    const period = await requirePeriod(tx, caller, periodIds[0], true);
    if (period.state === PERIOD_STATE.FINALIZED) throw periodFinalized();
    const seats = await repo.listSeats(tx, caller.scope, period.id_campus_year, true);
    const wanted = new Map(items.map((i) => [i.id_campus_year_grade, i.spots]));
    const errors: FieldError[] = [];
    items.forEach((item, index) => {
      const seat = seats.find((g) => g.id_campus_year_grade === item.id_campus_year_grade)!;
      if (item.spots < seat.taken) errors.push({ path: `${index}.spots`, message: 'spotsBelowTaken' });
    });
    if (errors.length) throw badRequest(errors[0].message, errors);
    const problem = gradeSeatsProblem(
      period.spots,
      seats.map((g) => wanted.get(g.id_campus_year_grade) ?? g.spots),
    );
    if (problem)
      throw badRequest(
        problem,
        items.map((_, index) => ({ path: `${index}.spots`, message: problem })),
      );
    const changes: Array<{ id_campus_year_grade: number; id_grade: number; from: number; to: number }> = [];
    for (const seat of seats) {
      const to = wanted.get(seat.id_campus_year_grade);
      if (to === undefined || to === seat.spots) continue;
      await repo.updateSeat(tx, caller.scope, seat.id_campus_year_grade, to);
      changes.push({ id_campus_year_grade: seat.id_campus_year_grade, id_grade: seat.id_grade, from: seat.spots, to });
    }
    await writeAudit(tx, caller, {
      action: 'campus_year_grade.update',
      entity: 'campus_year',
      entityId: period.id_campus_year,
      id_school: period.id_school,
      id_campus: period.id_campus,
      changes: { grades: changes },
    });
    return (await repo.listSeats(tx, caller.scope, period.id_campus_year)).map(presentSeat);
  });
}

export async function campusSchoolYears(db: Db, caller: Principal, id_campus: number) {
  await requireCampus(db, caller.scope, id_campus);
  return (await repo.campusSchoolYears(db, caller.scope, id_campus)).map(presentSchoolYear);
}

/** The calendar day it is at `now` where the campus is (its own time zone, else its school's). */
async function campusToday(db: Executor, scope: Scope, id_campus: number, now: Date) {
  const timeZone = (await repo.timeZoneOfCampus(db, scope, id_campus)) ?? DEFAULT_TIME_ZONE;
  return { timeZone, today: todayIso(timeZone, now) };
}

/** For the top bar: does the campus take applications now, and if not, why (spec section 8). */
export async function enrollmentStatus(
  db: Db,
  caller: Principal,
  id_campus: number,
  id_school_year: number | undefined,
  now = new Date(),
): Promise<KeyedEnrollmentStatus> {
  await requireCampus(db, caller.scope, id_campus);
  const { timeZone, today } = await campusToday(db, caller.scope, id_campus, now);
  const period =
    id_school_year === undefined
      ? await repo.currentPeriodOf(db, caller.scope, id_campus)
      : await repo.findPeriodOf(db, caller.scope, id_campus, id_school_year);
  const decision = enrollmentDecision(period ?? null, today);
  const message: MessageKey | null =
    decision.reason === null
      ? null
      : decision.reason === 'not_started'
        ? 'enrollmentNotStarted'
        : decision.reason === 'finalized'
          ? 'periodFinalized'
          : 'enrollmentEnded';
  return {
    acceptingApplications: decision.open,
    reason: decision.reason,
    messageKey: message,
    helpKey: decision.reason === 'ended' ? 'enrollmentEndedHelp' : null,
    endDate: period?.enrollment_end_date ?? null,
    id_campus_year: period?.id_campus_year ?? null,
    id_school_year: period?.id_school_year ?? null,
    state: period?.state ?? null,
    today,
    timeZone,
  };
}

/**
 * Call before creating an application (staff or form intake). Refuses unless the campus's period for that
 * school year is started and today (in the campus's time zone) is within its enrollment dates; answers the
 * period it belongs to.
 * The caller has already checked its own scope (or is a verified webhook).
 */
export async function assertAcceptingApplications(
  db: Executor,
  id_campus: number,
  id_school_year: number,
  now = new Date(),
) {
  // no caller here (a staff route has checked its scope, a webhook its signature)
  const period = await repo.findPeriodOf(db, SYSTEM_SCOPE, id_campus, id_school_year);
  const { today } = await campusToday(db, SYSTEM_SCOPE, id_campus, now);
  const decision = enrollmentDecision(period ?? null, today);
  if (decision.reason === 'ended' || decision.reason === 'finalized')
    throw new AppError('ENROLLMENT_ENDED', 'enrollmentEnded');
  if (decision.reason === 'not_started' || !period)
    throw new AppError('ENROLLMENT_NOT_STARTED', 'enrollmentNotStarted');
  return { id_campus_year: period.id_campus_year };
}

/** For the campus grade settings: give open periods a seat row for each newly activated grade. */
export const addSeatsForActiveGrades = (db: Executor, caller: Principal, id_campus: number) =>
  repo.insertSeatsForActiveGrades(db, caller.scope, id_campus);

/** The campus, when the scope may see it; 404 otherwise. */
async function requireCampus(db: Executor, scope: Scope, id_campus: number) {
  const campus = await repo.findCampusRef(db, scope, id_campus);
  if (!campus) throw notFound();
  return campus;
}
