import { randomBytes } from 'node:crypto';
import type { LotteryDice, LotteryFreeze, LotteryUnfreeze } from '@openseat/shared/schemas/lottery';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { chainByName, roundAt, roundTime } from './lottery.beacon';
import { inputsHash } from './lottery.draw';
import { recordStep } from './lottery.log';
import { assertSomething, lateFrom, lockedPlanOf, refuse, requireRunnablePeriod } from './lottery.plan';
import { presentSummary } from './lottery.presenter';
import * as repo from './lottery.repository';
import { asLotteryRefusal } from './lottery.refusals';
import { diceDigits, LOTTERY_ALGORITHM_V2 } from './lottery.seed';

/*
 * The freeze of a school period's lottery (docs/lottery-algorithm.md, "v2"): the canonical inputs and their hash are
 * written, and the source of the draw's randomness fixed, before that randomness exists. While frozen, the database
 * refuses any change to the inputs (migration 0026); unfreezing takes a reason, published in the log.
 */

/** When no draw time is announced, the committed round is the first one a minute after the freeze. */
const DEFAULT_DRAW_DELAY_MS = 60_000;

const newPublicToken = () => randomBytes(18).toString('base64url');

/** The drand chain and round a freeze commits to: the first round at or after the announced draw time. */
function committedRound(input: LotteryFreeze, frozenAt: Date) {
  const chain = chainByName(input.chain ?? 'quicknet');
  if (!chain) throw badRequest('invalidValue', [{ path: 'chain', message: 'invalidValue' }]);
  const drawAt = input.drawAt ? new Date(input.drawAt) : new Date(frozenAt.getTime() + DEFAULT_DRAW_DELAY_MS);
  if (drawAt.getTime() <= frozenAt.getTime())
    throw badRequest('lotteryDrawAtPast', [{ path: 'drawAt', message: 'lotteryDrawAtPast' }]);
  const round = roundAt(chain, drawAt);
  return { chain, round, roundAt: roundTime(chain, round) };
}

/** `POST /lottery/freeze`. */
export async function freezeLottery(db: Db, caller: Principal, input: LotteryFreeze, now = new Date()) {
  return asLotteryRefusal(() =>
    db.transaction(async (tx) => {
      const period = await requireRunnablePeriod(tx, caller, input, true);
      const existing = await repo.lotteriesOfPeriod(tx, period.id_campus_year);
      if (existing.some((l) => l.state === 'drawn')) throw refuse('lotteryAlreadyDrawn', 'LOTTERY_ALREADY_DRAWN');
      if (existing.some((l) => l.state === 'frozen')) throw refuse('lotteryAlreadyFrozen', 'LOTTERY_FROZEN');
      const frozenAt = now;
      // applications still open would be inputs the freeze could not hold still
      if (frozenAt.getTime() < lateFrom(period)) throw refuse('lotteryFreezeBeforeClose', 'LOTTERY_NOT_CLOSED');
      const beacon = input.source === 'drand' ? committedRound(input, frozenAt) : null;
      const plan = await lockedPlanOf(tx, caller, period);
      assertSomething(plan);
      const hash = inputsHash(plan.inputs, LOTTERY_ALGORITHM_V2);
      const lottery = await repo.insertLottery(tx, {
        id_school: period.id_school,
        id_campus_year: period.id_campus_year,
        state: 'frozen',
        algorithm: LOTTERY_ALGORITHM_V2,
        inputs: plan.inputs,
        inputsHash: hash,
        consideredCount: plan.inputs.entries.length,
        frozenAt,
        source: input.source,
        beaconChain: beacon?.chain.hash ?? null,
        beaconRound: beacon?.round ?? null,
        roundAt: beacon?.roundAt ?? null,
        id_user: caller.id_user,
      });
      await repo.markPeriodFrozen(tx, period.id_campus_year, true, newPublicToken());
      const facts = {
        id_lottery: lottery.id_lottery,
        algorithm: LOTTERY_ALGORITHM_V2,
        inputs_sha256: hash,
        source: input.source,
        ...(beacon ? { chain: beacon.chain.hash, round: beacon.round, round_at: beacon.roundAt.toISOString() } : {}),
      };
      await recordStep(tx, caller, period, 'freeze', facts, { at: frozenAt });
      return presentSummary({ lottery, drawnBy: null });
    }),
  );
}

/** `POST /lottery/unfreeze`: the inputs may change again; the reason is published in the log. */
export async function unfreezeLottery(db: Db, caller: Principal, input: LotteryUnfreeze) {
  return asLotteryRefusal(() =>
    db.transaction(async (tx) => {
      const period = await requireRunnablePeriod(tx, caller, input, true);
      const frozen = (await repo.lotteriesOfPeriod(tx, period.id_campus_year)).find((l) => l.state === 'frozen');
      if (!frozen) throw refuse('lotteryNotFrozen', 'LOTTERY_NOT_FROZEN');
      const lottery = await repo.updateLottery(tx, frozen.id_lottery, { state: 'unfrozen' });
      await repo.markPeriodFrozen(tx, period.id_campus_year, false);
      await recordStep(tx, caller, period, 'unfreeze', { id_lottery: frozen.id_lottery, reason: input.reason });
      return presentSummary({ lottery, drawnBy: null });
    }),
  );
}

type DiceStep = 'recorded' | 'confirmed' | 'mismatch';

/**
 * `POST /lottery/:id/dice`: one staff user's entry of the dice. The first entry waits for a second, by another user;
 * equal digits confirm them, different digits clear both (the clearing is kept, then the request is refused).
 */
export async function enterDice(db: Db, caller: Principal, id_lottery: number, input: LotteryDice) {
  const digits = diceDigits(input.digits);
  if (!digits) throw badRequest('lotteryDiceUnreadable', [{ path: 'digits', message: 'lotteryDiceUnreadable' }]);
  const { step, lottery } = await db.transaction(async (tx) => {
    const row = await repo.lockLottery(tx, caller.scope, id_lottery);
    if (!row) throw notFound();
    if (row.state !== 'frozen' || row.source !== 'dice') throw refuse('lotteryNotFrozen', 'LOTTERY_NOT_FROZEN');
    // a re-run on the dice of the draw it sets aside would only repeat that draw
    const earlier = await repo.lotteriesOfPeriod(tx, row.id_campus_year);
    if (earlier.some((l) => l.state === 'superseded' && l.diceDigits === digits))
      throw refuse('lotteryDiceReused', 'LOTTERY_DICE');
    if (row.diceDigits) {
      if (row.diceDigits !== digits) throw refuse('lotteryDiceMismatch', 'LOTTERY_DICE');
      return { step: 'confirmed' as DiceStep, lottery: row };
    }
    if (!row.diceFirstEntry) {
      const saved = await repo.updateLottery(tx, id_lottery, { diceFirstEntry: digits, diceFirstUser: caller.id_user });
      return { step: 'recorded' as DiceStep, lottery: saved };
    }
    if (row.diceFirstUser === caller.id_user) throw refuse('lotteryDiceSameUser', 'LOTTERY_DICE');
    if (row.diceFirstEntry !== digits) {
      const saved = await repo.updateLottery(tx, id_lottery, { diceFirstEntry: null, diceFirstUser: null });
      return { step: 'mismatch' as DiceStep, lottery: saved };
    }
    const saved = await repo.updateLottery(tx, id_lottery, { diceDigits: digits });
    return { step: 'confirmed' as DiceStep, lottery: saved };
  });
  if (step === 'mismatch') throw refuse('lotteryDiceMismatch', 'LOTTERY_DICE');
  return {
    message: step === 'recorded' ? ('lotteryDiceRecorded' as const) : ('lotteryDiceConfirmed' as const),
    lottery: presentSummary({ lottery, drawnBy: null }),
  };
}
