import * as s from '../../db/schema/index';
import type { TestContext } from '../harness';
import type { Fixtures, Row } from './kit';

type NotificationFixtures = Awaited<ReturnType<typeof buildNotificationFixtures>>;
let nf: NotificationFixtures;
const SECRET_NOTICES = ['Secret-Beta-Notice', 'Secret-B1-Child'];

/** Unread notifications of the school A admin and the A1 campus user, and of the school B admin. */
async function buildNotificationFixtures(db: TestContext['db'], x: Fixtures) {
  const add = async (id_user: number, id_school: number, id_application: number, message: string) => {
    const [row] = await db
      .insert(s.notification)
      .values({ id_user, id_school, id_application, id_notification_settings_type: 1, params: { count: 1 }, message })
      .returning();
    return row;
  };
  const apps = x.applications;
  return {
    own: await add(x.users.schoolA.id_user, x.schoolA.id_school, apps.a1.id_application, 'Alpha-Notice'),
    a1: await add(x.users.campusA1.id_user, x.schoolA.id_school, apps.a1.id_application, 'Alpha-North-Notice'),
    other: await add(x.users.schoolB.id_user, x.schoolB.id_school, apps.b1.id_application, 'Secret-Beta-Notice'),
  };
}

export const NOTIFICATION_ROWS: Row[] = [
  {
    route: 'GET /notification-settings',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: '/notification-settings' }),
    shared: "the caller's own switches (no id in the request)",
    foreign: () => [],
  },
  {
    route: 'POST /notification-settings',
    actor: 'campusA1',
    own: () => ({
      method: 'POST',
      path: '/notification-settings',
      body: { settings: [{ id_notification_settings_type: 2, enabled: true }] },
    }),
    shared: "the caller's own switches (notifications.test.ts: another user's stay as they were)",
    foreign: () => [],
  },
  {
    route: 'GET /notification-settings/unread',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: '/notification-settings/unread?pageSize=200' }),
    shared: "the caller's own rows only",
    foreign: () => [...SECRET_NOTICES, 'Alpha-North-Notice'],
  },
  {
    route: 'GET /notification-settings/unread',
    case: 'a campus user lists its own rows, not those of the school admin',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: '/notification-settings/unread?pageSize=200' }),
    shared: "the caller's own rows only",
    foreign: () => [...SECRET_NOTICES, 'Secret-A2-Child', '"Alpha-Notice"'],
  },
  {
    route: 'POST /notification/:id/read',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: `/notification/${nf.own.id_notification}/read` }),
    other: () => ({ method: 'POST', path: `/notification/${nf.other.id_notification}/read` }),
    foreign: () => SECRET_NOTICES,
  },
  {
    route: 'POST /notification/:id/read',
    case: 'a user of the same school cannot mark the notification of another',
    actor: 'campusA1',
    own: () => ({ method: 'POST', path: `/notification/${nf.a1.id_notification}/read` }),
    other: () => ({ method: 'POST', path: `/notification/${nf.own.id_notification}/read` }),
    foreign: () => ['Alpha-Notice'],
  },
  {
    route: 'POST /notification/read-all',
    actor: 'campusAdminA',
    own: () => ({ method: 'POST', path: '/notification/read-all' }),
    shared: "marks the caller's own rows only (notifications.test.ts: the others stay unread)",
    foreign: () => SECRET_NOTICES,
  },
  {
    route: 'POST /notification/application/:id/read',
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: `/notification/application/${x.applications.a1.id_application}/read` }),
    other: (x) => ({ method: 'POST', path: `/notification/application/${x.applications.b1.id_application}/read` }),
    foreign: () => SECRET_NOTICES,
  },
  {
    route: 'POST /notification/application/:id/read',
    case: 'a campus user cannot reach an application of another campus',
    actor: 'campusA1',
    own: (x) => ({ method: 'POST', path: `/notification/application/${x.applications.a1.id_application}/read` }),
    other: (x) => ({ method: 'POST', path: `/notification/application/${x.applications.a2.id_application}/read` }),
    foreign: () => ['Secret-A2-Child'],
  },
];

/** Builds the records of this part's rows (once, before the rows run). */
export async function setupNotifications(ctx: Pick<TestContext, 'db'>, x: Fixtures) {
  nf = await buildNotificationFixtures(ctx.db, x);
}
