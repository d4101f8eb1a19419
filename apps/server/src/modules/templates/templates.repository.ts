import type { Channel } from '@openseat/shared/communication';
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';
import { containsPattern as likeOf } from '../../lib/sql';

/** A placeholder of a template, as stored (text_message_field has no is_form: it is "no catalog field"). */
export type FieldRecord = { id_field: number; field_name: string; id_field_option: number | null; is_form: boolean };
export type DerivedField = { field_name: string; id_field_option: number | null };

export type TemplateFilter = { id_campus?: number; id_type?: number | null; text?: string };

/** The field-option catalog's ids of these placeholder names (names not in it are form answers). */
export async function deriveFields(db: Executor, names: string[]): Promise<DerivedField[]> {
  if (names.length === 0) return [];
  const options = await db
    .select({ id: s.fieldOption.id_field_option, name: s.fieldOption.name })
    .from(s.fieldOption)
    .where(inArray(s.fieldOption.name, names));
  const byName = new Map(options.map((o) => [o.name, o.id]));
  return names.map((field_name) => ({ field_name, id_field_option: byName.get(field_name) ?? null }));
}

// ---- e-mail ----

const emailColumns = {
  id_campus_email: s.campusEmail.id_campus_email,
  id_school: s.campusEmail.id_school,
  id_campus: s.campusEmail.id_campus,
  id_status_from: s.campusEmail.id_status_from,
  id_status_to: s.campusEmail.id_status_to,
  id_email: s.email.id_email,
  name: s.email.name,
  subject: s.email.subject,
  id_template: s.email.id_template,
  text: s.email.text,
  html: s.email.html,
  id_email_type: s.email.id_email_type,
  lng: s.email.lng,
};
type EmailBase = {
  id_campus_email: number;
  id_school: number;
  id_campus: number;
  id_status_from: number | null;
  id_status_to: number | null;
  id_email: number;
  name: string;
  subject: string;
  id_template: string | null;
  text: string | null;
  html: string | null;
  id_email_type: number;
  lng: string;
};
export type EmailRecord = EmailBase & { fields: FieldRecord[] };

const selectEmails = (db: Executor) =>
  db
    .select(emailColumns)
    .from(s.campusEmail)
    .innerJoin(
      s.email,
      and(eq(s.email.id_school, s.campusEmail.id_school), eq(s.email.id_email, s.campusEmail.id_email)),
    );

function emailWhere(scope: Scope, filter: TemplateFilter): SQL {
  const conditions: SQL[] = [inCampus(scope, s.campusEmail.id_school, s.campusEmail.id_campus)];
  if (filter.id_campus !== undefined) conditions.push(eq(s.campusEmail.id_campus, filter.id_campus));
  if (filter.id_type != null) conditions.push(eq(s.email.id_email_type, filter.id_type));
  if (filter.text)
    conditions.push(or(ilike(s.email.name, likeOf(filter.text)), ilike(s.email.subject, likeOf(filter.text))) as SQL);
  return and(...conditions) as SQL;
}

async function withEmailFields(db: Executor, rows: EmailBase[]): Promise<EmailRecord[]> {
  if (rows.length === 0) return [];
  const fields = await db
    .select({
      id_email: s.emailField.id_email,
      id_field: s.emailField.id_email_field,
      field_name: s.emailField.field_name,
      id_field_option: s.emailField.id_field_option,
      is_form: s.emailField.is_form,
    })
    .from(s.emailField)
    .where(
      and(
        inArray(
          s.emailField.id_email,
          rows.map((r) => r.id_email),
        ),
        inArray(s.emailField.id_school, [...new Set(rows.map((r) => r.id_school))]),
      ),
    )
    .orderBy(asc(s.emailField.id_email_field));
  return rows.map((r) => ({
    ...r,
    fields: fields
      .filter((f) => f.id_email === r.id_email)
      .map(({ id_field, field_name, id_field_option, is_form }) => ({
        id_field,
        field_name,
        id_field_option,
        is_form,
      })),
  }));
}

export async function listEmails(db: Executor, scope: Scope, filter: TemplateFilter, page: number, pageSize: number) {
  const where = emailWhere(scope, filter);
  const rows = await selectEmails(db)
    .where(where)
    .orderBy(asc(s.email.name), asc(s.campusEmail.id_campus_email))
    .limit(pageSize)
    .offset(page * pageSize);
  const [{ n }] = await db
    .select({ n: count() })
    .from(s.campusEmail)
    .innerJoin(
      s.email,
      and(eq(s.email.id_school, s.campusEmail.id_school), eq(s.email.id_email, s.campusEmail.id_email)),
    )
    .where(where);
  return { rows: await withEmailFields(db, rows), total: n };
}

export async function findEmail(db: Executor, scope: Scope, id_campus_email: number) {
  const rows = await selectEmails(db).where(
    and(
      eq(s.campusEmail.id_campus_email, id_campus_email),
      inCampus(scope, s.campusEmail.id_school, s.campusEmail.id_campus),
    ),
  );
  return (await withEmailFields(db, rows))[0] as EmailRecord | undefined;
}

export type EmailValues = {
  name: string;
  subject: string;
  id_template: string | null;
  text: string;
  html: string | null;
  id_email_type: number;
  lng: string;
};
export type Binding = { id_status_from: number | null; id_status_to: number | null };

export async function insertEmail(
  db: Executor,
  campus: { id_school: number; id_campus: number },
  values: EmailValues,
  binding: Binding,
  fields: DerivedField[],
) {
  const [email] = await db
    .insert(s.email)
    .values({ id_school: campus.id_school, ...values })
    .returning({ id: s.email.id_email });
  await writeEmailFields(db, campus.id_school, email.id, fields);
  const [link] = await db
    .insert(s.campusEmail)
    .values({ id_school: campus.id_school, id_campus: campus.id_campus, id_email: email.id, ...binding })
    .returning({ id: s.campusEmail.id_campus_email });
  return link.id;
}

async function writeEmailFields(db: Executor, id_school: number, id_email: number, fields: DerivedField[]) {
  await db.delete(s.emailField).where(and(eq(s.emailField.id_school, id_school), eq(s.emailField.id_email, id_email)));
  if (fields.length)
    await db
      .insert(s.emailField)
      .values(fields.map((f) => ({ id_school, id_email, ...f, is_form: f.id_field_option === null })));
}

export async function updateEmail(
  db: Executor,
  before: EmailRecord,
  values: EmailValues,
  binding: Binding,
  fields: DerivedField[],
) {
  await db
    .update(s.email)
    .set(values)
    .where(and(eq(s.email.id_school, before.id_school), eq(s.email.id_email, before.id_email)));
  await db
    .update(s.campusEmail)
    .set(binding)
    .where(
      and(eq(s.campusEmail.id_school, before.id_school), eq(s.campusEmail.id_campus_email, before.id_campus_email)),
    );
  await writeEmailFields(db, before.id_school, before.id_email, fields);
}

/** A reminder's column for each channel's template, and the other channel's. */
const reminderColumns = {
  email: { own: s.reminder.id_campus_email, other: s.reminder.id_campus_text_message },
  sms: { own: s.reminder.id_campus_text_message, other: s.reminder.id_campus_email },
} as const;

/** Reminders that send this template and nothing else: they would be left with nothing to send. Locked. */
export async function remindersOnlyOn(db: Executor, id_school: number, channel: Channel, id_template: number) {
  const { own, other } = reminderColumns[channel];
  return db
    .select({ id: s.reminder.id_reminder })
    .from(s.reminder)
    .where(and(eq(s.reminder.id_school, id_school), eq(own, id_template), isNull(other)))
    .for('update');
}

/** Reminders that also send this template keep their other channel. */
async function detachFromReminders(db: Executor, id_school: number, channel: Channel, id_template: number) {
  const column = channel === 'email' ? 'id_campus_email' : 'id_campus_text_message';
  await db
    .update(s.reminder)
    .set({ [column]: null })
    .where(and(eq(s.reminder.id_school, id_school), eq(reminderColumns[channel].own, id_template)));
}

/** The e-mail row goes, with its fields and campus link (cascade); reminders keep their other channel. */
export async function deleteEmail(db: Executor, record: EmailRecord) {
  await detachFromReminders(db, record.id_school, 'email', record.id_campus_email);
  await db.delete(s.email).where(and(eq(s.email.id_school, record.id_school), eq(s.email.id_email, record.id_email)));
}

// ---- text messages ----

const smsColumns = {
  id_campus_text_message: s.campusTextMessage.id_campus_text_message,
  id_school: s.campusTextMessage.id_school,
  id_campus: s.campusTextMessage.id_campus,
  id_status_from: s.campusTextMessage.id_status_from,
  id_status_to: s.campusTextMessage.id_status_to,
  id_text_message: s.textMessage.id_text_message,
  id_text_message_type: s.textMessage.id_text_message_type,
  name: s.textMessage.name,
  text: s.textMessage.text,
  lng: s.textMessage.lng,
};
type SmsBase = {
  id_campus_text_message: number;
  id_school: number;
  id_campus: number;
  id_status_from: number | null;
  id_status_to: number | null;
  id_text_message: number;
  id_text_message_type: number;
  name: string;
  text: string;
  lng: string;
};
export type SmsRecord = SmsBase & { fields: FieldRecord[] };

const smsJoin = and(
  eq(s.textMessage.id_school, s.campusTextMessage.id_school),
  eq(s.textMessage.id_text_message, s.campusTextMessage.id_text_message),
);
const selectSms = (db: Executor) => db.select(smsColumns).from(s.campusTextMessage).innerJoin(s.textMessage, smsJoin);

function smsWhere(scope: Scope, filter: TemplateFilter): SQL {
  const conditions: SQL[] = [inCampus(scope, s.campusTextMessage.id_school, s.campusTextMessage.id_campus)];
  if (filter.id_campus !== undefined) conditions.push(eq(s.campusTextMessage.id_campus, filter.id_campus));
  if (filter.id_type != null) conditions.push(eq(s.textMessage.id_text_message_type, filter.id_type));
  if (filter.text)
    conditions.push(
      or(ilike(s.textMessage.name, likeOf(filter.text)), ilike(s.textMessage.text, likeOf(filter.text))) as SQL,
    );
  return and(...conditions) as SQL;
}

async function withSmsFields(db: Executor, rows: SmsBase[]): Promise<SmsRecord[]> {
  if (rows.length === 0) return [];
  const fields = await db
    .select({
      id_text_message: s.textMessageField.id_text_message,
      id_field: s.textMessageField.id_text_message_field,
      field_name: s.textMessageField.field_name,
      id_field_option: s.textMessageField.id_field_option,
    })
    .from(s.textMessageField)
    .where(
      and(
        inArray(
          s.textMessageField.id_text_message,
          rows.map((r) => r.id_text_message),
        ),
        inArray(s.textMessageField.id_school, [...new Set(rows.map((r) => r.id_school))]),
      ),
    )
    .orderBy(asc(s.textMessageField.id_text_message_field));
  return rows.map((r) => ({
    ...r,
    fields: fields
      .filter((f) => f.id_text_message === r.id_text_message)
      .map(({ id_field, field_name, id_field_option }) => ({
        id_field,
        field_name,
        id_field_option,
        is_form: id_field_option === null,
      })),
  }));
}

export async function listSms(db: Executor, scope: Scope, filter: TemplateFilter, page: number, pageSize: number) {
  const where = smsWhere(scope, filter);
  const rows = await selectSms(db)
    .where(where)
    .orderBy(asc(s.textMessage.name), asc(s.campusTextMessage.id_campus_text_message))
    .limit(pageSize)
    .offset(page * pageSize);
  const [{ n }] = await db
    .select({ n: count() })
    .from(s.campusTextMessage)
    .innerJoin(s.textMessage, smsJoin)
    .where(where);
  return { rows: await withSmsFields(db, rows), total: n };
}

export async function findSms(db: Executor, scope: Scope, id_campus_text_message: number) {
  const rows = await selectSms(db).where(
    and(
      eq(s.campusTextMessage.id_campus_text_message, id_campus_text_message),
      inCampus(scope, s.campusTextMessage.id_school, s.campusTextMessage.id_campus),
    ),
  );
  return (await withSmsFields(db, rows))[0] as SmsRecord | undefined;
}

export type SmsValues = { name: string; text: string; id_text_message_type: number; lng: string };

async function writeSmsFields(db: Executor, id_school: number, id_text_message: number, fields: DerivedField[]) {
  await db
    .delete(s.textMessageField)
    .where(and(eq(s.textMessageField.id_school, id_school), eq(s.textMessageField.id_text_message, id_text_message)));
  if (fields.length)
    await db.insert(s.textMessageField).values(fields.map((f) => ({ id_school, id_text_message, ...f })));
}

export async function insertSms(
  db: Executor,
  campus: { id_school: number; id_campus: number },
  values: SmsValues,
  binding: Binding,
  fields: DerivedField[],
) {
  const [message] = await db
    .insert(s.textMessage)
    .values({ id_school: campus.id_school, ...values })
    .returning({ id: s.textMessage.id_text_message });
  await writeSmsFields(db, campus.id_school, message.id, fields);
  const [link] = await db
    .insert(s.campusTextMessage)
    .values({ id_school: campus.id_school, id_campus: campus.id_campus, id_text_message: message.id, ...binding })
    .returning({ id: s.campusTextMessage.id_campus_text_message });
  return link.id;
}

export async function updateSms(
  db: Executor,
  before: SmsRecord,
  values: SmsValues,
  binding: Binding,
  fields: DerivedField[],
) {
  await db
    .update(s.textMessage)
    .set(values)
    .where(
      and(eq(s.textMessage.id_school, before.id_school), eq(s.textMessage.id_text_message, before.id_text_message)),
    );
  await db
    .update(s.campusTextMessage)
    .set(binding)
    .where(
      and(
        eq(s.campusTextMessage.id_school, before.id_school),
        eq(s.campusTextMessage.id_campus_text_message, before.id_campus_text_message),
      ),
    );
  await writeSmsFields(db, before.id_school, before.id_text_message, fields);
}

export async function deleteSms(db: Executor, record: SmsRecord) {
  await detachFromReminders(db, record.id_school, 'sms', record.id_campus_text_message);
  await db
    .delete(s.textMessage)
    .where(
      and(eq(s.textMessage.id_school, record.id_school), eq(s.textMessage.id_text_message, record.id_text_message)),
    );
}
