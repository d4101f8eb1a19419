import { MOVEMENT_TYPE } from '@openseat/shared/application-status';
import { STATUS } from '@openseat/shared/constants';
import type { LotteryPeriod, LotteryResult, LotteryRun } from '@openseat/shared/schemas/lottery';
import { writeAudit } from '../audit/audit.service';
import { notFound } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { openSession, type MoveSession } from '../status-moves/status-moves.service';
import type { MoveDeps } from '../status-moves/status-moves.types';
import { draw, inputsHash, resultHash, seedHash } from './lottery.draw';
import { appendLog } from './lottery.log';
import { LOTTERY_ALGORITHM_V2, seedOf, sourceLine } from './lottery.seed';
import { fetchCommittedRound, sourceOfFrozen, type PastedRound } from './lottery.source';
import {
  answerOfPlan,
  assertSomething,
  lateOutcome,
  lockedPlanOf,
  refuse,
  requireRunnablePeriod,
  type Participant,
} from './lottery.plan';
import { presentSummary } from './lottery.presenter';
import { asLotteryRefusal } from './lottery.refusals';
import { signatureOf } from './lottery.record';
import * as repo from './lottery.repository';
import type { LotterySummaryRow } from './lottery.repository';
import { namedOutcomes, type UnnamedOutcome } from './lottery.summary';

/*
 * Running the lottery of a school period (docs/api-lottery.md): the draw (one transaction, or nothing) applied through
 * the status-move engine, of a frozen lottery only (the server's own seed is for practice runs), and late
 * applications. The draw itself is the pure `draw()` of lottery.draw.ts; its inputs come from lottery.plan.ts.
 */

/**
 * Moves the late applications to the end of their waiting lists in arrival order (movement 'Late application').
 * Answers their outcomes; the places are those taken at the move (`flush` may renumber a list: read them after it).
 */
async function moveLate(session: MoveSession, late: Participant[], orderAfter: Map<number, number>) {
  const placed: UnnamedOutcome[] = [];
  for (const p of late) {
    const app = session.byId.get(p.id_application);
    if (!app || app.id_status !== STATUS.APPLIED) continue;
    await session.move(app, STATUS.WAITING_LIST, MOVEMENT_TYPE.LATE_APPLICATION);
    const order = (orderAfter.get(p.id_grade as number) ?? 0) + 1;
    orderAfter.set(p.id_grade as number, order);
    placed.push(lateOutcome(p, { order, place: app.waiting_list_position }));
  }
  return placed;
}

/** The seed of a run: a frozen lottery's (v2), made from its public source. */
type Draw = {
  frozen: LotterySummaryRow['lottery'];
  seed: string;
  v2: ReturnType<typeof sourceOfFrozen>;
};

/**
 * Which draw a run makes: only the period's frozen lottery, from its committed source, on inputs that must hash as
 * frozen. Without a freeze there is no real draw (the server's own seed is for practice runs only, issue 23); an
 * id_lottery that is not the period's answers 404.
 */
function drawOf(
  existing: LotterySummaryRow['lottery'][],
  input: LotteryRun,
  beacon: PastedRound | undefined,
  now: Date,
): Draw {
  if (input.id_lottery !== undefined && !existing.some((l) => l.id_lottery === input.id_lottery)) throw notFound();
  const frozen = existing.find((l) => l.state === 'frozen');
  if (!frozen) throw refuse('lotteryNeedsFreeze', 'LOTTERY_NEEDS_FREEZE');
  if (input.id_lottery !== undefined && input.id_lottery !== frozen.id_lottery)
    throw refuse('lotteryAlreadyFrozen', 'LOTTERY_FROZEN');
  const v2 = sourceOfFrozen(frozen, beacon, now);
  return { frozen, seed: seedOf(frozen.inputsHash!, v2.source), v2 };
}

/** A frozen lottery's committed round, fetched from the relays before any lock is taken (only when asked). */
async function fetchedRound(db: MoveDeps['db'], caller: Principal, input: LotteryRun, relays: string[]) {
  if (input.beacon || !input.fetchBeacon) return input.beacon;
  const period = await requireRunnablePeriod(db, caller, input);
  const frozen = (await repo.lotteriesOfPeriod(db, period.id_campus_year)).find((l) => l.state === 'frozen');
  if (!frozen || frozen.source !== 'drand') throw refuse('lotteryNotFrozen', 'LOTTERY_NOT_FROZEN');
  return fetchCommittedRound(relays, frozen);
}

/**
 * `POST /application/lottery`: the draw, in one transaction. The period row is locked NOWAIT (a second run answers
 * 'lotteryRunning'), then the grade groups and the application rows; the outcome is applied through the pipeline's
 * moves (movement 'Lottery'), the record written signed, its log entry appended, and an audit row added. Any
 * failure changes nothing.
 */
export async function runLottery(
  { db, jobs, drandRelays, clock }: MoveDeps & { drandRelays: string[]; clock?: () => Date },
  caller: Principal,
  secret: Buffer,
  input: LotteryRun,
): Promise<LotteryResult> {
  const beacon = await fetchedRound(db, caller, input, drandRelays);
  return asLotteryRefusal(() =>
    db.transaction(async (tx) => {
      const period = await requireRunnablePeriod(tx, caller, input, true);
      const existing = await repo.lotteriesOfPeriod(tx, period.id_campus_year);
      if (existing.some((l) => l.state === 'drawn')) throw refuse('lotteryAlreadyDrawn', 'LOTTERY_ALREADY_DRAWN');
      const drawnAt = clock?.() ?? new Date();
      const { frozen, seed, v2 } = drawOf(existing, input, beacon, drawnAt);
      const algorithm = LOTTERY_ALGORITHM_V2;
      // the guard of the freeze steps aside for the draw's own moves (inside this transaction only)
      await repo.markPeriodFrozen(tx, period.id_campus_year, false);
      const locked = await lockedPlanOf(tx, caller, period);
      assertSomething(locked);
      const hashes = {
        seedHash: seedHash(seed),
        inputsHash: inputsHash(locked.inputs, algorithm),
        resultHash: '',
      };
      if (hashes.inputsHash !== frozen.inputsHash) throw refuse('lotteryInputsChanged', 'LOTTERY_INPUTS_CHANGED');
      const outcomes = draw(seed, locked.inputs);
      hashes.resultHash = resultHash(outcomes);
      const facts = {
        id_lottery: frozen.id_lottery,
        inputs_sha256: hashes.inputsHash,
        source: sourceLine(v2.source),
        seed,
        result_sha256: hashes.resultHash,
      };
      const entry = await appendLog(tx, period, 'draw', facts, drawnAt);
      // the inputs stay as the freeze wrote them: the same inputs, as their hash just showed
      const record = {
        state: 'drawn',
        algorithm,
        seed,
        ...hashes,
        result: outcomes,
        consideredCount: outcomes.length,
        selectedCount: outcomes.filter((o) => o.result === 'selected').length,
        waitingCount: outcomes.filter((o) => o.result === 'waiting').length,
        id_user: caller.id_user,
        drawnAt,
        signature: signatureOf(secret, { algorithm, id_campus_year: period.id_campus_year, ...hashes, drawnAt }),
        ...(v2.beacon
          ? {
              beaconSignature: v2.beacon.signature,
              beaconPreviousSignature: v2.beacon.previousSignature ?? null,
            }
          : {}),
      };
      const saved = await repo.updateLottery(tx, frozen.id_lottery, { ...record, logHash: entry.hash });

      const apps = [...locked.participants.values(), ...locked.late];
      const session = openSession(tx, { scope: caller.scope, id_user: caller.id_user, jobs }, apps);
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
          late: latePlaced.length,
        },
      });
      const summary = presentSummary(
        (await repo.findLotterySummary(tx, caller.scope, saved.id_lottery)) ?? { lottery: saved, drawnBy: null },
      );
      return answerOfPlan(tx, locked, seed, outcomes, latePlaced, summary);
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
      const session = openSession(tx, { scope: caller.scope, id_user: caller.id_user, jobs }, arrivals);
      const placed = await moveLate(session, arrivals, new Map());
      await session.flush();
      await writeAudit(tx, caller, {
        action: 'lottery.late',
        entity: 'campus_year',
        entityId: period.id_campus_year,
        id_school: period.id_school,
        id_campus: period.id_campus,
        changes: { applications: placed.map((o) => o.id_application) },
      });
      return namedOutcomes(
        tx,
        placed.map((o) => ({
          ...o,
          waiting_list_position: session.byId.get(o.id_application)?.waiting_list_position ?? null,
        })),
      );
    }),
  );
}
