import { placeholdersOf } from '@openseat/shared/communication';
import type { FamilyLanguage } from '@openseat/shared/schemas/family';
import type { Executor } from '../db/client';
import * as s from '../db/schema/index';
import { FIELD_OPTIONS } from '../db/reference-data';

type CampusRef = { id_school: number; id_campus: number };
type Binding = { from?: number | null; to: number | null; lng?: FamilyLanguage; type?: number };
const fieldOption = new Map(FIELD_OPTIONS.map((f) => [f.name, f.id_field_option]));
const fieldsOf = (...texts: Array<string | null | undefined>) =>
  placeholdersOf(...texts).map((field_name) => ({
    field_name,
    id_field_option: fieldOption.get(field_name) ?? null,
    is_form: !fieldOption.has(field_name),
  }));

/** An e-mail template of the campus bound to a move, straight in the database. */
export async function createEmailTemplate(
  db: Executor,
  campus: CampusRef,
  spec: Binding & { subject: string; text: string; html?: string | null; name?: string },
) {
  const [email] = await db
    .insert(s.email)
    .values({
      id_school: campus.id_school,
      name: spec.name ?? spec.subject,
      subject: spec.subject,
      text: spec.text,
      html: spec.html ?? null,
      id_email_type: spec.type ?? 1,
      lng: spec.lng ?? 'en',
    })
    .returning();
  const fields = fieldsOf(spec.subject, spec.text, spec.html);
  if (fields.length)
    await db
      .insert(s.emailField)
      .values(fields.map((f) => ({ ...f, id_school: campus.id_school, id_email: email.id_email })));
  const [link] = await db
    .insert(s.campusEmail)
    .values({
      id_school: campus.id_school,
      id_campus: campus.id_campus,
      id_status_from: spec.from ?? null,
      id_status_to: spec.to,
      id_email: email.id_email,
    })
    .returning();
  return { ...link, email };
}

/** An SMS template of the campus bound to a move, straight in the database. */
export async function createSmsTemplate(
  db: Executor,
  campus: CampusRef,
  spec: Binding & { text: string; name?: string },
) {
  const [message] = await db
    .insert(s.textMessage)
    .values({
      id_school: campus.id_school,
      id_text_message_type: spec.type ?? 1,
      name: spec.name ?? spec.text.slice(0, 40),
      text: spec.text,
      lng: spec.lng ?? 'en',
    })
    .returning();
  const fields = fieldsOf(spec.text);
  if (fields.length)
    await db.insert(s.textMessageField).values(
      fields.map(({ is_form: _, ...f }) => ({
        ...f,
        id_school: campus.id_school,
        id_text_message: message.id_text_message,
      })),
    );
  const [link] = await db
    .insert(s.campusTextMessage)
    .values({
      id_school: campus.id_school,
      id_campus: campus.id_campus,
      id_status_from: spec.from ?? null,
      id_status_to: spec.to,
      id_text_message: message.id_text_message,
    })
    .returning();
  return { ...link, text_message: message };
}
