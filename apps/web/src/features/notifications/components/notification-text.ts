import type { TFunction } from 'i18next';
import { DEFAULT_LIST_STATUSES, LIST_TYPE } from '@openseat/shared/constants';
import { NOTIFICATION_TYPE, type NotificationRow } from '@openseat/shared/schemas/notifications';

/** The notification in the reader's language, from its type and parts (the stored English is the fallback). */
export function notificationText(t: TFunction, row: NotificationRow): string {
  const applicant =
    row.applicantName ??
    (row.correlative !== null
      ? t('notifications.applicationNumber', { correlative: row.correlative })
      : t('notifications.anApplication'));
  const actor = row.actorName ?? t('notifications.someone');
  switch (row.id_notification_settings_type) {
    case NOTIFICATION_TYPE.STATUS_CHANGE: {
      const status = row.id_status === null ? '' : t(`statuses.${row.id_status}`);
      const parts = { count: row.count, applicant, status, actor };
      return row.actorName ? t('notifications.moved', parts) : t('notifications.movedAuto', parts);
    }
    case NOTIFICATION_TYPE.NEW_APPLICATION:
      return row.form
        ? t('notifications.newApplicationForm', { applicant, form: row.form })
        : t('notifications.newApplication', { applicant, actor });
    case NOTIFICATION_TYPE.FORM_SUBMISSION:
      return t('notifications.formSubmission', { applicant, form: row.form ?? '' });
    default:
      return row.message;
  }
}

const LIST_PATHS: Array<[number, string]> = [
  [LIST_TYPE.SELECTED_LIST, 'applications/selected-list'],
  [LIST_TYPE.WAITING_LIST, 'applications/waiting-list'],
  [LIST_TYPE.DECLINED, 'applications/declined-list'],
  [LIST_TYPE.DENIED, 'applications/denied-applications'],
];

/** Where a notification leads: its application, or the list its applications went to (a bulk move). */
export function notificationPath(row: NotificationRow): string {
  const list =
    LIST_PATHS.find(([type]) =>
      (DEFAULT_LIST_STATUSES[type as keyof typeof DEFAULT_LIST_STATUSES] as readonly number[]).includes(
        row.id_status ?? -1,
      ),
    )?.[1] ?? 'applications';
  return row.id_application === null ? `/main/${list}` : `/main/${list}/${row.id_application}`;
}
