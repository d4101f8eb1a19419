import { STATUS } from '@openseat/shared/constants';
import type { WaitingReason } from '@openseat/shared/schemas/lottery';
import type { WaitingListRow } from '@openseat/shared/schemas/waiting-list';
import type { WaitingEntry } from './waiting-list.repository';

const toDate = (d: Date | string) => (d instanceof Date ? d : new Date(d));

/** The facts `waitingReasonOf` reads (db/waiting-facts.ts `waitingFactColumns`). */
export type WaitingFacts = {
  id_status: number;
  id_lottery: number | null;
  lottery_number: number | null;
  lottery_level: number | null;
  ownLevel: number | null;
  waitingSince: Date | string | null;
  drawnAt: Date | string | null;
  /** Fallback arrival when no history row put it on the list (data older than the history). */
  createdAt: Date | string;
};

/**
 * "Why this position", null when the application is not on the waiting list:
 * - drawn in the period's lottery (`id_lottery` and a lottery number): its level, number, and whether the sibling
 *   rule moved it (drawn at a level lower than its own campus priority level: nothing new is stored for it);
 * - otherwise by arrival on the waiting list: when, and whether that was after the period's draw (late).
 */
export function waitingReasonOf(f: WaitingFacts): WaitingReason | null {
  if (f.id_status !== STATUS.WAITING_LIST) return null;
  if (f.id_lottery !== null && f.lottery_number !== null && f.lottery_level !== null)
    return {
      kind: 'lottery',
      level: f.lottery_level,
      lottery_number: f.lottery_number,
      sibling: f.ownLevel !== null && f.lottery_level < f.ownLevel,
    };
  const at = toDate(f.waitingSince ?? f.createdAt);
  return { kind: 'arrival', at: at.toISOString(), late: f.drawnAt !== null && toDate(f.drawnAt) < at };
}

export const offerExpiresAt = (d: Date | string | null) => (d === null ? null : toDate(d).toISOString());

export function presentWaitingRow(e: WaitingEntry): WaitingListRow {
  return {
    id_application: e.id_application,
    correlative: e.correlative,
    applicantName: `${e.firstName} ${e.lastName}`,
    waiting_list_position: e.waiting_list_position ?? 0,
    id_priority_item: e.id_priority_item,
    priority_level: e.ownLevel,
    id_lottery: e.id_lottery,
    lottery_number: e.lottery_number,
    waitingReason: waitingReasonOf({ ...e, id_status: STATUS.WAITING_LIST }),
  };
}
