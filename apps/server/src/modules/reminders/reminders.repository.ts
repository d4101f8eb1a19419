import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';
import { rowsOf } from '../../lib/sql';
import { STATUS } from '@openseat/shared/constants';

const r = s.reminder;
const cr = s.campusReminder;

const reminderColumns = {
  id_reminder: r.id_reminder,
  id_campus_reminder: cr.id_campus_reminder,
  id_school: r.id_school,
  id_campus: cr.id_campus,
  name: r.name,
  id_status: r.id_status,
  periodicity: r.periodicity,
  id_campus_email: r.id_campus_email,
  id_campus_text_message: r.id_campus_text_message,
  isActive: cr.isActive,
  condition: r.condition,
};
export type ReminderRecord = {
  id_reminder: number;
  id_campus_reminder: number;
  id_school: number;
  id_campus: number;
  name: string;
  id_status: number;
  periodicity: number;
  id_campus_email: number | null;
  id_campus_text_message: number | null;
  isActive: boolean;
  condition: string | null;
};

/** A reminder is its `reminder` row and the `campus_reminder` row that puts it on a campus; scoped by the latter. */
const selectReminders = (db: Executor, scope: Scope, where: SQL) =>
  db
    .select(reminderColumns)
    .from(r)
    .innerJoin(cr, and(eq(cr.id_school, r.id_school), eq(cr.id_reminder, r.id_reminder)))
    .where(and(where, inCampus(scope, cr.id_school, cr.id_campus)));

export async function listReminders(db: Executor, scope: Scope, id_campus: number): Promise<ReminderRecord[]> {
  return selectReminders(db, scope, eq(cr.id_campus, id_campus)).orderBy(asc(r.name), asc(r.id_reminder));
}

export async function findReminder(db: Executor, scope: Scope, id_reminder: number) {
  const rows: ReminderRecord[] = await selectReminders(db, scope, eq(r.id_reminder, id_reminder));
  return rows[0];
}

/** Locks the reminder's rows for the rest of the transaction (two edits at once apply one after the other). */
export async function lockReminder(db: Executor, scope: Scope, id_reminder: number) {
  const rows: ReminderRecord[] = await selectReminders(db, scope, eq(r.id_reminder, id_reminder)).for('update');
  return rows[0];
}

/** The campus of each of these e-mail templates of the school (a template of another school is not returned). */
export async function campusOfEmails(db: Executor, id_school: number, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await db
    .select({ id: s.campusEmail.id_campus_email, id_campus: s.campusEmail.id_campus })
    .from(s.campusEmail)
    .where(and(eq(s.campusEmail.id_school, id_school), inArray(s.campusEmail.id_campus_email, ids)));
  return new Map(rows.map((row) => [row.id, row.id_campus]));
}

/** The campus of each of these SMS templates of the school. */
export async function campusOfTextMessages(db: Executor, id_school: number, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await db
    .select({ id: s.campusTextMessage.id_campus_text_message, id_campus: s.campusTextMessage.id_campus })
    .from(s.campusTextMessage)
    .where(and(eq(s.campusTextMessage.id_school, id_school), inArray(s.campusTextMessage.id_campus_text_message, ids)));
  return new Map(rows.map((row) => [row.id, row.id_campus]));
}

export type ReminderValues = {
  name: string;
  condition: string | null;
  id_status: number;
  periodicity: number;
  id_campus_email: number | null;
  id_campus_text_message: number | null;
};

/** Both rows of a new reminder; the caller has checked the campus is in scope. */
export async function insertReminder(
  db: Executor,
  campus: { id_school: number; id_campus: number },
  values: ReminderValues,
  isActive: boolean,
): Promise<number> {
  const [row] = await db
    .insert(r)
    .values({ ...values, id_school: campus.id_school })
    .returning({ id: r.id_reminder });
  await db
    .insert(cr)
    .values({ id_school: campus.id_school, id_campus: campus.id_campus, id_reminder: row.id, isActive });
  return row.id;
}

/** `reminder` is written by its primary key after `findReminder`/`lockReminder` has checked it is in scope. */
export async function updateReminder(db: Executor, before: ReminderRecord, values: ReminderValues, isActive: boolean) {
  await db
    .update(r)
    .set(values)
    .where(and(eq(r.id_school, before.id_school), eq(r.id_reminder, before.id_reminder)));
  await db
    .update(cr)
    .set({ isActive })
    .where(and(eq(cr.id_school, before.id_school), eq(cr.id_campus_reminder, before.id_campus_reminder)));
}

/** The campus row goes with it (foreign key cascade); sent messages keep their log with id_reminder set to null. */
export async function deleteReminder(db: Executor, before: ReminderRecord) {
  await db.delete(r).where(and(eq(r.id_school, before.id_school), eq(r.id_reminder, before.id_reminder)));
}

// ---- the sending job (system-wide: every school's active reminders) ----

/** An active reminder and the templates it sends (a template's fields are null when it has none of that channel). */
export type ActiveReminder = {
  id_reminder: number;
  id_school: number;
  id_campus: number;
  id_status: number;
  periodicity: number;
  id_campus_email: number | null;
  subject: string | null;
  email_text: string | null;
  html: string | null;
  /** The e-mail template's language (its dates are written in it). */
  email_lng: string | null;
  id_campus_text_message: number | null;
  sms_text: string | null;
  sms_lng: string | null;
};

/**
 * Every active reminder with its templates. A template must be of the reminder's own campus (the service checks
 * it on every write; the join repeats it, so a row changed behind the service's back sends nothing).
 */
export async function activeReminders(db: Executor): Promise<ActiveReminder[]> {
  return rowsOf<ActiveReminder>(
    await db.execute(sql`
      SELECT r.id_reminder, r.id_school, cr.id_campus, r.id_status, r.periodicity,
             ce.id_campus_email, e.subject, coalesce(e.text, '') AS email_text, e.html, e.lng AS email_lng,
             ct.id_campus_text_message, t.text AS sms_text, t.lng AS sms_lng
      FROM reminder r
      JOIN campus_reminder cr ON cr.id_school = r.id_school AND cr.id_reminder = r.id_reminder AND cr.is_active
      LEFT JOIN campus_email ce
        ON ce.id_school = r.id_school AND ce.id_campus_email = r.id_campus_email AND ce.id_campus = cr.id_campus
      LEFT JOIN email e ON e.id_school = ce.id_school AND e.id_email = ce.id_email
      LEFT JOIN campus_text_message ct
        ON ct.id_school = r.id_school AND ct.id_campus_text_message = r.id_campus_text_message
       AND ct.id_campus = cr.id_campus
      LEFT JOIN text_message t ON t.id_school = ct.id_school AND t.id_text_message = ct.id_text_message
      WHERE ce.id_campus_email IS NOT NULL OR ct.id_campus_text_message IS NOT NULL
      ORDER BY r.id_reminder
    `),
  );
}

/** An application a reminder is due for: `key` is the idempotency key without its channel. */
export type DueReminder = { id_reminder: number; id_application: number; key: string };

/**
 * The `due` rows (id_reminder, id_application, key, and the reminder's channels) not queued yet on some channel of
 * their reminder: each message's outbox key is the due key and its channel.
 */
const notQueuedYet = sql`
      SELECT id_reminder, id_application, key FROM due
      WHERE (id_campus_email IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM message_outbox m WHERE m.idempotency_key = due.key || 'email'))
         OR (id_campus_text_message IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM message_outbox m WHERE m.idempotency_key = due.key || 'sms'))
      ORDER BY id_reminder, id_application`;

/**
 * The application `a` has a required item in force of its period's checklist whose response, as the packet shows it
 * (on that version, else the nearest version it replaced), is not sent: none yet, or returned (docs/registration.md,
 * "Reminders"). A period without a checklist has nothing incomplete.
 */
const registrationIncomplete = sql`EXISTS (
          SELECT 1 FROM registration_item ri
          WHERE ri.id_campus_year = a.id_campus_year AND ri.retired_at IS NULL AND ri.required
            AND coalesce((
              WITH RECURSIVE chain(id, depth) AS (
                SELECT ri.id_registration_item, 0
                UNION ALL
                SELECT p.replaces, c.depth + 1 FROM chain c
                JOIN registration_item p ON p.id_registration_item = c.id
                WHERE p.replaces IS NOT NULL AND c.depth < 100
              )
              SELECT rr.state FROM chain c
              JOIN registration_response rr ON rr.id_application = a.id_application AND rr.id_registration_item = c.id
              ORDER BY c.depth LIMIT 1
            ), 'to_do') NOT IN ('submitted', 'approved'))`;

/**
 * In one query for all active reminders: the live applications of the reminder's campus, in a school period that
 * is not finalized, whose current status is the reminder's, that have spent at least `periodicity` whole calendar
 * days (in the campus's time zone, else its school's) since their newest status-history row, and whose current
 * period (n = floor(days / periodicity)) has not been queued on some channel of the reminder yet. The last check
 * reads the outbox's unique key, so a run that finds nothing new costs one index probe per application in status.
 */
export async function dueReminders(db: Executor, now: Date): Promise<DueReminder[]> {
  return rowsOf<DueReminder>(
    await db.execute(sql`
      WITH in_status AS (
        SELECT r.id_reminder, a.id_application, r.periodicity, r.id_campus_email, r.id_campus_text_message,
               (${now.toISOString()}::timestamptz AT TIME ZONE z.zone)::date
                 - (h.entered AT TIME ZONE z.zone)::date AS days,
               floor(extract(epoch FROM h.entered) * 1000)::bigint AS entered_ms
        FROM reminder r
        JOIN campus_reminder cr ON cr.id_school = r.id_school AND cr.id_reminder = r.id_reminder AND cr.is_active
        LEFT JOIN campus_configuration cc ON cc.id_campus = cr.id_campus
        LEFT JOIN school_configuration sc ON sc.id_school = cr.id_school
        CROSS JOIN LATERAL (SELECT coalesce(cc.time_zone, sc.time_zone, 'UTC') AS zone) z
        JOIN application a
          ON a.id_school = cr.id_school AND a.id_campus = cr.id_campus AND a.id_status = r.id_status
         AND a.deleted_at IS NULL
        JOIN campus_year cy
          ON cy.id_school = a.id_school AND cy.id_campus_year = a.id_campus_year AND cy.state <> 'finalized'
        CROSS JOIN LATERAL (
          SELECT st.created_at AS entered FROM application_status st
          WHERE st.id_application = a.id_application
          ORDER BY st.created_at DESC, st.id_application_status DESC LIMIT 1
        ) h
        WHERE (r.id_campus_email IS NOT NULL OR r.id_campus_text_message IS NOT NULL)
          AND (r.condition IS NULL OR (r.condition = 'registration_incomplete' AND ${registrationIncomplete}))
      ), due AS (
        SELECT id_reminder, id_application, id_campus_email, id_campus_text_message,
               'reminder:' || id_reminder || ':' || id_application || ':' || entered_ms || ':'
                 || (days / periodicity) || ':' AS key
        FROM in_status
        WHERE days >= periodicity
      )
      ${notQueuedYet}
    `),
  );
}

/**
 * The offers whose family is due the period's reminder before the deadline (`campus_year.offer_reminder_hours`,
 * docs/api-reminders.md, "Before an offer lapses"), one row per active reminder of the campus for the status Offered:
 * live offered applications of a period that is not finalized, whose deadline is still ahead and at most that many
 * hours away, not queued yet on some channel of the reminder. The key names the deadline, so each offer is reminded
 * once, and an application offered again (a new deadline) once more.
 */
export async function dueOfferDeadlineReminders(db: Executor, now: Date): Promise<DueReminder[]> {
  return rowsOf<DueReminder>(
    await db.execute(sql`
      WITH due AS (
        SELECT r.id_reminder, a.id_application, r.id_campus_email, r.id_campus_text_message,
               'offer-deadline:' || r.id_reminder || ':' || a.id_application || ':'
                 || floor(extract(epoch FROM a.offer_expires_at) * 1000)::bigint || ':' AS key
        FROM application a
        JOIN campus_year cy
          ON cy.id_school = a.id_school AND cy.id_campus_year = a.id_campus_year AND cy.state <> 'finalized'
         AND cy.offer_reminder_hours IS NOT NULL
        JOIN campus_reminder cr ON cr.id_school = a.id_school AND cr.id_campus = a.id_campus AND cr.is_active
        JOIN reminder r ON r.id_school = cr.id_school AND r.id_reminder = cr.id_reminder AND r.id_status = a.id_status
        WHERE a.id_status = ${STATUS.OFFERED} AND a.deleted_at IS NULL
          AND a.offer_expires_at > ${now.toISOString()}::timestamptz
          AND a.offer_expires_at - make_interval(hours => cy.offer_reminder_hours) <= ${now.toISOString()}::timestamptz
          AND (r.id_campus_email IS NOT NULL OR r.id_campus_text_message IS NOT NULL)
      )
      ${notQueuedYet}
    `),
  );
}
