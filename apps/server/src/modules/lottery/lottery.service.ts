import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { holdsSeat, MOVEMENT_TYPE } from '@openseat/shared/application-status';
import { PERIOD_STATE, STATUS } from '@openseat/shared/constants';
import { dayEndsAt, DEFAULT_TIME_ZONE } from '@openseat/shared/enrollment-rules';
import type { MessageKey } from '@openseat/shared/messages';
import type {
  LotteryOutcome,
  LotteryPeriod,
  LotteryPlan,
  LotteryResult,
  LotteryRun,
  LotteryVerification,
} from '@openseat/shared/schemas/lottery';
import type { Db, Executor, Tx } from '../../db/client';
import { writeAudit } from '../audit/audit.service';
import { isUniqueViolation, sqlStateOf } from '../../lib/db-errors';
import { AppError, notFound, type ErrorCode } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { MoveSession, type MoveDeps } from '../applications/move-step';
import * as moves from '../applications/moves.repository';
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
import { lotteryRecordCsv } from './lottery.csv';
import { presentRecord, presentSummary } from './lottery.presenter';
import * as repo from './lottery.repository';
import type { PeriodApplication, PeriodRow } from './lottery.repository';
import { familiesOf } from './siblings';

/*
 * Running the lottery of a school period (docs/api-lottery.md): the draw (one transaction, or nothing), the practice
 * run (writes nothing), the committed seed of presentation mode, late applications, and the record's verification.
 * The draw itself is the pure `draw()` of lottery.draw.ts.
 */

const refuse = (message: MessageKey, code: ErrorCode) => new AppError(code, message);

/** The sibling priority item of the catalog. */
const SIBLING_ITEM = 1;

export const newSeed = () => randomBytes(32).toString('hex');

/** The key that signs lottery records, derived from the server's encryption key. */
const signingKey = (secret: Buffer) => createHmac('sha256', secret).update('lottery-record').digest();

export function signatureOf(
  secret: Buffer,
  r: {
    algorithm: string;
    id_campus_year: number;
    seedHash: string;
    inputsHash: string;
    resultHash: string;
    drawnAt: Date;
  },
) {
  const text = `${r.algorithm}\n${r.id_campus_year}\n${r.seedHash}\n${r.inputsHash}\n${r.resultHash}\n${r.drawnAt.toISOString()}`;
  return createHmac('sha256', signingKey(secret)).update(text, 'utf8').digest('hex');
}

/** The period of the request, refused unless the lottery can run on it. */
async function requireRunnablePeriod(db: Executor, caller: Principal, input: LotteryPeriod, lock = false) {
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

/** A participant (or a late or skipped application) with the names staff read. */
type Participant = PeriodApplication & { level: number; weight: number; priorityItem: string | null };

export type Plan = {
  inputs: DrawInputs;
  participants: Map<number, Participant>;
  /** Applied after the end date, with a grade: to the end of their waiting list, in arrival order. */
  late: Participant[];
  skipped: Participant[];
  gradeNames: Map<number, string>;
  /** Length of every grade's waiting list before the run. */
  waiting: Map<number | null, number>;
};

/** When applications start to be late: the end of the period's last enrollment day, where the campus is. */
const lateFrom = (period: PeriodRow): number =>
  period.enrollment_end_date === null
    ? Infinity
    : dayEndsAt(period.timeZone ?? DEFAULT_TIME_ZONE, period.enrollment_end_date).getTime();

/** The draw's inputs from the period as it stands; `lock` locks the applied rows (see `lockedPlanOf`). */
async function planOf(db: Executor, scope: Principal['scope'], period: PeriodRow, lock = false): Promise<Plan> {
  const apps = await repo.periodApplications(db, scope, period, lock);
  const priorities = await repo.campusPriorities(db, period.id_campus);
  const byItem = new Map(priorities.map((p) => [p.id_priority_item, p]));
  const itemNames = new Map((await repo.priorityItemNames(db)).map((p) => [p.id, p.name]));
  const lastLevel = priorities.reduce((max, p) => Math.max(max, p.level), 0);
  const grades = await repo.gradeCatalog(db);
  const gradeNames = new Map(grades.map((g) => [g.id_grade, g.name]));
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
      priorityItem: app.id_priority_item === null ? null : (itemNames.get(app.id_priority_item) ?? null),
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
  return { inputs, participants, late, skipped, gradeNames, waiting };
}

const outcomeOf = (
  plan: Plan,
  p: Participant,
  o: Omit<DrawOutcome, 'id_application' | 'id_grade'>,
): LotteryOutcome => ({
  id_application: p.id_application,
  correlative: p.correlative,
  applicantName: p.applicantName,
  id_grade: p.id_grade as number,
  grade: plan.gradeNames.get(p.id_grade as number) ?? '',
  result: o.result,
  order: o.order,
  lottery_number: o.lottery_number,
  level: o.level,
  priorityItem: p.priorityItem,
  weight: p.weight,
  sibling: o.sibling,
  waiting_list_position: o.waiting_list_position,
});

/** The answer of a draw or a practice run. */
function resultOf(
  plan: Plan,
  seed: string,
  outcomes: DrawOutcome[],
  latePlaces: Map<number, { order: number; place: number | null }>,
  lottery: LotteryResult['lottery'],
): LotteryResult {
  const applications = outcomes.map((o) => outcomeOf(plan, plan.participants.get(o.id_application)!, o));
  return {
    lottery,
    practice: lottery === null,
    seed,
    selectedList: applications.filter((o) => o.result === 'selected'),
    waitingList: applications.filter((o) => o.result === 'waiting'),
    applications: outcomes.map((o) => o.id_application),
    late: plan.late.map((p) =>
      outcomeOf(plan, p, {
        result: 'waiting',
        order: latePlaces.get(p.id_application)?.order ?? 0,
        lottery_number: 0,
        level: p.level,
        sibling: false,
        waiting_list_position: latePlaces.get(p.id_application)?.place ?? null,
      }),
    ),
    skipped: plan.skipped.map((p) => ({
      id_application: p.id_application,
      correlative: p.correlative,
      reason: 'lotteryNeedsGrade',
    })),
  };
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

const assertSomething = (plan: Plan) => {
  if (!plan.participants.size && !plan.late.length) throw refuse('lotteryNoApplications', 'LOTTERY_NO_APPLICATIONS');
};

/** `POST /lottery/practice`: the same draw on the current applications with a fresh seed; writes nothing. */
export async function practice(db: Db, caller: Principal, input: LotteryPeriod): Promise<LotteryResult> {
  const period = await requireRunnablePeriod(db, caller, input);
  const plan = await planOf(db, caller.scope, period);
  assertSomething(plan);
  const seed = newSeed();
  const outcomes = draw(seed, plan.inputs);
  const next = latePlacesOf(plan, outcomes);
  const late = new Map<number, { order: number; place: number | null }>();
  for (const p of plan.late) {
    const n = next.get(p.id_grade as number) ?? { order: 0, place: plan.waiting.get(p.id_grade) ?? 0 };
    if (!next.has(p.id_grade as number)) next.set(p.id_grade as number, n);
    late.set(p.id_application, { order: ++n.order, place: ++n.place });
  }
  return resultOf(plan, seed, outcomes, late, null);
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

/** Maps the database's refusals of a racing run: the row lock (55P03) and the one-drawn index. */
async function asLotteryRefusal<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (sqlStateOf(error) === '55P03') throw refuse('lotteryRunning', 'LOTTERY_RUNNING');
    // the only unique index a run can hit is lottery_one_drawn: another run drew the period first
    if (isUniqueViolation(error)) throw refuse('lotteryAlreadyDrawn', 'LOTTERY_ALREADY_DRAWN');
    throw error;
  }
}

/**
 * The plan of a run that moves applications, read under its locks in the pipeline's order: the grade groups with
 * applied applications, then the applied rows themselves (read FOR UPDATE with the plan: one read, not two). A grade
 * that gained its first applied application between the two reads is locked after them.
 */
async function lockedPlanOf(tx: Tx, caller: Principal, period: PeriodRow): Promise<Plan> {
  const group = (id_grade: number) => ({ id_campus_year: period.id_campus_year, id_grade });
  const grades = new Set(await repo.appliedGrades(tx, period.id_campus_year));
  await moves.lockGroups(tx, [...grades].map(group));
  const plan = await planOf(tx, caller.scope, period, true);
  const moving = [...plan.participants.values(), ...plan.late].map((p) => p.id_grade as number);
  await moves.lockGroups(tx, [...new Set(moving)].filter((id) => !grades.has(id)).map(group));
  return plan;
}

/** Moves the late applications to the end of their waiting lists in arrival order (movement 'Late application'). */
async function moveLate(session: MoveSession, late: Participant[], orderAfter: Map<number, number>) {
  const placed = new Map<number, { order: number; place: number | null }>();
  for (const p of late) {
    const app = session.byId.get(p.id_application);
    if (!app || app.id_status !== STATUS.APPLIED) continue;
    await session.move(app, STATUS.WAITING_LIST, MOVEMENT_TYPE.LATE_APPLICATION);
    const order = (orderAfter.get(p.id_grade as number) ?? 0) + 1;
    orderAfter.set(p.id_grade as number, order);
    placed.set(p.id_application, { order, place: app.waiting_list_position });
  }
  return placed;
}

/**
 * `POST /application/lottery`: the draw, in one transaction. The period row is locked NOWAIT (a second run answers
 * 'lotteryRunning'), then the grade groups and the application rows; the outcome is applied through the pipeline's
 * moves (movement 'Lottery'), the record written signed, and an audit row added. Any failure changes nothing.
 */
export async function runLottery(
  { db, jobs }: MoveDeps,
  caller: Principal,
  secret: Buffer,
  input: LotteryRun,
): Promise<LotteryResult> {
  return asLotteryRefusal(() =>
    db.transaction(async (tx) => {
      const period = await requireRunnablePeriod(tx, caller, input, true);
      const existing = await repo.lotteriesOfPeriod(tx, period.id_campus_year);
      if (existing.some((l) => l.state === 'drawn')) throw refuse('lotteryAlreadyDrawn', 'LOTTERY_ALREADY_DRAWN');
      let committed: (typeof existing)[number] | undefined;
      if (input.id_lottery !== undefined) {
        committed = existing.find((l) => l.id_lottery === input.id_lottery);
        if (!committed) throw notFound();
      }
      const locked = await lockedPlanOf(tx, caller, period);
      assertSomething(locked);
      const seed = committed?.seed ?? newSeed();
      const outcomes = draw(seed, locked.inputs);
      const drawnAt = new Date();
      const hashes = {
        seedHash: seedHash(seed),
        inputsHash: inputsHash(locked.inputs),
        resultHash: resultHash(outcomes),
      };
      const record = {
        state: 'drawn',
        algorithm: LOTTERY_ALGORITHM,
        seed,
        ...hashes,
        inputs: locked.inputs,
        result: outcomes,
        consideredCount: outcomes.length,
        selectedCount: outcomes.filter((o) => o.result === 'selected').length,
        waitingCount: outcomes.filter((o) => o.result === 'waiting').length,
        id_user: caller.id_user,
        drawnAt,
        signature: signatureOf(secret, {
          algorithm: LOTTERY_ALGORITHM,
          id_campus_year: period.id_campus_year,
          ...hashes,
          drawnAt,
        }),
      };
      const saved = committed
        ? await repo.updateLottery(tx, committed.id_lottery, record)
        : await repo.insertLottery(tx, {
            ...record,
            id_school: period.id_school,
            id_campus_year: period.id_campus_year,
          });

      const apps = [...locked.participants.values(), ...locked.late];
      const session = new MoveSession(tx, { scope: caller.scope, id_user: caller.id_user, jobs }, apps);
      // families hear nothing until staff release the draw's messages (now, or on a results day)
      session.holdMessages = { id_lottery: saved.id_lottery };
      await session.knowPlaces(period.id_campus_year, [
        ...new Set([...locked.inputs.grades.map((g) => g.id_grade), ...locked.late.map((p) => p.id_grade as number)]),
      ]);
      // each grade's seats in one statement (the draw gave no more than were free under the group lock)
      const offers = new Map<number, number>();
      for (const o of outcomes) if (o.result === 'selected') offers.set(o.id_grade, (offers.get(o.id_grade) ?? 0) + 1);
      for (const [id_grade, count] of offers)
        if (!(await session.reserveSeats({ id_campus_year: period.id_campus_year, id_grade }, count)))
          throw new Error(`lottery: ${count} seats were not free in grade ${id_grade}`);
      for (const o of outcomes) {
        const app = session.byId.get(o.id_application);
        if (!app) throw new Error(`lottery: application ${o.id_application} was not locked`);
        if (o.result === 'selected') {
          if (!(await session.move(app, STATUS.OFFERED, MOVEMENT_TYPE.LOTTERY)))
            throw new Error(`lottery: no seat for application ${o.id_application} in grade ${o.id_grade}`);
        } else {
          await session.move(app, STATUS.WAITING_LIST, MOVEMENT_TYPE.LOTTERY);
          if (app.waiting_list_position !== o.waiting_list_position)
            throw new Error(
              `lottery: application ${o.id_application} took place ${app.waiting_list_position}, drawn ${o.waiting_list_position}`,
            );
        }
        session.annotateLottery(o.id_application, {
          id_lottery: saved.id_lottery,
          lottery_number: o.lottery_number,
          lottery_level: o.level,
          lottery_order: o.order,
        });
      }
      const orderAfter = new Map<number, number>();
      for (const o of outcomes) orderAfter.set(o.id_grade, o.order);
      const latePlaced = await moveLate(session, locked.late, orderAfter);
      await session.flush();
      await writeAudit(tx, caller, {
        action: 'lottery.draw',
        entity: 'lottery',
        entityId: saved.id_lottery,
        id_school: period.id_school,
        id_campus: period.id_campus,
        changes: {
          id_campus_year: period.id_campus_year,
          seedHash: hashes.seedHash,
          inputsHash: hashes.inputsHash,
          resultHash: hashes.resultHash,
          selected: record.selectedCount,
          waiting: record.waitingCount,
          late: latePlaced.size,
        },
      });
      const summary = presentSummary(
        (await repo.findLotterySummary(tx, caller.scope, saved.id_lottery)) ?? { lottery: saved, drawnBy: null },
      );
      return resultOf(locked, seed, outcomes, latePlaced, summary);
    }),
  );
}

/** `POST /lottery/commit`: the period's committed seed (made now, or the one already made); its hash only. */
export async function commitSeed(db: Db, caller: Principal, input: LotteryPeriod) {
  return asLotteryRefusal(() =>
    db.transaction(async (tx) => {
      const period = await requireRunnablePeriod(tx, caller, input, true);
      const existing = await repo.lotteriesOfPeriod(tx, period.id_campus_year);
      if (existing.some((l) => l.state === 'drawn')) throw refuse('lotteryAlreadyDrawn', 'LOTTERY_ALREADY_DRAWN');
      let lottery = existing.filter((l) => l.state === 'committed').at(-1);
      if (!lottery) {
        const seed = newSeed();
        lottery = await repo.insertLottery(tx, {
          id_school: period.id_school,
          id_campus_year: period.id_campus_year,
          state: 'committed',
          algorithm: LOTTERY_ALGORITHM,
          seed,
          seedHash: seedHash(seed),
          id_user: caller.id_user,
        });
        await writeAudit(tx, caller, {
          action: 'lottery.commit',
          entity: 'lottery',
          entityId: lottery.id_lottery,
          id_school: period.id_school,
          id_campus: period.id_campus,
          changes: { id_campus_year: period.id_campus_year, seedHash: lottery.seedHash },
        });
      }
      return presentSummary({ lottery, drawnBy: null });
    }),
  );
}

/**
 * `POST /lottery/late`: the period's applied applications (with a grade) join the end of their grade's waiting list
 * in arrival order (movement 'Late application'). With no draw in the period it is the same move; documented.
 */
export async function addLateApplications({ db, jobs }: MoveDeps, caller: Principal, input: LotteryPeriod) {
  return asLotteryRefusal(() =>
    db.transaction(async (tx) => {
      const period = await requireRunnablePeriod(tx, caller, input, true);
      const plan = await lockedPlanOf(tx, caller, period);
      const arrivals = [...plan.participants.values(), ...plan.late].sort(
        (x, y) => x.createdAt.getTime() - y.createdAt.getTime() || x.id_application - y.id_application,
      );
      if (!arrivals.length) throw refuse('lotteryNoApplications', 'LOTTERY_NO_APPLICATIONS');
      const lateOnly: Plan = { ...plan, participants: new Map(), late: arrivals };
      const session = new MoveSession(tx, { scope: caller.scope, id_user: caller.id_user, jobs }, arrivals);
      const placed = await moveLate(session, arrivals, new Map());
      await session.flush();
      await writeAudit(tx, caller, {
        action: 'lottery.late',
        entity: 'campus_year',
        entityId: period.id_campus_year,
        id_school: period.id_school,
        id_campus: period.id_campus,
        changes: { applications: [...placed.keys()] },
      });
      return resultOf(lateOnly, '', [], placed, null).late.map((o) => ({
        ...o,
        waiting_list_position: session.byId.get(o.id_application)?.waiting_list_position ?? null,
      }));
    }),
  );
}

async function requireLottery(db: Executor, caller: Principal, id_lottery: number) {
  const row = await repo.findLottery(db, caller.scope, id_lottery);
  if (!row) throw notFound();
  return row;
}

export async function listLotteries(db: Db, caller: Principal, id_campus_year: number) {
  if (!(await repo.periodInScope(db, caller.scope, id_campus_year))) throw notFound();
  return (await repo.listLotteries(db, caller.scope, id_campus_year)).map(presentSummary);
}

export async function getLottery(db: Db, caller: Principal, id_lottery: number) {
  const row = await requireLottery(db, caller, id_lottery);
  const names = await repo.periodNames(db, caller.scope, row.lottery.id_campus_year);
  const outcomes = (row.lottery.state === 'drawn' ? (row.lottery.result as DrawOutcome[] | null) : null) ?? [];
  const inputs = row.lottery.inputs as DrawInputs | null;
  const labels = new Map(
    (
      await repo.applicationLabels(
        db,
        outcomes.map((o) => o.id_application),
      )
    ).map((l) => [l.id_application, l]),
  );
  const grades = new Map((await repo.gradeCatalog(db)).map((g) => [g.id_grade, g.name]));
  const items = new Map((await repo.priorityItemNames(db)).map((p) => [p.id, p.name]));
  const entries = new Map((inputs?.entries ?? []).map((e) => [e.id_application, e]));
  return presentRecord(row, {
    campus: names?.campus ?? '',
    schoolYear: names?.schoolYear ?? '',
    siblingLevel: inputs?.siblingLevel ?? null,
    outcomes: outcomes.map((o) => {
      const label = labels.get(o.id_application);
      return {
        ...o,
        correlative: label?.correlative ?? 0,
        applicantName: label?.applicantName ?? '',
        grade: grades.get(o.id_grade) ?? '',
        priorityItem: label?.id_priority_item == null ? null : (items.get(label.id_priority_item) ?? null),
        weight: entries.get(o.id_application)?.weight ?? 1,
      };
    }),
  });
}

const sameText = (x: string, y: string) =>
  x.length === y.length && timingSafeEqual(Buffer.from(x, 'utf8'), Buffer.from(y, 'utf8'));

/**
 * `GET /lottery/:id/verify`: re-computes every check from the stored record. A committed lottery (not drawn yet)
 * has only its seed to check: it answers `valid: false` with the seedHash check alone.
 */
export async function verifyLottery(
  db: Db,
  caller: Principal,
  secret: Buffer,
  id_lottery: number,
): Promise<LotteryVerification> {
  const started = performance.now();
  const { lottery: l } = await requireLottery(db, caller, id_lottery);
  const checks: LotteryVerification['checks'] = [];
  const actualSeedHash = seedHash(l.seed);
  checks.push({ name: 'seedHash', ok: actualSeedHash === l.seedHash, expected: l.seedHash, actual: actualSeedHash });
  if (l.state !== 'drawn' || !l.inputs || !l.result) {
    return { id_lottery, valid: false, checks, elapsedMs: performance.now() - started };
  }
  const inputs = l.inputs as DrawInputs;
  let actualInputs = '';
  let rerun = '';
  try {
    actualInputs = inputsHash(inputs);
    rerun = resultHash(draw(l.seed, inputs));
  } catch {
    // a record rewritten into something the draw cannot read does not verify
  }
  let stored = '';
  try {
    stored = resultHash(l.result as DrawOutcome[]);
  } catch {
    stored = '';
  }
  checks.push({
    name: 'inputsHash',
    ok: actualInputs === (l.inputsHash ?? ''),
    expected: l.inputsHash ?? '',
    actual: actualInputs,
  });
  checks.push({
    name: 'result',
    ok: rerun !== '' && rerun === stored && stored === l.resultHash,
    expected: rerun,
    actual: stored,
  });
  const signature =
    l.drawnAt && l.inputsHash && l.resultHash
      ? signatureOf(secret, {
          algorithm: l.algorithm,
          id_campus_year: l.id_campus_year,
          seedHash: l.seedHash,
          inputsHash: l.inputsHash,
          resultHash: l.resultHash,
          drawnAt: l.drawnAt,
        })
      : '';
  checks.push({
    name: 'signature',
    ok: signature !== '' && sameText(signature, l.signature ?? ''),
    expected: l.signature ?? '',
    // the signature the record should carry is never shown: it would let anyone re-sign a changed record
    actual: signature !== '' && sameText(signature, l.signature ?? '') ? (l.signature ?? '') : 'mismatch',
  });
  return { id_lottery, valid: checks.every((c) => c.ok), checks, elapsedMs: performance.now() - started };
}

/** `GET /lottery/:id/csv`: the drawn record as the self-contained CSV file; a committed lottery has none yet (404). */
export async function lotteryCsv(db: Db, caller: Principal, id_lottery: number) {
  const row = await requireLottery(db, caller, id_lottery);
  const l = row.lottery;
  if (l.state !== 'drawn' || !l.inputs || !l.result || !l.inputsHash || !l.resultHash || !l.drawnAt) throw notFound();
  const record = await getLottery(db, caller, id_lottery);
  const csv = lotteryRecordCsv({
    algorithm: l.algorithm,
    seed: l.seed,
    seedHash: l.seedHash,
    inputs: l.inputs as DrawInputs,
    inputsHash: l.inputsHash,
    result: l.result as DrawOutcome[],
    resultHash: l.resultHash,
    campus: record.campus,
    schoolYear: record.schoolYear,
    drawnAt: l.drawnAt,
    drawnBy: row.drawnBy ?? '',
    applications: new Map(
      record.outcomes.map((o) => [o.id_application, { correlative: o.correlative, grade: o.grade }]),
    ),
  });
  return { filename: `lottery-${l.id_lottery}.csv`, csv };
}
