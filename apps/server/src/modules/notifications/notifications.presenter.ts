import type { Language } from '@openseat/shared/constants';
import { NOTIFICATION_TYPE, type NotificationRow } from '@openseat/shared/schemas/notifications';
import type { NotificationRecord } from './notifications.repository';

/** What a notification's text is made of: its type and parameters, with the status label and the actor's name. */
export type NotificationParts = {
  type: number;
  count: number;
  statusLabel: string | null;
  actorName: string | null;
  form: string | null;
};

const TEXTS = {
  en: {
    applications: (count: number) => (count === 1 ? 'An application' : `${count} applications`),
    movedTo: (applications: string, status: string, _count: number) => `${applications} moved to ${status}`,
    by: (actor: string) => ` by ${actor}`,
    newApplication: 'New application',
    fromForm: (form: string) => ` from the form ${form}`,
    formSubmitted: (form: string) => `Form ${form} submitted`,
  },
  es: {
    applications: (count: number) => (count === 1 ? 'Una solicitud' : `${count} solicitudes`),
    movedTo: (applications: string, status: string, count: number) =>
      `${applications} ${count === 1 ? 'pasó' : 'pasaron'} a ${status}`,
    by: (actor: string) => ` por ${actor}`,
    newApplication: 'Nueva solicitud',
    fromForm: (form: string) => ` del formulario ${form}`,
    formSubmitted: (form: string) => `Formulario ${form} enviado`,
  },
} satisfies Record<Language, unknown>;

/**
 * The notification as one line in `lng`: "3 applications moved to offered by Ana", "New application from the form
 * Spring application", "Form Spring application submitted". The English one is stored with the row, for plain
 * readers (exports, the database).
 */
export function notificationMessage(parts: NotificationParts, lng: Language): string {
  const text = TEXTS[lng] ?? TEXTS.en;
  const by = parts.actorName === null ? '' : text.by(parts.actorName);
  switch (parts.type) {
    case NOTIFICATION_TYPE.STATUS_CHANGE:
      return text.movedTo(text.applications(parts.count), parts.statusLabel ?? '?', parts.count) + by;
    case NOTIFICATION_TYPE.NEW_APPLICATION:
      return text.newApplication + (parts.form === null ? '' : text.fromForm(parts.form)) + by;
    default:
      return text.formSubmitted(parts.form ?? '');
  }
}

/** The row for its reader: the stored English as written, other languages rendered from its type and parameters. */
export const presentNotification = (row: NotificationRecord, lng: Language): NotificationRow => ({
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
  message:
    lng === 'en'
      ? row.message
      : notificationMessage(
          {
            type: row.id_notification_settings_type,
            count: row.params.count ?? 1,
            statusLabel: row.statusLabel,
            actorName: row.actorName,
            form: row.params.form ?? null,
          },
          lng,
        ),
  createdAt: row.createdAt.toISOString(),
});
