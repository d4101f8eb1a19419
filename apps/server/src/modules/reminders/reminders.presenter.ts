import type { ReminderRow } from '@openseat/shared/schemas/communication';
import type { ReminderRecord } from './reminders.repository';

export const presentReminder = (row: ReminderRecord): ReminderRow => ({
  id_reminder: row.id_reminder,
  id_campus_reminder: row.id_campus_reminder,
  id_campus: row.id_campus,
  name: row.name,
  id_status: row.id_status,
  periodicity: row.periodicity,
  id_campus_email: row.id_campus_email,
  id_campus_text_message: row.id_campus_text_message,
  isActive: row.isActive,
  condition: row.condition as ReminderRow['condition'],
});
