import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { NotificationParams } from '../../db/schema/notifications';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, inSchool, type Scope } from '../../lib/scope';

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
      message: n.message,
      createdAt: n.createdAt,
    })
    .from(n)
    .leftJoin(a, and(eq(a.id_school, n.id_school), eq(a.id_application, n.id_application)))
    .leftJoin(s.applicant, eq(s.applicant.id_applicant, a.id_applicant))
    .leftJoin(s.user, eq(s.user.id_user, n.id_actor))
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
