import { sql } from 'drizzle-orm';
import { MESSAGE_TYPE } from '@openseat/shared/communication';
import type { Executor } from '../db/client';
import * as s from '../db/schema/index';
import {
  createEmailTemplate as createCampusEmail,
  createSmsTemplate as createCampusSms,
} from './communication-factories';

type CampusRef = { id_school: number; id_campus: number };

/** A reminder-type e-mail template of the campus (not bound to a move), with reminder wording by default. */
export const createEmailTemplate = (
  db: Executor,
  campus: CampusRef,
  content: { name?: string; subject?: string; text?: string; html?: string | null } = {},
) =>
  createCampusEmail(db, campus, {
    to: null,
    type: MESSAGE_TYPE.REMINDER,
    name: content.name ?? 'Reminder e-mail',
    subject: content.subject ?? 'A reminder for {{applicant_first_name}}',
    text: content.text ?? 'Hello {{guardian_name}}, please complete the application of {{applicant_first_name}}.',
    html: content.html === undefined ? '<p>Hello {{guardian_name}}</p>' : content.html,
  });

/** A reminder-type SMS template of the campus (not bound to a move). */
export const createSmsTemplate = (db: Executor, campus: CampusRef, content: { name?: string; text?: string } = {}) =>
  createCampusSms(db, campus, {
    to: null,
    type: MESSAGE_TYPE.REMINDER,
    name: content.name ?? 'Reminder SMS',
    text: content.text ?? '{{campus_name}}: {{applicant_first_name}} still has steps to finish.',
  });

/** A reminder and its campus row straight in the database. */
export async function createReminder(
  db: Executor,
  campus: CampusRef,
  values: {
    name?: string;
    id_status: number;
    periodicity: number;
    id_campus_email?: number | null;
    id_campus_text_message?: number | null;
    isActive?: boolean;
  },
) {
  const [reminder] = await db
    .insert(s.reminder)
    .values({
      id_school: campus.id_school,
      name: values.name ?? 'A reminder',
      id_status: values.id_status,
      periodicity: values.periodicity,
      id_campus_email: values.id_campus_email ?? null,
      id_campus_text_message: values.id_campus_text_message ?? null,
    })
    .returning();
  const [row] = await db
    .insert(s.campusReminder)
    .values({
      id_school: campus.id_school,
      id_campus: campus.id_campus,
      id_reminder: reminder.id_reminder,
      isActive: values.isActive ?? true,
    })
    .returning();
  return { ...reminder, id_campus_reminder: row.id_campus_reminder, id_campus: campus.id_campus };
}

/**
 * Dates the application's status history so that its newest row (its current status) was entered at `at`, and
 * each older row one day before the next.
 */
export async function enteredStatusAt(db: Executor, id_application: number, at: Date) {
  await db.execute(sql`
    UPDATE application_status SET created_at = ${at.toISOString()}::timestamptz
      - ((SELECT max(id_application_status) FROM application_status WHERE id_application = ${id_application})
         - id_application_status) * interval '1 day'
    WHERE id_application = ${id_application}
  `);
}
