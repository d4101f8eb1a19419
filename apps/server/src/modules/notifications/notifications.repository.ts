import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { NotificationParams } from '../../db/schema/notifications';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, inSchool, type Scope } from '../../lib/scope';
import { rowsOf } from '../../lib/sql';

const n = s.notification;
const a = s.application;

/** Whose rows: always the caller's own, inside the school it works in. */
export type Reader = { id_user: number; scope: Scope };

/**
 * The caller's own rows, of the school it works in; a row about one application only while that application is
 * live and in the caller's campuses (a campus user moved elsewhere stops seeing the old campus's names).
 */
const visible = (reader: Reader): SQL =>
  and(
    eq(n.id_user, reader.id_user),
    inSchool(reader.scope, n.id_school),
    or(isNull(n.id_application), and(isNull(a.deletedAt), inCampus(reader.scope, a.id_school, a.id_campus))),
  ) as SQL;

const unread = (reader: Reader) => and(visible(reader), eq(n.read, false)) as SQL;

export type NotificationRecord = {
  id_notification: number;
  id_notification_settings_type: number;
  id_application: number | null;
  correlative: number | null;
  firstName: string | null;
  lastName: string | null;
  id_campus: number | null;
  params: NotificationParams;
  actorName: string | null;
  /** The label of the status reached (status changes), for the text in the reader's language. */
  statusLabel: string | null;
  message: string;
  createdAt: Date;
};

export async function listUnread(db: Executor, reader: Reader, page: number, pageSize: number) {
  const rows: NotificationRecord[] = await db
    .select({
      id_notification: n.id_notification,
      id_notification_settings_type: n.id_notification_settings_type,
      id_application: n.id_application,
      correlative: a.correlative,
      firstName: s.applicant.firstName,
      lastName: s.applicant.lastName,
      id_campus: a.id_campus,
      params: n.params,
      actorName: s.user.name,
      statusLabel: s.status.label,
      message: n.message,
      createdAt: n.createdAt,
    })
    .from(n)
    .leftJoin(a, and(eq(a.id_school, n.id_school), eq(a.id_application, n.id_application)))
    .leftJoin(s.applicant, eq(s.applicant.id_applicant, a.id_applicant))
    .leftJoin(s.user, eq(s.user.id_user, n.id_actor))
    .leftJoin(s.status, eq(s.status.id_status, sql`(${n.params} ->> 'id_status')::int`))
    .where(unread(reader))
    .orderBy(desc(n.createdAt), desc(n.id_notification))
    .limit(pageSize)
    .offset(page * pageSize);
  return rows;
}

export async function countUnread(db: Executor, reader: Reader): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(n)
    .leftJoin(a, and(eq(a.id_school, n.id_school), eq(a.id_application, n.id_application)))
    .where(unread(reader));
  return row.total;
}

/** Marks read the caller's unread rows matching `which`; answers how many. */
async function markRead(db: Executor, reader: Reader, which: SQL): Promise<number> {
  const ids = db
    .select({ id: n.id_notification })
    .from(n)
    .leftJoin(a, and(eq(a.id_school, n.id_school), eq(a.id_application, n.id_application)))
    .where(and(unread(reader), which));
  const marked = await db
    .update(n)
    .set({ read: true })
    .where(inArray(n.id_notification, ids))
    .returning({ id: n.id_notification });
  return marked.length;
}

export const markOneRead = (db: Executor, reader: Reader, id_notification: number) =>
  markRead(db, reader, eq(n.id_notification, id_notification));

export const markAllRead = (db: Executor, reader: Reader) => markRead(db, reader, sql`true`);

export const markApplicationRead = (db: Executor, reader: Reader, id_application: number) =>
  markRead(db, reader, eq(n.id_application, id_application));

/** One of the caller's own notifications (read or not), or undefined. */
export async function findOwn(db: Executor, reader: Reader, id_notification: number) {
  const [row] = await db
    .select({ id: n.id_notification })
    .from(n)
    .leftJoin(a, and(eq(a.id_school, n.id_school), eq(a.id_application, n.id_application)))
    .where(and(visible(reader), eq(n.id_notification, id_notification)));
  return row;
}

/** A live application the caller's scope sees, or undefined. */
export async function findApplication(db: Executor, scope: Scope, id_application: number) {
  const [row] = await db
    .select({ id: a.id_application })
    .from(a)
    .where(and(eq(a.id_application, id_application), isNull(a.deletedAt), inCampus(scope, a.id_school, a.id_campus)));
  return row;
}

/** The notification types of the catalog, by id. */
export async function notificationTypes(db: Executor) {
  return db
    .select({ id: s.notificationSettingsType.id, name: s.notificationSettingsType.name })
    .from(s.notificationSettingsType);
}

/** The caller's switches: type id (as a string key) -> on/off; {} when never saved. */
export async function findSettings(db: Executor, id_user: number): Promise<Record<string, boolean>> {
  const [row] = await db
    .select({ settings: s.notificationSettings.settings })
    .from(s.notificationSettings)
    .where(eq(s.notificationSettings.id_user, id_user));
  return (row?.settings as Record<string, boolean> | undefined) ?? {};
}

/** Merges the given switches into the caller's object (types not given keep theirs). */
export async function saveSettings(db: Executor, id_user: number, changes: Record<string, boolean>) {
  await db
    .insert(s.notificationSettings)
    .values({ id_user, settings: changes })
    .onConflictDoUpdate({
      target: s.notificationSettings.id_user,
      set: { settings: sql`${s.notificationSettings.settings} || excluded.settings` },
    });
}

/**
 * `n` events of one campus and group `grp` (a target status, or one application): `id` the smallest application id
 * (it names the campus and school, and the application when n = 1), `st` the status reached, `fr_low`/`fr_high` the
 * range of statuses left.
 */
export type NotificationEvent = {
  id: number;
  n: number;
  st: number | null;
  fr_low: number | null;
  fr_high: number | null;
  grp: number;
};

/** One reader's share of an event batch: what its one notification row says. */
export type EventReading = {
  id_school: number;
  id_user: number;
  /** The application when the row stands for one. */
  id_application: number | null;
  count: number;
  id_status: number | null;
  /** The status left, when every application of the row left the same one. */
  id_status_from: number | null;
  form: string | null;
  statusLabel: string | null;
  actorName: string | null;
};

/**
 * The readers of an event batch, one row per reader and group (whatever the batch's size):
 * - the readers are the active staff who see the application's campus: school users of its school, campus
 *   users of that campus or of every campus (isAllCampuses); never the one who did it;
 * - a reader who switched the type off (notification_settings) gets nothing; a type never switched is on;
 * - a batch of moves (a bulk move, a lottery) makes ONE row per reader and target status, with the count.
 */
export async function readersOfEvents(
  tx: Executor,
  type: number,
  events: NotificationEvent[],
  actor: number | null,
  form: string | null,
): Promise<EventReading[]> {
  // the events come counted per campus: a lottery's 10,000 moves are a few rows before they meet the readers
  return rowsOf<EventReading>(
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
      SELECT r.id_school, r.id_user, CASE WHEN sum(r.n) = 1 THEN min(r.id) END AS id_application,
             sum(r.n)::int AS count, max(r.st) AS id_status,
             CASE WHEN min(r.fr_low) = max(r.fr_high) THEN min(r.fr_low) END AS id_status_from,
             max(r.form) AS form, max(st.label) AS "statusLabel",
             (SELECT name FROM "user" WHERE id_user = ${actor}::int) AS "actorName"
      FROM reader r LEFT JOIN status st ON st.id_status = r.st
      GROUP BY r.id_school, r.id_user, r.grp`),
  );
}

export type NewNotification = {
  id_school: number;
  id_user: number;
  id_application: number | null;
  id_notification_settings_type: number;
  id_actor: number | null;
  params: NotificationParams;
  message: string;
};

/** Writes the rows in one statement (one parameter however many), in the transaction of what they tell about. */
export async function insertNotifications(tx: Executor, rows: NewNotification[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`
    INSERT INTO notification
      (id_school, id_user, id_application, id_notification_settings_type, id_actor, params, message)
    SELECT r.id_school, r.id_user, r.id_application, r.id_notification_settings_type, r.id_actor, r.params, r.message
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS r(id_school int, id_user int, id_application int, id_notification_settings_type int, id_actor int,
           params jsonb, message text)`);
}
