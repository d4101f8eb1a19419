import { MOVEMENT_TYPE } from '@openseat/shared/application-status';
import { STATUS } from '@openseat/shared/constants';
import type { LotteryRerun } from '@openseat/shared/schemas/lottery';
import type { Principal } from '../auth/auth.types';
import { withdrawLotteryHolds } from '../communication/message-holds.service';
import { findMovable, groupKey, groupOf, lockGroups, openSession } from '../status-moves/status-moves.service';
import type { Group, MoveDeps } from '../status-moves/status-moves.types';
import { recordStep } from './lottery.log';
import { refuse, requireRunnablePeriod } from './lottery.plan';
import { presentSummary } from './lottery.presenter';
import { asLotteryRefusal } from './lottery.refusals';
import * as repo from './lottery.repository';

/*
 * A requested re-run of a real draw (docs/lottery-algorithm.md, "Re-run"; issue 23). A draw can be set aside only
 * while nobody was told: its held messages unreleased, and every application still where the draw put it. Its moves
 * are undone (movement 'Previous status'), its holds deleted, its lottery marked superseded and kept, and a `rerun`
 * entry with the reason goes to the public log. The next draw needs a new freeze, so a new round the operator could
 * not know: the same round twice is refused by the database (`lottery_round_once`), the same dice by the dice entry.
 */

/** `POST /lottery/rerun`. */
export async function rerunLottery({ db, jobs }: MoveDeps, caller: Principal, input: LotteryRerun) {
  return asLotteryRefusal(() =>
    db.transaction(async (tx) => {
      const period = await requireRunnablePeriod(tx, caller, input, true);
      const drawn = (await repo.lotteriesOfPeriod(tx, period.id_campus_year)).find((l) => l.state === 'drawn');
      if (!drawn) throw refuse('lotteryNotDrawn', 'LOTTERY_RERUN');
      // the holds before the rows, as a release takes them: the two never wait on each other in a cycle
      const moves = await withdrawLotteryHolds(tx, period.id_school, drawn.id_lottery);
      if (!moves) throw refuse('lotteryRerunReleased', 'LOTTERY_RERUN');
      const ids = [...new Set(moves.map((m) => m.id_application))].sort((x, y) => x - y);
      const seen = await findMovable(tx, caller.scope, ids, false);
      const groups = seen.map(groupOf).filter((g): g is Group => g !== null);
      await lockGroups(tx, groups);
      const apps = await findMovable(tx, caller.scope, ids, true);
      const locked = new Set(groups.map(groupKey));
      const drawnTo = new Map(moves.map((m) => [m.id_application, m.to]));
      const untouched =
        apps.length === ids.length &&
        apps.every((app) => {
          const group = groupOf(app);
          return app.id_status === drawnTo.get(app.id_application) && group && locked.has(groupKey(group));
        });
      if (!untouched) throw refuse('lotteryRerunMoved', 'LOTTERY_RERUN');

      const session = openSession(tx, { scope: caller.scope, id_user: caller.id_user, jobs }, apps);
      // the undoing is no news to families who were never told: its messages are held, then dropped with the draw's
      session.holdMessages = { id_lottery: drawn.id_lottery };
      for (const app of apps) await session.move(app, STATUS.APPLIED, MOVEMENT_TYPE.PREVIOUS_STATUS);
      await session.flush();
      await withdrawLotteryHolds(tx, period.id_school, drawn.id_lottery);
      await repo.clearLotteryFacts(tx, period.id_school, drawn.id_lottery);
      const lottery = await repo.updateLottery(tx, drawn.id_lottery, { state: 'superseded' });
      const facts = { id_lottery: drawn.id_lottery, reason: input.reason };
      await recordStep(tx, caller, period, 'rerun', facts, { audit: { undone: apps.length } });
      return presentSummary({ lottery, drawnBy: null });
    }),
  );
}
