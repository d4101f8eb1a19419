import type { MovedApplication, MoveEffect, MoveEffectContext } from './status-moves.types';

/*
 * The after-move effects: what other modules do with every flush of moves (messages, notifications, conversions).
 * They register at start-up, in the order they run; the engine calls them without knowing them, so the move engine
 * depends on none of the modules that react to moves.
 */

let registered: readonly MoveEffect[] | null = null;

/** Sets the effects every flush runs, in this order (start-up calls it once; calling again replaces the list). */
export function registerMoveEffects(effects: readonly MoveEffect[]) {
  registered = [...effects];
}

/**
 * Runs the registered effects one after the other in the moves' transaction. Refuses when start-up registered none:
 * moves made then would commit without their messages, silently.
 */
export async function runMoveEffects(context: MoveEffectContext, moved: readonly MovedApplication[]) {
  if (registered === null)
    throw new Error('status moves: no after-move effects registered (registerMoveEffects at start-up)');
  for (const effect of registered) await effect.afterMoves(context, moved);
}
