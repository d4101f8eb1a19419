import type { MoveEffect } from '../status-moves/status-moves.types';
import { holdMessages } from './message-holds.service';
import { queueStatusMessages } from './status-messages';

/**
 * After moves: the families' messages bound to each move (from -> to) go to the outbox in the moves' transaction,
 * or, when the moves hold them (a real draw, a staff move with "hold the family's message"), into a hold that staff
 * release later.
 */
export const statusMessagesEffect: MoveEffect = {
  name: 'status messages',
  async afterMoves({ tx, jobs, id_user, holdMessages: hold }, moved) {
    if (hold && moved.length) await holdMessages(tx, moved, { id_user, ...hold });
    else await queueStatusMessages(tx, jobs, moved, id_user);
  },
};
