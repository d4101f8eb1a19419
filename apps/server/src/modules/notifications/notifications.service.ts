import type { Language } from '@openseat/shared/constants';
import {
  NOTIFICATION_TYPES,
  type NotificationListQuery,
  type NotificationPage,
  type NotificationSettings,
  type SaveNotificationSettingsRequest,
} from '@openseat/shared/schemas/notifications';
import type { Db, Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { presentNotification } from './notifications.presenter';
import * as repo from './notifications.repository';

/*
 * The caller's own notifications and switches (docs/api-notifications.md). Every read and write is keyed by the
 * signed-in user: no route takes a user id.
 */

const readerOf = (caller: Principal): repo.Reader => ({ id_user: caller.id_user, scope: caller.scope });

export async function getSettings(db: Executor, caller: Principal): Promise<NotificationSettings> {
  const [types, saved] = await Promise.all([repo.notificationTypes(db), repo.findSettings(db, caller.id_user)]);
  const names = new Map(types.map((t) => [t.id, t.name]));
  return {
    settings: NOTIFICATION_TYPES.filter((id) => names.has(id)).map((id) => ({
      id_notification_settings_type: id,
      name: names.get(id) ?? '',
      enabled: saved[String(id)] ?? true,
    })),
  };
}

export async function saveSettings(db: Db, caller: Principal, body: SaveNotificationSettingsRequest) {
  const changes = Object.fromEntries(body.settings.map((s) => [String(s.id_notification_settings_type), s.enabled]));
  if (Object.keys(changes).length) await repo.saveSettings(db, caller.id_user, changes);
  return getSettings(db, caller);
}

export async function listUnread(
  db: Db,
  caller: Principal,
  query: NotificationListQuery,
  lng: Language,
): Promise<NotificationPage> {
  const reader = readerOf(caller);
  const [rows, total] = await Promise.all([
    repo.listUnread(db, reader, query.page, query.pageSize),
    repo.countUnread(db, reader),
  ]);
  return { data: rows.map((row) => presentNotification(row, lng)), total, page: query.page, pageSize: query.pageSize };
}

async function answer(db: Executor, caller: Principal, marked: number) {
  return { marked, unread: await repo.countUnread(db, readerOf(caller)) };
}

/** One of the caller's notifications: 404 when it is not the caller's (or does not exist). */
export async function markOneRead(db: Db, caller: Principal, id_notification: number) {
  const reader = readerOf(caller);
  if (!(await repo.findOwn(db, reader, id_notification))) throw notFound();
  return answer(db, caller, await repo.markOneRead(db, reader, id_notification));
}

export async function markAllRead(db: Db, caller: Principal) {
  return answer(db, caller, await repo.markAllRead(db, readerOf(caller)));
}

/**
 * Opening an application marks the caller's notifications about it read (spec section 4: removing a
 * notification drops those of its application). An application the caller cannot see: 404.
 */
export async function markApplicationRead(db: Db, caller: Principal, id_application: number) {
  if (!(await repo.findApplication(db, caller.scope, id_application))) throw notFound();
  return answer(db, caller, await repo.markApplicationRead(db, readerOf(caller), id_application));
}

/** The events other modules report, in the transaction of what they tell about (see notifications.events). */
export { notifyFormSubmission, notifyNewApplication } from './notifications.events';
