import { STATUS } from '@openseat/shared/constants';
import type { TestContext } from '../harness';
import { createEmailTemplate, createReminder, createSmsTemplate } from '../reminder-factories';
import type { Campus, Fixtures, Row } from './kit';

type ReminderFixtures = Awaited<ReturnType<typeof buildReminderFixtures>>;
let rf: ReminderFixtures;
const SECRET_REMINDERS = ['Secret-Reminder-B', 'Secret-Reminder-A2'];

/** Reminder templates and reminders on a1 and a2 (school A) and b1 (school B); spares to delete. */
async function buildReminderFixtures(db: TestContext['db'], x: Fixtures) {
  const templates = {
    a1: await createEmailTemplate(db, x.a1),
    a1Sms: await createSmsTemplate(db, x.a1),
    a2: await createEmailTemplate(db, x.a2),
    b1: await createEmailTemplate(db, x.b1),
  };
  const on = (c: Campus, name: string) =>
    createReminder(db, x[c], {
      name,
      id_status: STATUS.APPLIED,
      periodicity: 7,
      id_campus_email: templates[c].id_campus_email,
    });
  return {
    templates,
    a1: await on('a1', 'Reminder-A1'),
    spareA1: await on('a1', 'Spare-Reminder-A1'),
    spareA1Again: await on('a1', 'Spare-Reminder-A1-2'),
    a2: await on('a2', 'Secret-Reminder-A2'),
    b1: await on('b1', 'Secret-Reminder-B'),
  };
}

const reminderBody = (c: Campus, name = 'Tenancy reminder') => ({
  id_campus: rf[c].id_campus,
  name,
  id_status: STATUS.APPLIED,
  periodicity: 3,
  id_campus_email: rf.templates[c].id_campus_email,
  id_campus_text_message: null,
});

export const REMINDER_ROWS: Row[] = [
  {
    route: 'GET /reminder/campus/all/:id',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/reminder/campus/all/${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/reminder/campus/all/${x.b1.id_campus}` }),
    foreign: () => SECRET_REMINDERS,
  },
  {
    route: 'GET /reminder/campus/all/:id',
    case: 'a campus user does not see a sister campus',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/reminder/campus/all/${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/reminder/campus/all/${x.a2.id_campus}` }),
    foreign: () => SECRET_REMINDERS,
  },
  {
    route: 'POST /reminder/campus',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: '/reminder/campus', body: reminderBody('a1', 'New reminder A1') }),
    other: () => ({ method: 'POST', path: '/reminder/campus', body: reminderBody('b1', 'Planted reminder') }),
    foreign: () => SECRET_REMINDERS,
  },
  {
    route: 'POST /reminder/campus',
    case: 'a campus user cannot plant one on a sister campus',
    actor: 'campusA1',
    own: () => ({
      method: 'POST',
      path: '/reminder/campus',
      body: {
        ...reminderBody('a1', 'Campus reminder A1'),
        id_campus_text_message: rf.templates.a1Sms.id_campus_text_message,
      },
    }),
    other: () => ({ method: 'POST', path: '/reminder/campus', body: reminderBody('a2', 'Planted reminder') }),
    foreign: () => SECRET_REMINDERS,
  },
  {
    route: 'GET /reminder/campus/:id',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/reminder/campus/${rf.a1.id_reminder}` }),
    other: () => ({ method: 'GET', path: `/reminder/campus/${rf.b1.id_reminder}` }),
    foreign: () => SECRET_REMINDERS,
  },
  {
    route: 'GET /reminder/campus/:id',
    case: 'a campus user does not see a sister campus',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/reminder/campus/${rf.a1.id_reminder}` }),
    other: () => ({ method: 'GET', path: `/reminder/campus/${rf.a2.id_reminder}` }),
    foreign: () => SECRET_REMINDERS,
  },
  {
    route: 'PUT /reminder/campus/:id',
    actor: 'schoolA',
    own: () => ({
      method: 'PUT',
      path: `/reminder/campus/${rf.a1.id_reminder}`,
      body: reminderBody('a1', 'Renamed A1'),
    }),
    other: () => ({
      method: 'PUT',
      path: `/reminder/campus/${rf.b1.id_reminder}`,
      body: reminderBody('b1', 'Hijacked'),
    }),
    foreign: () => SECRET_REMINDERS,
  },
  {
    route: 'PUT /reminder/campus/:id',
    case: 'a campus user cannot change a sister campus reminder',
    actor: 'campusA1',
    own: () => ({
      method: 'PUT',
      path: `/reminder/campus/${rf.a1.id_reminder}`,
      body: reminderBody('a1', 'Renamed again'),
    }),
    other: () => ({
      method: 'PUT',
      path: `/reminder/campus/${rf.a2.id_reminder}`,
      body: reminderBody('a2', 'Hijacked'),
    }),
    foreign: () => SECRET_REMINDERS,
  },
  {
    route: 'DELETE /reminder/campus/:id',
    actor: 'schoolA',
    own: () => ({ method: 'DELETE', path: `/reminder/campus/${rf.spareA1.id_reminder}` }),
    other: () => ({ method: 'DELETE', path: `/reminder/campus/${rf.b1.id_reminder}` }),
    foreign: () => SECRET_REMINDERS,
  },
  {
    route: 'DELETE /reminder/campus/:id',
    case: 'a campus user cannot delete a sister campus reminder',
    actor: 'campusA1',
    own: () => ({ method: 'DELETE', path: `/reminder/campus/${rf.spareA1Again.id_reminder}` }),
    other: () => ({ method: 'DELETE', path: `/reminder/campus/${rf.a2.id_reminder}` }),
    foreign: () => SECRET_REMINDERS,
  },
];

/** Builds the records of this part's rows (once, before the rows run). */
export async function setupReminders(ctx: Pick<TestContext, 'db'>, x: Fixtures) {
  rf = await buildReminderFixtures(ctx.db, x);
}
