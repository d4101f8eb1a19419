import type { MoveEffect } from '../status-moves/status-moves.types';
import { notifyMoves } from './notifications.events';

/** After moves: one staff notification per reader and target status, in the moves' transaction. */
export const notificationsEffect: MoveEffect = {
  name: 'notifications',
  afterMoves: ({ tx, id_user }, moved) => notifyMoves(tx, moved, id_user),
};
