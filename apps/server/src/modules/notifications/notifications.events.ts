import { sql, type SQL } from 'drizzle-orm';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { NOTIFICATION_TYPE, type NotificationTypeId } from '@openseat/shared/schemas/notifications';
import type { Executor } from '../../db/client';
import type { MovedApplication } from '../communication/status-messages';

/*
 * Where notifications are made: inside the transaction of what they tell about (a move, an intake), so a
 * rollback leaves none. One INSERT ... SELECT per event batch, whatever its size:
 * - the readers are the active staff who see the application's campus: school users of its school, campus
 *   users of that campus or of every campus (isAllCampuses); never the one who did it;
 * - a reader who switched the type off (notification_settings) gets nothing; a type never switched is on;
 * - a batch of moves (a bulk move, a lottery) makes ONE row per reader and target status, with the count:
 *   "12 applications moved to Offered by Ana", not one row per application per reader.
 */

/**
 * `n` events of one campus and group `grp` (a target status, or one application): `id` the smallest application id
 * (it names the campus and school, and the application when n = 1), `st` the status reached, `fr_low`/`fr_high` the
 * range of statuses left.
 */
type Event = { id: number; n: number; st: number | null; fr_low: number | null; fr_high: number | null; grp: number };

/** One event per campus and target status: a lottery's 10,000 moves are sent as a handful. */
function movesByCampusAndStatus(moves: readonly MovedApplication[]): Event[] {
  const events = new Map<string, Event>();
  for (const m of moves) {
    const key = `${m.id_campus}:${m.to}`;
    const e = events.get(key);
    if (!e) events.set(key, { id: m.id_application, n: 1, st: m.to, fr_low: m.from, fr_high: m.from, grp: m.to });
    else {
      e.id = Math.min(e.id, m.id_application);
      e.n++;
      e.fr_low = Math.min(e.fr_low!, m.from);
      e.fr_high = Math.max(e.fr_high!, m.from);
    }
  }
  return [...events.values()];
}

/** One event of one application (a new application, a form). */
const single = (id_application: number): Event => ({
  id: id_application,
  n: 1,
  st: null,
  fr_low: null,
  fr_high: null,
  grp: id_application,
});

/** The English rendering kept in `message` (the API renders type + params in the reader's language). */
const englishOf = (type: NotificationTypeId, actor: number | null): SQL => {
  const many = sql`CASE WHEN sum(r.n) = 1 THEN 'An application' ELSE sum(r.n) || ' applications' END`;
  const by = sql`coalesce(' by ' || (SELECT name FROM "user" WHERE id_user = ${actor}::int), '')`;
  switch (type) {
    case NOTIFICATION_TYPE.STATUS_CHANGE:
      return sql`${many} || ' moved to ' || coalesce(max(st.label), '?') || ${by}`;
    case NOTIFICATION_TYPE.NEW_APPLICATION:
      return sql`'New application' || coalesce(' from the form ' || max(r.form), '') || ${by}`;
    default:
      return sql`'Form ' || coalesce(max(r.form), '') || ' submitted'`;
  }
};

async function notify(
  tx: Executor,
  type: NotificationTypeId,
  events: Event[],
  actor: number | null,
  form: string | null = null,
) {
  if (events.length === 0) return;
  // the events come counted per campus: a lottery's 10,000 moves are a few rows before they meet the readers
  await tx.execute(sql`
    WITH moved AS (
      SELECT a.id_school, a.id_campus, e.grp, sum(e.n) AS n, min(e.id) AS id, max(e.st) AS st,
             min(e.fr_low) AS fr_low, max(e.fr_high) AS fr_high
      FROM jsonb_to_recordset(${JSON.stringify(events)}::jsonb)
        AS e(id int, n int, st int, fr_low int, fr_high int, grp int)
      JOIN application a ON a.id_application = e.id
      GROUP BY a.id_school, a.id_campus, e.grp
    ), reader AS (
      SELECT m.*, u.id_user, ${form}::text AS form
      FROM moved m
      JOIN "user" u ON u.id_school = m.id_school AND u.is_active
        AND (u.id_context_type = ${CONTEXT_TYPE.SCHOOL}
          OR (u.id_context_type = ${CONTEXT_TYPE.CAMPUS} AND (u.is_all_campuses OR u.id_campus = m.id_campus)))
      LEFT JOIN notification_settings ns ON ns.id_user = u.id_user
      WHERE u.id_user IS DISTINCT FROM ${actor}::int
        AND coalesce((ns.settings ->> ${String(type)})::boolean, true)
    )
    INSERT INTO notification
      (id_school, id_user, id_application, id_notification_settings_type, id_actor, params, message)
    SELECT r.id_school, r.id_user, CASE WHEN sum(r.n) = 1 THEN min(r.id) END, ${type}, ${actor}::int,
           jsonb_strip_nulls(jsonb_build_object(
             'count', sum(r.n),
             'id_status', max(r.st),
             'id_status_from', CASE WHEN min(r.fr_low) = max(r.fr_high) THEN min(r.fr_low) END,
             'form', max(r.form))),
           ${englishOf(type, actor)}
    FROM reader r LEFT JOIN status st ON st.id_status = r.st
    GROUP BY r.id_school, r.id_user, r.grp`);
}

/**
 * The moves of one MoveSession.flush: one notification per reader and target status. `id_user` null (a
 * scheduled job, a form) notifies every reader.
 */
export function notifyMoves(tx: Executor, moves: readonly MovedApplication[], id_user: number | null) {
  return notify(tx, NOTIFICATION_TYPE.STATUS_CHANGE, movesByCampusAndStatus(moves), id_user);
}

/** A new application (a lead typed in by staff, or taken in from a form: `form` is its name). */
export function notifyNewApplication(tx: Executor, id_application: number, id_user: number | null, form?: string) {
  return notify(tx, NOTIFICATION_TYPE.NEW_APPLICATION, [single(id_application)], id_user, form ?? null);
}

/** A form delivery about an existing application (matched, or the same child sending the form again). */
export function notifyFormSubmission(tx: Executor, id_application: number, form: string) {
  return notify(tx, NOTIFICATION_TYPE.FORM_SUBMISSION, [single(id_application)], null, form);
}
