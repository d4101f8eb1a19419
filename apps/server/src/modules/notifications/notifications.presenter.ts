import type { NotificationRow } from '@openseat/shared/schemas/notifications';
import type { NotificationRecord } from './notifications.repository';

export const presentNotification = (row: NotificationRecord): NotificationRow => ({
  id_notification: row.id_notification,
  id_notification_settings_type: row.id_notification_settings_type,
  id_application: row.id_application,
  correlative: row.correlative,
  applicantName: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim(),
  id_campus: row.id_campus,
  count: row.params.count ?? 1,
  id_status: row.params.id_status ?? null,
  id_status_from: row.params.id_status_from ?? null,
  form: row.params.form ?? null,
  actorName: row.actorName,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
});
