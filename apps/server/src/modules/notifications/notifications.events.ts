import { NOTIFICATION_TYPE, type NotificationTypeId } from '@openseat/shared/schemas/notifications';
import type { Executor } from '../../db/client';
import type { MovedApplication } from '../communication/communication.types';
import { notificationMessage } from './notifications.presenter';
import * as repo from './notifications.repository';

/*
 * Where notifications are made: inside the transaction of what they tell about (a move, an intake), so a
 * rollback leaves none. Two statements per event batch, whatever its size: its readers (see
 * notifications.repository `readersOfEvents`), then their rows. A batch of moves (a bulk move, a lottery) makes ONE
 * row per reader and target status, with the count: "12 applications moved to Offered by Ana", not one row per
 * application per reader.
 */

type Event = repo.NotificationEvent;

/** One event per campus and target status: a lottery's 10,000 moves are sent as a handful. */
function movesByCampusAndStatus(moves: readonly MovedApplication[]): Event[] {
  const events = new Map<string, Event>();
  for (const m of moves) {
    const key = `${m.id_campus}:${m.to}`;
    const e = events.get(key);
    if (!e) events.set(key, { id: m.id_application, n: 1, st: m.to, fr_low: m.from, fr_high: m.from, grp: m.to });
    else {
      e.id = Math.min(e.id, m.id_application);
      e.n++;
      e.fr_low = Math.min(e.fr_low!, m.from);
      e.fr_high = Math.max(e.fr_high!, m.from);
    }
  }
  return [...events.values()];
}

/** One event of one application (a new application, a form). */
const single = (id_application: number): Event => ({
  id: id_application,
  n: 1,
  st: null,
  fr_low: null,
  fr_high: null,
  grp: id_application,
});

async function notify(
  tx: Executor,
  type: NotificationTypeId,
  events: Event[],
  actor: number | null,
  form: string | null = null,
) {
  if (events.length === 0) return;
  const readings = await repo.readersOfEvents(tx, type, events, actor, form);
  await repo.insertNotifications(
    tx,
    readings.map((r) => ({
      id_school: r.id_school,
      id_user: r.id_user,
      id_application: r.id_application,
      id_notification_settings_type: type,
      id_actor: actor,
      params: {
        count: r.count,
        ...(r.id_status !== null && { id_status: r.id_status }),
        ...(r.id_status_from !== null && { id_status_from: r.id_status_from }),
        ...(r.form !== null && { form: r.form }),
      },
      message: notificationMessage({ type, ...r }, 'en'),
    })),
  );
}

/**
 * The moves of one MoveSession.flush: one notification per reader and target status. `id_user` null (a
 * scheduled job, a form) notifies every reader.
 */
export function notifyMoves(tx: Executor, moves: readonly MovedApplication[], id_user: number | null) {
  return notify(tx, NOTIFICATION_TYPE.STATUS_CHANGE, movesByCampusAndStatus(moves), id_user);
}

/** A new application (a lead typed in by staff, or taken in from a form: `form` is its name). */
export function notifyNewApplication(tx: Executor, id_application: number, id_user: number | null, form?: string) {
  return notify(tx, NOTIFICATION_TYPE.NEW_APPLICATION, [single(id_application)], id_user, form ?? null);
}

/** A form delivery about an existing application (matched, or the same child sending the form again). */
export function notifyFormSubmission(tx: Executor, id_application: number, form: string) {
  return notify(tx, NOTIFICATION_TYPE.FORM_SUBMISSION, [single(id_application)], null, form);
}
