/*
 * The lottery of a school period (docs/api-lottery.md), the module's public entry: planning and the practice run
 * (lottery.plan.ts), the draw of a frozen lottery and late applications (lottery.run.ts), a draw's re-run
 * (lottery.rerun.ts), and the record with its
 * verification (lottery.record.ts). The draw itself is the pure `draw()` of lottery.draw.ts.
 */

export { lotteryPlan, practice, practiceCsv } from './lottery.plan';
export { addLateApplications, runLottery } from './lottery.run';
export { getLottery, listLotteries, lotteryCsv, lotterySummary, verifyLottery } from './lottery.record';
export { enterDice, freezeLottery, unfreezeLottery } from './lottery.freeze';
export { periodLog } from './lottery.log';
export { rerunLottery } from './lottery.rerun';
