import { randomBytes } from 'node:crypto';
import { holdsSeat } from '@openseat/shared/application-status';
import { PERIOD_STATE } from '@openseat/shared/constants';
import { dayEndsAt, DEFAULT_TIME_ZONE } from '@openseat/shared/enrollment-rules';
import type { MessageKey } from '@openseat/shared/messages';
import type {
  LotteryPeriod,
  LotteryPlan,
  LotteryPracticeCsvQuery,
  LotteryResult,
} from '@openseat/shared/schemas/lottery';
import type { Db, Executor, Tx } from '../../db/client';
import { sqlStateOf } from '../../lib/db-errors';
import { AppError, notFound, type ErrorCode } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { familiesOf } from '../applications/siblings.service';
import { lockGroups } from '../status-moves/status-moves.service';
import { lotteryRecordCsv } from './lottery.csv';
import {
  draw,
  inputsHash,
  LOTTERY_ALGORITHM,
  resultHash,
  seedHash,
  type DrawEntry,
  type DrawInputs,
  type DrawOutcome,
} from './lottery.draw';
import { appendLog } from './lottery.log';
import * as repo from './lottery.repository';
import { answerOf, type UnnamedOutcome } from './lottery.summary';
import type { PeriodApplication, PeriodRow } from './lottery.repository';

/*
 * Planning a lottery (docs/api-lottery.md): the period it can run on, the draw's inputs from the period's applications
 * (participants, late and skipped applications, seats, priorities, families), the practice run and the plan staff
 * confirm; both write nothing. The run (lottery.run.ts) draws from the same plan, read under its locks.
 */

export const refuse = (message: MessageKey, code: ErrorCode) => new AppError(code, message);

/** The sibling priority item of the catalog. */
const SIBLING_ITEM = 1;

export const newSeed = () => randomBytes(32).toString('hex');

/** The period of the request, refused unless the lottery can run on it. */
export async function requireRunnablePeriod(db: Executor, caller: Principal, input: LotteryPeriod, lock = false) {
  let period: PeriodRow | undefined;
  try {
    period = await repo.findPeriod(db, caller.scope, input.id_campus, input.id_school_year, lock);
  } catch (error) {
    if (sqlStateOf(error) === '55P03') throw refuse('lotteryRunning', 'LOTTERY_RUNNING');
    throw error;
  }
  if (!period) throw notFound();
  if (!period.isLotteryCampus) throw refuse('lotteryNotEnabled', 'LOTTERY_NOT_ENABLED');
  if (period.state !== PERIOD_STATE.STARTED) throw refuse('lotteryPeriodNotStarted', 'LOTTERY_PERIOD_NOT_STARTED');
  return period;
}

/** A participant (or a late or skipped application) with its priority level and weight on the campus. */
export type Participant = PeriodApplication & { level: number; weight: number };

export type Plan = {
  inputs: DrawInputs;
  participants: Map<number, Participant>;
  /** Applied after the end date, with a grade: to the end of their waiting list, in arrival order. */
  late: Participant[];
  skipped: Participant[];
  /** Length of every grade's waiting list before the run. */
  waiting: Map<number | null, number>;
};

/** When applications start to be late: the end of the period's last enrollment day, where the campus is. */
export const lateFrom = (period: PeriodRow): number =>
  period.enrollment_end_date === null
    ? Infinity
    : dayEndsAt(period.timeZone ?? DEFAULT_TIME_ZONE, period.enrollment_end_date).getTime();

/** The draw's inputs from the period as it stands; `lock` locks the applied rows (see `lockedPlanOf`). */
async function planOf(db: Executor, scope: Principal['scope'], period: PeriodRow, lock = false): Promise<Plan> {
  const apps = await repo.periodApplications(db, scope, period, lock);
  const priorities = await repo.campusPriorities(db, period.id_campus);
  const byItem = new Map(priorities.map((p) => [p.id_priority_item, p]));
  const lastLevel = priorities.reduce((max, p) => Math.max(max, p.level), 0);
  const grades = await repo.gradeCatalog(db);
  const families = familiesOf(apps);
  const seatedFamilies = new Set<number>();
  for (const app of apps) {
    const family = families.get(app.id_application);
    if (family != null && holdsSeat(app.id_status)) seatedFamilies.add(family);
  }
  const lateSince = lateFrom(period);
  const participants = new Map<number, Participant>();
  const late: Participant[] = [];
  const skipped: Participant[] = [];
  for (const app of apps) {
    if (app.id_status !== repo.APPLIED) continue;
    const priority = app.id_priority_item === null ? undefined : byItem.get(app.id_priority_item);
    // the row itself becomes the participant (a spread copy of 10,000 rows made every later read of them slow)
    const p: Participant = Object.assign(app, {
      level: priority?.level ?? lastLevel + 1,
      weight: priority?.weight ?? 1,
    });
    if (app.id_grade === null) skipped.push(p);
    else if (app.createdAt.getTime() >= lateSince) late.push(p);
    else participants.set(app.id_application, p);
  }
  late.sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime() || x.id_application - y.id_application);
  const seats = new Map((await repo.seatsOf(db, period.id_campus_year)).map((r) => [r.id_grade, r]));
  const waiting = new Map((await repo.waitingLengths(db, period.id_campus_year)).map((r) => [r.id_grade, r.length]));
  const position = new Map(grades.map((g) => [g.id_grade, g.position]));
  const gradeIds = [...new Set([...participants.values()].map((p) => p.id_grade as number))];
  const entries: DrawEntry[] = [...participants.values()].map((p) => ({
    id_application: p.id_application,
    id_grade: p.id_grade as number,
    level: p.level,
    weight: p.weight,
    family: families.get(p.id_application) ?? null,
  }));
  const inputs: DrawInputs = {
    grades: gradeIds
      .map((id_grade) => {
        const seat = seats.get(id_grade);
        return {
          id_grade,
          position: position.get(id_grade) ?? 0,
          seats: seat ? Math.max(0, seat.spots - seat.taken) : 0,
          waitingBefore: waiting.get(id_grade) ?? 0,
        };
      })
      .sort((x, y) => x.position - y.position || x.id_grade - y.id_grade),
    entries,
    siblingLevel: period.sibling_priority ? (byItem.get(SIBLING_ITEM)?.level ?? 1) : null,
    seatedFamilies: [...seatedFamilies].sort((x, y) => x - y),
  };
  return { inputs, participants, late, skipped, waiting };
}

/** A late application at the end of its grade's waiting list (`order` inside the grade, `place` on the list). */
export const lateOutcome = (p: Participant, at: { order: number; place: number | null }): UnnamedOutcome => ({
  id_application: p.id_application,
  id_grade: p.id_grade as number,
  result: 'waiting',
  order: at.order,
  lottery_number: 0,
  level: p.level,
  sibling: false,
  waiting_list_position: at.place,
  weight: p.weight,
});

/** The answer of a draw or a practice run of this plan: counts and first pages (lottery.summary.ts). */
export function answerOfPlan(
  db: Executor,
  plan: Plan,
  seed: string,
  outcomes: DrawOutcome[],
  late: UnnamedOutcome[],
  lottery: LotteryResult['lottery'],
): Promise<LotteryResult> {
  return answerOf(db, {
    lottery,
    seed,
    grades: plan.inputs.grades,
    outcomes,
    late,
    skipped: plan.skipped,
    weightOf: (id) => plan.participants.get(id)?.weight ?? 1,
  });
}

/** Where late applications would land without writing: after the drawn ones of their grade, in arrival order. */
function latePlacesOf(plan: Plan, outcomes: DrawOutcome[]) {
  const next = new Map<number, { order: number; place: number }>();
  for (const g of plan.inputs.grades) next.set(g.id_grade, { order: 0, place: g.waitingBefore });
  for (const o of outcomes) {
    const n = next.get(o.id_grade)!;
    n.order = o.order;
    if (o.waiting_list_position !== null) n.place = o.waiting_list_position;
  }
  return next;
}

export const assertSomething = (plan: Plan) => {
  if (!plan.participants.size && !plan.late.length) throw refuse('lotteryNoApplications', 'LOTTERY_NO_APPLICATIONS');
};

/** A practice draw of the period as it stands now, with `seed`: where everyone would land; writes nothing. */
export async function practiceDraw(db: Db, caller: Principal, input: LotteryPeriod, seed: string) {
  const period = await requireRunnablePeriod(db, caller, input);
  const plan = await planOf(db, caller.scope, period);
  assertSomething(plan);
  const outcomes = draw(seed, plan.inputs);
  const next = latePlacesOf(plan, outcomes);
  const late: UnnamedOutcome[] = [];
  for (const p of plan.late) {
    const n = next.get(p.id_grade as number) ?? { order: 0, place: plan.waiting.get(p.id_grade) ?? 0 };
    if (!next.has(p.id_grade as number)) next.set(p.id_grade as number, n);
    late.push(lateOutcome(p, { order: ++n.order, place: ++n.place }));
  }
  return { period, plan, outcomes, late };
}

/**
 * `POST /lottery/practice`: the same draw on the current applications with a fresh seed. Nothing of the period is
 * written but an entry of its public log: practice runs are counted there, so running draws until one pleases
 * shows (and a real draw's seed comes from a public source anyway).
 */
export async function practice(db: Db, caller: Principal, input: LotteryPeriod): Promise<LotteryResult> {
  const seed = newSeed();
  const { period, plan, outcomes, late } = await practiceDraw(db, caller, input, seed);
  await db.transaction(async (tx) => {
    await requireRunnablePeriod(tx, caller, input, true);
    await appendLog(tx, period, 'practice', {
      seed_sha256: seedHash(seed),
      inputs_sha256: inputsHash(plan.inputs),
    });
  });
  return answerOfPlan(db, plan, seed, outcomes, late, null);
}

/**
 * `GET /lottery/practice/csv`: the practice run of `seed` (the one a practice answered) as a record file, the format of
 * the drawn record's (`lotteryRecordCsv`, marked as practice), on the applications as they stand now; writes nothing.
 */
export async function practiceCsv(db: Db, caller: Principal, input: LotteryPracticeCsvQuery) {
  const { period, plan, outcomes } = await practiceDraw(db, caller, input, input.seed);
  const names = await repo.periodNames(db, caller.scope, period.id_campus_year);
  const grades = new Map((await repo.gradeCatalog(db)).map((g) => [g.id_grade, g.name]));
  const csv = lotteryRecordCsv({
    algorithm: LOTTERY_ALGORITHM,
    practice: true,
    seed: input.seed,
    seedHash: seedHash(input.seed),
    inputs: plan.inputs,
    inputsHash: inputsHash(plan.inputs),
    result: outcomes,
    resultHash: resultHash(outcomes),
    campus: names?.campus ?? '',
    schoolYear: names?.schoolYear ?? '',
    drawnAt: new Date(),
    drawnBy: '',
    applications: new Map(
      outcomes.map((o) => [
        o.id_application,
        {
          correlative: plan.participants.get(o.id_application)?.correlative ?? 0,
          grade: grades.get(o.id_grade) ?? '',
        },
      ]),
    ),
  });
  return { filename: `lottery-practice-${period.id_campus_year}.csv`, csv };
}

/** `GET /lottery/plan`: what a real draw would move now, for the confirmation staff read before it. */
export async function lotteryPlan(db: Db, caller: Principal, input: LotteryPeriod): Promise<LotteryPlan> {
  const period = await requireRunnablePeriod(db, caller, input);
  const plan = await planOf(db, caller.scope, period);
  const told = [...plan.participants.values(), ...plan.late];
  const families = familiesOf(told);
  return {
    applications: told.length,
    families: new Set(told.map((p) => families.get(p.id_application) ?? `a${p.id_application}`)).size,
    seats: plan.inputs.grades.reduce((sum, g) => sum + g.seats, 0),
    late: plan.late.length,
    skipped: plan.skipped.length,
  };
}

/**
 * The plan of a run that moves applications, read under its locks in the pipeline's order: the grade groups with
 * applied applications, then the applied rows themselves (read FOR UPDATE with the plan: one read, not two). A grade
 * that gained its first applied application between the two reads is locked after them.
 */
export async function lockedPlanOf(tx: Tx, caller: Principal, period: PeriodRow): Promise<Plan> {
  const group = (id_grade: number) => ({ id_campus_year: period.id_campus_year, id_grade });
  const grades = new Set(await repo.appliedGrades(tx, period.id_campus_year));
  await lockGroups(tx, [...grades].map(group));
  const plan = await planOf(tx, caller.scope, period, true);
  const moving = [...plan.participants.values(), ...plan.late].map((p) => p.id_grade as number);
  await lockGroups(tx, [...new Set(moving)].filter((id) => !grades.has(id)).map(group));
  return plan;
}
