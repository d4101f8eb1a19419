import { STATUS } from '@openseat/shared/constants';
import type { ReminderRequest, ReminderRow } from '@openseat/shared/schemas/communication';
import type { Db, Executor } from '../../db/client';
import { diff, writeAudit } from '../audit/audit.service';
import { requireCampus } from '../campuses/campus-ref.service';
import { badRequest, notFound, type FieldError } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { presentReminder } from './reminders.presenter';
import * as repo from './reminders.repository';

const STATUS_IDS = new Set<number>(Object.values(STATUS));
/** The statuses a registration packet is open in (the seat accepted). */
const REGISTERING = new Set<number>([STATUS.CONFIRMED, STATUS.ENROLLED]);

const valuesOf = (input: ReminderRequest): repo.ReminderValues => ({
  name: input.name,
  id_status: input.id_status,
  periodicity: input.periodicity,
  id_campus_email: input.id_campus_email,
  id_campus_text_message: input.id_campus_text_message,
  condition: input.condition,
});

/**
 * The rules the schema cannot check alone: a status of the catalog, and templates of the reminder's own campus
 * (a template of another campus, of another school or that does not exist is refused alike: nothing is revealed).
 */
async function checkReminder(tx: Executor, campus: { id_school: number; id_campus: number }, input: ReminderRequest) {
  if (!STATUS_IDS.has(input.id_status))
    throw badRequest('invalidValue', [{ path: 'id_status', message: 'invalidValue' }]);
  if (input.condition === 'registration_incomplete' && !REGISTERING.has(input.id_status))
    throw badRequest('reminderConditionStatus', [{ path: 'condition', message: 'reminderConditionStatus' }]);
  const errors: FieldError[] = [];
  if (input.id_campus_email !== null) {
    const emails = await repo.campusOfEmails(tx, campus.id_school, [input.id_campus_email]);
    if (emails.get(input.id_campus_email) !== campus.id_campus)
      errors.push({ path: 'id_campus_email', message: 'reminderTemplateOtherCampus' });
  }
  if (input.id_campus_text_message !== null) {
    const texts = await repo.campusOfTextMessages(tx, campus.id_school, [input.id_campus_text_message]);
    if (texts.get(input.id_campus_text_message) !== campus.id_campus)
      errors.push({ path: 'id_campus_text_message', message: 'reminderTemplateOtherCampus' });
  }
  if (errors.length) throw badRequest('reminderTemplateOtherCampus', errors);
}

async function requireReminder(db: Executor, caller: Principal, id_reminder: number) {
  const reminder = await repo.findReminder(db, caller.scope, id_reminder);
  if (!reminder) throw notFound();
  return reminder;
}

/** `GET /reminder/campus/all/:id`: the campus's reminders, by name. */
export async function listReminders(db: Db, caller: Principal, id_campus: number): Promise<ReminderRow[]> {
  const campus = await requireCampus(db, caller.scope, id_campus);
  return (await repo.listReminders(db, caller.scope, campus.id_campus)).map(presentReminder);
}

export async function getReminder(db: Db, caller: Principal, id_reminder: number): Promise<ReminderRow> {
  return presentReminder(await requireReminder(db, caller, id_reminder));
}

/** The reminder and its campus row in one transaction with the audit; the school is the campus's, never the body's. */
export async function createReminder(db: Db, caller: Principal, input: ReminderRequest): Promise<ReminderRow> {
  return db.transaction(async (tx) => {
    const campus = await requireCampus(tx, caller.scope, input.id_campus);
    await checkReminder(tx, campus, input);
    const values = valuesOf(input);
    const id_reminder = await repo.insertReminder(tx, campus, values, input.isActive);
    await writeAudit(tx, caller, {
      action: 'reminder.create',
      entity: 'reminder',
      entityId: id_reminder,
      id_school: campus.id_school,
      id_campus: campus.id_campus,
      changes: { ...values, isActive: input.isActive },
    });
    return presentReminder((await repo.findReminder(tx, caller.scope, id_reminder))!);
  });
}

/** A reminder stays on its campus: its templates and its applications are that campus's. */
export async function updateReminder(
  db: Db,
  caller: Principal,
  id_reminder: number,
  input: ReminderRequest,
): Promise<ReminderRow> {
  return db.transaction(async (tx) => {
    const before = await repo.lockReminder(tx, caller.scope, id_reminder);
    if (!before) throw notFound();
    if (input.id_campus !== before.id_campus)
      throw badRequest('invalidValue', [{ path: 'id_campus', message: 'invalidValue' }]);
    await checkReminder(tx, before, input);
    const values = valuesOf(input);
    await repo.updateReminder(tx, before, values, input.isActive);
    await writeAudit(tx, caller, {
      action: 'reminder.update',
      entity: 'reminder',
      entityId: id_reminder,
      id_school: before.id_school,
      id_campus: before.id_campus,
      changes: diff(before, { ...values, isActive: input.isActive }),
    });
    return presentReminder((await repo.findReminder(tx, caller.scope, id_reminder))!);
  });
}

export async function deleteReminder(db: Db, caller: Principal, id_reminder: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await repo.lockReminder(tx, caller.scope, id_reminder);
    if (!before) throw notFound();
    await repo.deleteReminder(tx, before);
    await writeAudit(tx, caller, {
      action: 'reminder.delete',
      entity: 'reminder',
      entityId: id_reminder,
      id_school: before.id_school,
      id_campus: before.id_campus,
      changes: { name: before.name, id_status: before.id_status, periodicity: before.periodicity },
    });
  });
}
