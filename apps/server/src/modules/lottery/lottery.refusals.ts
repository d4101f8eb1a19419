import { constraintOf, isUniqueViolation, sqlStateOf } from '../../lib/db-errors';
import { refuse } from './lottery.plan';

/**
 * Maps the database's refusals of a racing lottery step: the period row's lock (55P03) and the unique indexes of one
 * drawn, one frozen lottery per period and one draw per round.
 */
export async function asLotteryRefusal<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (sqlStateOf(error) === '55P03') throw refuse('lotteryRunning', 'LOTTERY_RUNNING');
    if (isUniqueViolation(error)) {
      const constraint = constraintOf(error);
      if (constraint === 'lottery_one_frozen') throw refuse('lotteryAlreadyFrozen', 'LOTTERY_FROZEN');
      if (constraint === 'lottery_round_once') throw refuse('lotteryRoundUsed', 'LOTTERY_ROUND');
      throw refuse('lotteryAlreadyDrawn', 'LOTTERY_ALREADY_DRAWN');
    }
    throw error;
  }
}
