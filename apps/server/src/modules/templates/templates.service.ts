import {
  MERGE_FIELDS,
  MESSAGE_TYPE,
  PORTAL_LINK_PLACEHOLDER,
  placeholdersOf,
  smsSegments,
} from '@openseat/shared/communication';
import { STATUS } from '@openseat/shared/constants';
import {
  boundMoveError,
  type EmailTemplateRequest,
  type TemplateListQuery,
  type TemplatePreview,
  type TemplatePreviewRequest,
  type TextMessageTemplateRequest,
} from '@openseat/shared/schemas/communication';
import type { Db, Executor } from '../../db/client';
import { diff, writeAudit } from '../audit/audit.service';
import { badRequest, notFound, conflict, type FieldError } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { findCampusRef } from '../campuses/campus-ref.service';
import { recipientsOf, writtenIn } from '../communication/recipients.service';
import { renderEmail, renderSms } from '../communication/render.service';
import { specimenPortalLink } from '../portal-links/portal-links.service';
import { presentEmail, presentSms } from './templates.presenter';
import * as repo from './templates.repository';

/*
 * E-mail and SMS templates of a campus (docs/api-templates.md). A template is one email / text_message row of the
 * campus's school plus its campus link (campus, bound move); its fields are derived from its placeholders.
 */

const STATUS_IDS = new Set<number>(Object.values(STATUS));
const TYPE_IDS = new Set<number>(Object.values(MESSAGE_TYPE));
const inUse = () => conflict('templateInUse');

/** The type and bound move of a template: valid catalog ids, a status change needs `to`, from != to. */
function checkRules(typeField: string, id_type: number, binding: repo.Binding) {
  const errors: FieldError[] = [];
  if (!TYPE_IDS.has(id_type)) errors.push({ path: typeField, message: 'invalidValue' });
  for (const key of ['id_status_from', 'id_status_to'] as const) {
    const value = binding[key];
    if (value !== null && !STATUS_IDS.has(value)) errors.push({ path: key, message: 'invalidValue' });
  }
  if (errors.length) throw badRequest(errors[0].message, errors);
  const refusal = boundMoveError({ ...binding, needsMove: id_type === MESSAGE_TYPE.STATUS_CHANGE });
  if (refusal) throw badRequest(refusal.message, [refusal]);
}

/** A template stays on its campus (its messages, reminders and log rows belong to it). */
function sameCampus(before: { id_campus: number }, id_campus: number) {
  if (before.id_campus !== id_campus)
    throw badRequest('invalidValue', [{ path: 'id_campus', message: 'invalidValue' }]);
}

const bindingOf = (input: { id_status_from: number | null; id_status_to: number | null }): repo.Binding => ({
  id_status_from: input.id_status_from ?? null,
  id_status_to: input.id_status_to ?? null,
});

// ---- e-mail ----

async function requireEmail(db: Executor, caller: Principal, id: number) {
  const record = await repo.findEmail(db, caller.scope, id);
  if (!record) throw notFound();
  return record;
}

export async function listEmails(db: Db, caller: Principal, query: TemplateListQuery) {
  if (query.id_campus !== undefined && !(await findCampusRef(db, caller.scope, query.id_campus))) throw notFound();
  const { rows, total } = await repo.listEmails(
    db,
    caller.scope,
    { id_campus: query.id_campus, id_type: query.id_type, text: query.text },
    query.page,
    query.pageSize,
  );
  return { data: rows.map(presentEmail), total, page: query.page, pageSize: query.pageSize };
}

export async function getEmail(db: Db, caller: Principal, id: number) {
  return presentEmail(await requireEmail(db, caller, id));
}

const emailValues = (input: EmailTemplateRequest): repo.EmailValues => ({
  name: input.name,
  subject: input.subject,
  id_template: input.id_template ?? null,
  text: input.text,
  html: input.html ?? null,
  id_email_type: input.id_email_type,
  lng: input.lng,
});

export async function createEmail(db: Db, caller: Principal, input: EmailTemplateRequest) {
  const binding = bindingOf(input);
  checkRules('id_email_type', input.id_email_type, binding);
  return db.transaction(async (tx) => {
    const campus = await findCampusRef(tx, caller.scope, input.id_campus);
    if (!campus) throw notFound();
    const values = emailValues(input);
    const fields = await repo.deriveFields(tx, placeholdersOf(values.subject, values.text, values.html));
    const id = await repo.insertEmail(tx, campus, values, binding, fields);
    await writeAudit(tx, caller, {
      action: 'email_template.create',
      entity: 'campus_email',
      entityId: id,
      id_school: campus.id_school,
      id_campus: campus.id_campus,
      changes: { ...values, ...binding },
    });
    return presentEmail((await repo.findEmail(tx, caller.scope, id))!);
  });
}

export async function updateEmail(db: Db, caller: Principal, id: number, input: EmailTemplateRequest) {
  const binding = bindingOf(input);
  return db.transaction(async (tx) => {
    const before = await requireEmail(tx, caller, id);
    sameCampus(before, input.id_campus);
    checkRules('id_email_type', input.id_email_type, binding);
    const values = emailValues(input);
    const fields = await repo.deriveFields(tx, placeholdersOf(values.subject, values.text, values.html));
    await repo.updateEmail(tx, before, values, binding, fields);
    await writeAudit(tx, caller, {
      action: 'email_template.update',
      entity: 'campus_email',
      entityId: id,
      id_school: before.id_school,
      id_campus: before.id_campus,
      changes: diff(before, { ...values, ...binding }),
    });
    return presentEmail((await repo.findEmail(tx, caller.scope, id))!);
  });
}

export async function deleteEmail(db: Db, caller: Principal, id: number) {
  await db.transaction(async (tx) => {
    const record = await requireEmail(tx, caller, id);
    if ((await repo.remindersOnlyOn(tx, record.id_school, 'email', id)).length) throw inUse();
    await repo.deleteEmail(tx, record);
    await writeAudit(tx, caller, {
      action: 'email_template.delete',
      entity: 'campus_email',
      entityId: id,
      id_school: record.id_school,
      id_campus: record.id_campus,
      changes: { name: record.name },
    });
  });
}

// ---- text messages ----

async function requireSms(db: Executor, caller: Principal, id: number) {
  const record = await repo.findSms(db, caller.scope, id);
  if (!record) throw notFound();
  return record;
}

export async function listSms(db: Db, caller: Principal, id_campus: number, query: TemplateListQuery) {
  if (!(await findCampusRef(db, caller.scope, id_campus))) throw notFound();
  const { rows, total } = await repo.listSms(
    db,
    caller.scope,
    { id_campus, id_type: query.id_type, text: query.text },
    query.page,
    query.pageSize,
  );
  return { data: rows.map(presentSms), total, page: query.page, pageSize: query.pageSize };
}

export async function getSms(db: Db, caller: Principal, id: number) {
  return presentSms(await requireSms(db, caller, id));
}

const smsValues = (input: TextMessageTemplateRequest): repo.SmsValues => ({
  name: input.name,
  text: input.text,
  id_text_message_type: input.id_text_message_type,
  lng: input.lng,
});

export async function createSms(db: Db, caller: Principal, input: TextMessageTemplateRequest) {
  const binding = bindingOf(input);
  checkRules('id_text_message_type', input.id_text_message_type, binding);
  return db.transaction(async (tx) => {
    const campus = await findCampusRef(tx, caller.scope, input.id_campus);
    if (!campus) throw notFound();
    const values = smsValues(input);
    const fields = await repo.deriveFields(tx, placeholdersOf(values.text));
    const id = await repo.insertSms(tx, campus, values, binding, fields);
    await writeAudit(tx, caller, {
      action: 'sms_template.create',
      entity: 'campus_text_message',
      entityId: id,
      id_school: campus.id_school,
      id_campus: campus.id_campus,
      changes: { ...values, ...binding },
    });
    return presentSms((await repo.findSms(tx, caller.scope, id))!);
  });
}

export async function updateSms(db: Db, caller: Principal, id: number, input: TextMessageTemplateRequest) {
  const binding = bindingOf(input);
  return db.transaction(async (tx) => {
    const before = await requireSms(tx, caller, id);
    sameCampus(before, input.id_campus);
    checkRules('id_text_message_type', input.id_text_message_type, binding);
    const values = smsValues(input);
    const fields = await repo.deriveFields(tx, placeholdersOf(values.text));
    await repo.updateSms(tx, before, values, binding, fields);
    await writeAudit(tx, caller, {
      action: 'sms_template.update',
      entity: 'campus_text_message',
      entityId: id,
      id_school: before.id_school,
      id_campus: before.id_campus,
      changes: diff(before, { ...values, ...binding }),
    });
    return presentSms((await repo.findSms(tx, caller.scope, id))!);
  });
}

export async function deleteSms(db: Db, caller: Principal, id: number) {
  await db.transaction(async (tx) => {
    const record = await requireSms(tx, caller, id);
    if ((await repo.remindersOnlyOn(tx, record.id_school, 'sms', id)).length) throw inUse();
    await repo.deleteSms(tx, record);
    await writeAudit(tx, caller, {
      action: 'sms_template.delete',
      entity: 'campus_text_message',
      entityId: id,
      id_school: record.id_school,
      id_campus: record.id_campus,
      changes: { name: record.name },
    });
  });
}

// ---- preview ----

const MERGE_FIELD_NAMES = new Set<string>(MERGE_FIELDS);

/**
 * Renders a template as typed (not saved) on a real application of the campus: the message that application's
 * family would get. An application of another campus, or out of the caller's reach, is not found.
 */
export async function preview(
  db: Db,
  caller: Principal,
  typed: TemplatePreviewRequest,
  channel: 'email' | 'sms',
  publicUrl: string,
): Promise<TemplatePreview> {
  const link = (text: string) =>
    text.replaceAll(PORTAL_LINK_PLACEHOLDER, specimenPortalLink(publicUrl, typed.id_application));
  const input = { ...typed, text: link(typed.text), html: typed.html && link(typed.html) };
  const campus = await findCampusRef(db, caller.scope, input.id_campus);
  if (!campus) throw notFound();
  const family = (await recipientsOf(db, [input.id_application])).get(input.id_application);
  if (!family || family.id_school !== campus.id_school || family.id_campus !== campus.id_campus) throw notFound();
  const recipient = writtenIn(family, input.lng ?? family.lng);
  const subject = channel === 'email' ? (input.subject ?? null) : null;
  const html = channel === 'email' ? (input.html ?? null) : null;
  const unknownFields = placeholdersOf(subject, input.text, html).filter(
    (name) => !MERGE_FIELD_NAMES.has(name) && !Object.hasOwn(recipient.formAnswers, name),
  );
  if (channel === 'sms') {
    const text = renderSms(input.text, recipient);
    return { subject: null, text, html: null, segments: smsSegments(text), unknownFields };
  }
  const rendered = renderEmail({ subject, text: input.text, html }, recipient);
  return {
    subject: rendered.subject,
    text: rendered.body,
    html: rendered.html,
    segments: smsSegments(rendered.body),
    unknownFields,
  };
}
