import { sql, type SQL } from 'drizzle-orm';
import { STATUS } from '@openseat/shared/constants';
import * as s from './schema/index';

/*
 * The facts behind an application's lottery and waiting-list fields ("why this position"), as columns that any
 * query on `application` can select: the applications list and detail, and a grade's waiting list, read the same
 * definition. Shared SQL, not a module's repository: each module's repository selects them with its own rows.
 */

const a = s.application;
const cp = s.campusPriority;

/**
 * The campus priority level an application is ordered by: its priority item's level on its campus, or the level
 * after the campus's last when it has none (as the draw does). Correlated with the outer `application` row.
 */
const ownLevelSql: SQL<number> = sql<number>`coalesce(
  (SELECT ${cp.priority_level} FROM ${cp} WHERE ${cp.id_campus} = ${a.id_campus} AND ${cp.id_priority_item} = ${a.id_priority_item} LIMIT 1),
  (SELECT coalesce(max(${cp.priority_level}), 0) + 1 FROM ${cp} WHERE ${cp.id_campus} = ${a.id_campus}))::int`;

/** The facts, as columns of a query on `application` (a few index lookups per row: one page, or one grade's list). */
export const waitingFactColumns = {
  id_lottery: a.id_lottery,
  lottery_number: a.lottery_number,
  lottery_level: a.lottery_level,
  offer_expires_at: a.offer_expires_at,
  ownLevel: ownLevelSql,
  /** When the latest history row put it on the waiting list (from another status). */
  waitingSince: sql<Date | string | null>`(SELECT max(st.created_at) FROM ${s.applicationStatus} st
    WHERE st.id_application = ${a.id_application} AND st.id_status = ${STATUS.WAITING_LIST}
      AND st.id_status_from IS DISTINCT FROM ${STATUS.WAITING_LIST})`,
  /** When the period's lottery was drawn; null without one. */
  drawnAt: sql<Date | string | null>`(SELECT l.drawn_at FROM ${s.lottery} l
    WHERE l.id_campus_year = ${a.id_campus_year} AND l.state = 'drawn' LIMIT 1)`,
};
