import type { Db, Executor } from '../../db/client';
import type { JobQueue } from '../../jobs/job';
import type { Scope } from '../../lib/scope';

export type { Group, Movable } from './status-moves.repository';

/** What a move needs besides the caller: the database, and the job queue its messages are sent by. */
export type MoveDeps = { db: Db; jobs: JobQueue };

/** Who moves: the caller's scope and id (null: a system move by a scheduled job), and the job queue for messages. */
export type Mover = { scope: Scope; id_user: number | null; jobs: JobQueue };

/** One status move as the after-move effects see it (`MoveSession.flush`), in the move's own transaction. */
export type MovedApplication = {
  id_application: number;
  id_school: number;
  id_campus: number;
  from: number;
  to: number;
};

/** What an after-move effect is handed besides the moves: it writes in the moves' transaction, or not at all. */
export type MoveEffectContext = {
  tx: Executor;
  jobs: JobQueue;
  /** Who moved; null: a system move (a scheduled job, a form). */
  id_user: number | null;
  /**
   * Set: the families' messages of these moves are held until staff release them (a real draw, a staff move with
   * "hold the family's message"); `id_lottery` names the draw.
   */
  holdMessages: { id_lottery: number | null } | null;
};

/**
 * Something another module does after every flush of moves (queue the families' messages, notify staff, report a
 * conversion), registered at start-up (`modules/move-effects.ts`) so the engine imports none of them. Runs inside
 * the moves' transaction: what it writes commits with them, and a failure rolls the moves back.
 */
export type MoveEffect = {
  /** For error messages and the registry's order. */
  name: string;
  afterMoves(context: MoveEffectContext, moved: readonly MovedApplication[]): Promise<unknown>;
};
