import type { MoveEffect } from '../status-moves/status-moves.types';
import { queueAdsConversions } from './ads-conversions.queue';

/** After moves: the conversions to report to the ads platforms (applied, enrolled), queued in the moves' transaction. */
export const adsConversionsEffect: MoveEffect = {
  name: 'ads conversions',
  afterMoves: ({ tx, jobs }, moved) => queueAdsConversions(tx, jobs, moved),
};
