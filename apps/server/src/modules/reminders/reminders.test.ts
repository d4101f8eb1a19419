import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TYPE } from '@openseat/shared/communication';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import { translate } from '@openseat/shared/messages';
import type { ReminderRow } from '@openseat/shared/schemas/communication';
import * as s from '../../db/schema/index';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool } from '../../test/factories';
import { createCampusGrades, createPeriod, createRoleWith } from '../../test/enrollment-factories';
import { createApplication } from '../../test/application-factories';
import { createEmailTemplate, createReminder, createSmsTemplate, enteredStatusAt } from '../../test/reminder-factories';
import { tokenFor } from '../../test/session';
import { JOBS } from '../../jobs/registry';
import { rowsOf } from '../../lib/sql';
import { sendDueReminders, sendRemindersJob } from './reminders.jobs';

type Campus = { id_school: number; id_campus: number; name: string };
type Refusal = { message: string; errors?: Array<{ path: string; message: string }> };

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let campus: Campus;
let sister: Campus;
let foreign: Campus;
let period: Awaited<ReturnType<typeof createPeriod>>;
const token = { school: '', campus: '', sister: '', foreign: '', noTab: '' };
const tpl = { email: 0, sms: 0, sisterEmail: 0, sisterSms: 0, foreignEmail: 0 };

const en = (key: Parameters<typeof translate>[0]) => translate(key, 'en');

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  const school = await createSchool(ctx.db, 'Reminder School');
  const other = await createSchool(ctx.db, 'Foreign School');
  campus = await createCampus(ctx.db, school.id_school, 'Reminder North');
  sister = await createCampus(ctx.db, school.id_school, 'Reminder South');
  foreign = await createCampus(ctx.db, other.id_school, 'Foreign Main');
  await ctx.db
    .update(s.schoolConfiguration)
    .set({ time_zone: 'America/New_York' })
    .where(eq(s.schoolConfiguration.id_school, school.id_school));
  await createCampusGrades(ctx.db, campus, [3]);
  period = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 50 } });
  tpl.email = (await createEmailTemplate(ctx.db, campus)).id_campus_email;
  tpl.sms = (await createSmsTemplate(ctx.db, campus)).id_campus_text_message;
  tpl.sisterEmail = (await createEmailTemplate(ctx.db, sister)).id_campus_email;
  tpl.sisterSms = (await createSmsTemplate(ctx.db, sister)).id_campus_text_message;
  tpl.foreignEmail = (await createEmailTemplate(ctx.db, foreign)).id_campus_email;
  const noTab = await createRoleWith(ctx.db, CONTEXT_TYPE.CAMPUS, [['school_campus', 'access']]);
  token.school = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  token.campus = await tokenFor(ctx, {
    context: CONTEXT_TYPE.CAMPUS,
    id_school: school.id_school,
    id_campus: campus.id_campus,
  });
  token.sister = await tokenFor(ctx, {
    context: CONTEXT_TYPE.CAMPUS,
    id_school: school.id_school,
    id_campus: sister.id_campus,
  });
  token.foreign = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: other.id_school });
  token.noTab = await tokenFor(ctx, {
    context: CONTEXT_TYPE.CAMPUS,
    role: noTab.name,
    id_school: school.id_school,
    id_campus: campus.id_campus,
  });
});
afterAll(() => ctx?.close());

const body = (over: Record<string, unknown> = {}) => ({
  id_campus: campus.id_campus,
  name: 'Finish your application',
  id_status: STATUS.APPLIED,
  periodicity: 7,
  id_campus_email: tpl.email,
  id_campus_text_message: null,
  ...over,
});

describe('reminder routes', () => {
  it('creates, lists, reads, updates and deletes a reminder; the school is the campus one; each write is audited', async () => {
    const created = await call<{ message: string; data: ReminderRow }>('POST', '/reminder/campus', {
      token: token.campus,
      body: { ...body({ periodicity: '7', id_campus_text_message: '' }), id_school: 999_999 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const row = created.body.data;
    expect(row).toMatchObject({
      id_campus: campus.id_campus,
      name: 'Finish your application',
      id_status: STATUS.APPLIED,
      periodicity: 7,
      id_campus_email: tpl.email,
      id_campus_text_message: null,
      isActive: true,
    });
    expect(row.id_campus_reminder).toBeGreaterThan(0);
    const [stored] = await ctx.db.select().from(s.reminder).where(eq(s.reminder.id_reminder, row.id_reminder));
    expect(stored.id_school).toBe(campus.id_school);

    const list = await call<ReminderRow[]>('GET', `/reminder/campus/all/${campus.id_campus}`, { token: token.school });
    expect(list.status).toBe(200);
    expect(list.body.map((r) => r.id_reminder)).toContain(row.id_reminder);
    const one = await call<ReminderRow>('GET', `/reminder/campus/${row.id_reminder}`, { token: token.campus });
    expect(one.body).toEqual(row);

    const updated = await call<{ data: ReminderRow }>('PUT', `/reminder/campus/${row.id_reminder}`, {
      token: token.campus,
      body: body({
        name: 'Renamed',
        periodicity: 3,
        id_campus_email: null,
        id_campus_text_message: tpl.sms,
        isActive: false,
      }),
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({
      id_reminder: row.id_reminder,
      id_campus_reminder: row.id_campus_reminder,
      name: 'Renamed',
      periodicity: 3,
      id_campus_email: null,
      id_campus_text_message: tpl.sms,
      isActive: false,
    });

    const deleted = await call('DELETE', `/reminder/campus/${row.id_reminder}`, { token: token.campus });
    expect(deleted.status).toBe(200);
    expect((await call('GET', `/reminder/campus/${row.id_reminder}`, { token: token.campus })).status).toBe(404);
    expect(
      await ctx.db.select().from(s.campusReminder).where(eq(s.campusReminder.id_reminder, row.id_reminder)),
    ).toEqual([]);
    const audit = await ctx.db
      .select({ action: s.auditLog.action, id_school: s.auditLog.id_school, id_campus: s.auditLog.id_campus })
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entity, 'reminder'), eq(s.auditLog.entityId, String(row.id_reminder))));
    expect(audit.map((a) => a.action).sort()).toEqual(['reminder.create', 'reminder.delete', 'reminder.update']);
    expect(new Set(audit.map((a) => `${a.id_school}:${a.id_campus}`))).toEqual(
      new Set([`${campus.id_school}:${campus.id_campus}`]),
    );
  });

  it("refuses a reminder without a template with the spec's message", async () => {
    const res = await call<Refusal>('POST', '/reminder/campus', {
      token: token.campus,
      body: body({ id_campus_email: null, id_campus_text_message: '' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'id_campus_email', message: en('reminderChannel') }]);
  });

  it('refuses a periodicity that is not a number, not whole, or not above 0', async () => {
    for (const [periodicity, key] of [
      ['weekly', 'mustBeNumber'],
      [1.5, 'mustBeInteger'],
      ['2.5', 'mustBeInteger'],
      [0, 'quantityPositive'],
      [-3, 'quantityPositive'],
      [undefined, 'required'],
    ] as const) {
      const res = await call<Refusal>('POST', '/reminder/campus', { token: token.campus, body: body({ periodicity }) });
      expect(res.status, String(periodicity)).toBe(400);
      expect(res.body.errors, String(periodicity)).toContainEqual({ path: 'periodicity', message: en(key) });
    }
  });

  it('refuses a status outside the catalog', async () => {
    const res = await call<Refusal>('POST', '/reminder/campus', { token: token.campus, body: body({ id_status: 12 }) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'id_status', message: en('invalidValue') }]);
  });

  it('refuses templates of another campus or another school, on create and on update, changing nothing', async () => {
    const before = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.reminder);
    for (const over of [
      { id_campus_email: tpl.sisterEmail },
      { id_campus_email: null, id_campus_text_message: tpl.sisterSms },
      { id_campus_email: tpl.foreignEmail },
      { id_campus_email: 2_000_000 },
    ]) {
      const res = await call<Refusal>('POST', '/reminder/campus', { token: token.school, body: body(over) });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.message).toBe(en('reminderTemplateOtherCampus'));
      expect(res.body.errors?.[0]?.message).toBe(en('reminderTemplateOtherCampus'));
    }
    expect(await ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.reminder)).toEqual(before);
    const own = await createReminder(ctx.db, campus, {
      id_status: STATUS.APPLIED,
      periodicity: 5,
      id_campus_email: tpl.email,
    });
    const res = await call<Refusal>('PUT', `/reminder/campus/${own.id_reminder}`, {
      token: token.school,
      body: body({ id_campus_text_message: tpl.sisterSms }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'id_campus_text_message', message: en('reminderTemplateOtherCampus') }]);
    // a reminder stays on its campus
    const moved = await call<Refusal>('PUT', `/reminder/campus/${own.id_reminder}`, {
      token: token.school,
      body: body({ id_campus: sister.id_campus, id_campus_email: tpl.sisterEmail }),
    });
    expect(moved.status).toBe(400);
    const [after] = await ctx.db.select().from(s.reminder).where(eq(s.reminder.id_reminder, own.id_reminder));
    expect(after.periodicity).toBe(5);
    expect(after.id_campus_text_message).toBeNull();
  });

  it("answers 404 for another school's or another campus's reminders and campuses, changing nothing", async () => {
    const theirs = await createReminder(ctx.db, foreign, {
      name: 'Foreign secret reminder',
      id_status: STATUS.APPLIED,
      periodicity: 2,
      id_campus_email: tpl.foreignEmail,
    });
    const ours = await createReminder(ctx.db, campus, {
      name: 'North reminder',
      id_status: STATUS.APPLIED,
      periodicity: 2,
      id_campus_email: tpl.email,
    });
    const foreignBody = { ...body(), id_campus: foreign.id_campus, id_campus_email: tpl.foreignEmail };
    const calls: Array<[string, string, unknown, string]> = [
      ['GET', `/reminder/campus/all/${foreign.id_campus}`, undefined, token.school],
      ['GET', `/reminder/campus/${theirs.id_reminder}`, undefined, token.school],
      ['PUT', `/reminder/campus/${theirs.id_reminder}`, foreignBody, token.school],
      ['DELETE', `/reminder/campus/${theirs.id_reminder}`, undefined, token.school],
      ['POST', '/reminder/campus', foreignBody, token.school],
      // a campus user of the sister campus does not see the north campus
      ['GET', `/reminder/campus/all/${campus.id_campus}`, undefined, token.sister],
      ['GET', `/reminder/campus/${ours.id_reminder}`, undefined, token.sister],
      ['PUT', `/reminder/campus/${ours.id_reminder}`, body(), token.sister],
      ['DELETE', `/reminder/campus/${ours.id_reminder}`, undefined, token.sister],
      ['POST', '/reminder/campus', body(), token.sister],
    ];
    for (const [method, path, payload, who] of calls) {
      const res = await call(method, path, { token: who, body: payload });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Foreign secret');
    }
    const [still] = await ctx.db.select().from(s.reminder).where(eq(s.reminder.id_reminder, theirs.id_reminder));
    expect(still.name).toBe('Foreign secret reminder');
    expect(await ctx.db.select().from(s.reminder).where(eq(s.reminder.id_reminder, ours.id_reminder))).toHaveLength(1);
    // positive control: the other school sees its own
    const own = await call<ReminderRow>('GET', `/reminder/campus/${theirs.id_reminder}`, { token: token.foreign });
    expect(own.status).toBe(200);
  });

  it('needs the reminders tab permission', async () => {
    const res = await call('GET', `/reminder/campus/all/${campus.id_campus}`, { token: token.noTab });
    expect(res.status).toBe(403);
    const write = await call('POST', '/reminder/campus', { token: token.noTab, body: body() });
    expect(write.status).toBe(403);
  });
});

describe('sending reminders (controlled clock)', () => {
  // the school's day is New York's: 05:00 UTC is 00:00 or 01:00 there
  const entered = new Date('2026-03-02T15:00:00Z'); // Monday 10:00 in New York

  const outbox = (where: { id_application?: number; id_reminder?: number }) =>
    ctx.db
      .select()
      .from(s.messageOutbox)
      .where(
        and(
          where.id_application === undefined ? sql`true` : eq(s.messageOutbox.id_application, where.id_application),
          where.id_reminder === undefined ? sql`true` : eq(s.messageOutbox.id_reminder, where.id_reminder),
        ),
      )
      .orderBy(s.messageOutbox.id_message);
  const run = (now: string) => sendDueReminders({ db: ctx.db, jobs: ctx.jobs }, new Date(now));

  it('sends at every periodicity days in status, once per period and channel, and stops when the status changes', async () => {
    const reminder = await createReminder(ctx.db, campus, {
      name: 'Every three days',
      id_status: STATUS.WAITING_LIST,
      periodicity: 3,
      id_campus_email: tpl.email,
      id_campus_text_message: tpl.sms,
    });
    const app = await createApplication(ctx.db, period, {
      id_status: STATUS.WAITING_LIST,
      firstName: 'Lucía',
      guardianPhoneNumber: '5551234567',
    });
    await enteredStatusAt(ctx.db, app.id_application, entered);
    const mine = () => outbox({ id_application: app.id_application, id_reminder: reminder.id_reminder });

    // day 2, and late on day 2 in New York though day 3 in UTC: nothing yet
    await run('2026-03-04T15:00:00Z');
    await run('2026-03-05T04:30:00Z');
    expect(await mine()).toEqual([]);

    // day 3 in New York: one e-mail and one SMS
    await run('2026-03-05T05:30:00Z');
    const first = await mine();
    expect(first.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    const ms = entered.getTime();
    const email = first.find((m) => m.channel === 'email')!;
    const sms = first.find((m) => m.channel === 'sms')!;
    expect(email).toMatchObject({
      id_school: campus.id_school,
      id_campus: campus.id_campus,
      id_message_type: MESSAGE_TYPE.REMINDER,
      id_reminder: reminder.id_reminder,
      id_campus_email: tpl.email,
      id_campus_text_message: null,
      bulk: true,
      recipient: app.applicant.guardianEmail,
      subject: 'A reminder for Lucía',
      body: `Hello ${app.applicant.guardianName}, please complete the application of Lucía.`,
      html: `<p>Hello ${app.applicant.guardianName}</p>`,
      idempotencyKey: `reminder:${reminder.id_reminder}:${app.id_application}:${ms}:1:email`,
    });
    expect(sms).toMatchObject({
      id_message_type: MESSAGE_TYPE.REMINDER,
      id_reminder: reminder.id_reminder,
      id_campus_email: null,
      id_campus_text_message: tpl.sms,
      bulk: true,
      recipient: '+15551234567',
      body: 'Reminder North: Lucía still has steps to finish.',
      idempotencyKey: `reminder:${reminder.id_reminder}:${app.id_application}:${ms}:1:sms`,
    });

    // later the same day, and a retried job: nothing more
    await run('2026-03-05T20:00:00Z');
    await run('2026-03-05T20:00:00Z');
    await run('2026-03-07T12:00:00Z'); // day 5: still the first period
    expect(await mine()).toHaveLength(2);

    // day 6 = 2 x 3: one more of each
    await run('2026-03-08T06:00:00Z');
    const second = await mine();
    expect(second).toHaveLength(4);
    expect(second.slice(2).map((m) => m.idempotencyKey.split(':')[4])).toEqual(['2', '2']);

    // the job did not run for a week: day 13 sends the current period (4) once, not the missed one (3)
    await run('2026-03-15T12:00:00Z');
    await run('2026-03-15T13:00:00Z');
    const third = await mine();
    expect(third).toHaveLength(6);
    expect(third.slice(4).map((m) => m.idempotencyKey.split(':')[4])).toEqual(['4', '4']);

    // the application moves on: the reminder stops
    await ctx.db.insert(s.applicationStatus).values({
      id_school: campus.id_school,
      id_application: app.id_application,
      id_status: STATUS.OFFERED,
      id_status_from: STATUS.WAITING_LIST,
      createdAt: new Date('2026-03-16T12:00:00Z'),
    });
    await ctx.db
      .update(s.application)
      .set({ id_status: STATUS.OFFERED, waiting_list_position: null })
      .where(eq(s.application.id_application, app.id_application));
    await run('2026-03-18T12:00:00Z');
    await run('2026-04-30T12:00:00Z');
    expect(await mine()).toHaveLength(6);

    // back in the status: it counts again from the new entry
    const back = new Date('2026-05-01T14:00:00Z');
    await ctx.db.insert(s.applicationStatus).values({
      id_school: campus.id_school,
      id_application: app.id_application,
      id_status: STATUS.WAITING_LIST,
      id_status_from: STATUS.OFFERED,
      createdAt: back,
    });
    await ctx.db
      .update(s.application)
      .set({ id_status: STATUS.WAITING_LIST, waiting_list_position: 99 })
      .where(eq(s.application.id_application, app.id_application));
    await run('2026-05-03T14:00:00Z');
    expect(await mine()).toHaveLength(6);
    await run('2026-05-04T14:00:00Z');
    const again = await mine();
    expect(again).toHaveLength(8);
    expect(again[6].idempotencyKey).toBe(
      `reminder:${reminder.id_reminder}:${app.id_application}:${back.getTime()}:1:${again[6].channel}`,
    );
  });

  it('sends nothing for an inactive reminder until it is switched on', async () => {
    const reminder = await createReminder(ctx.db, campus, {
      id_status: STATUS.CONTACTED,
      periodicity: 1,
      id_campus_email: tpl.email,
      isActive: false,
    });
    const app = await createApplication(ctx.db, period, { id_status: STATUS.CONTACTED });
    await enteredStatusAt(ctx.db, app.id_application, entered);
    await run('2026-03-20T12:00:00Z');
    expect(await outbox({ id_reminder: reminder.id_reminder })).toEqual([]);
    const on = await call('PUT', `/reminder/campus/${reminder.id_reminder}`, {
      token: token.campus,
      body: body({ id_status: STATUS.CONTACTED, periodicity: 1, isActive: true }),
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    await run('2026-03-20T12:00:00Z');
    expect((await outbox({ id_reminder: reminder.id_reminder })).map((m) => m.id_application)).toEqual([
      app.id_application,
    ]);
  });

  it('sends nothing in a finalized school period, nor for a deleted application, nor on another campus', async () => {
    const reminder = await createReminder(ctx.db, campus, {
      id_status: STATUS.DENIED,
      periodicity: 2,
      id_campus_email: tpl.email,
    });
    const finalized = await createPeriod(ctx.db, campus, { id_school_year: 2, state: 'finalized' });
    const frozen = await createApplication(ctx.db, finalized, { id_status: STATUS.DENIED });
    const deleted = await createApplication(ctx.db, period, { id_status: STATUS.DENIED });
    await ctx.db
      .update(s.application)
      .set({ deletedAt: new Date('2026-03-03T00:00:00Z') })
      .where(eq(s.application.id_application, deleted.id_application));
    await createCampusGrades(ctx.db, sister, [3]);
    const sisterPeriod = await createPeriod(ctx.db, sister, { state: 'started', grades: { 3: 5 } });
    const elsewhere = await createApplication(ctx.db, sisterPeriod, { id_status: STATUS.DENIED });
    const live = await createApplication(ctx.db, period, { id_status: STATUS.DENIED });
    for (const a of [frozen, deleted, elsewhere, live]) await enteredStatusAt(ctx.db, a.id_application, entered);
    await run('2026-03-20T12:00:00Z');
    // the positive control: the live application of the campus in its started period
    expect((await outbox({ id_reminder: reminder.id_reminder })).map((m) => m.id_application)).toEqual([
      live.id_application,
    ]);
  });

  it('writes a skipped message when there is no address, and honours an unsubscribed address', async () => {
    const reminder = await createReminder(ctx.db, campus, {
      id_status: STATUS.LEAD_2,
      periodicity: 4,
      id_campus_email: tpl.email,
      id_campus_text_message: tpl.sms,
    });
    const app = await createApplication(ctx.db, period, {
      id_status: STATUS.LEAD_2,
      guardianEmail: 'Opted.Out@example.org',
      guardianPhoneNumber: null,
    });
    await ctx.db.insert(s.communicationOptOut).values({
      id_school: campus.id_school,
      channel: 'email',
      address: 'opted.out@example.org',
      source: 'unsubscribe',
    });
    await enteredStatusAt(ctx.db, app.id_application, entered);
    await run('2026-03-07T12:00:00Z');
    const rows = await outbox({ id_reminder: reminder.id_reminder });
    expect(rows.map((m) => [m.channel, m.status, m.lastError]).sort()).toEqual([
      ['email', 'skipped', 'opted out'],
      ['sms', 'skipped', 'no address'],
    ]);
    await run('2026-03-07T13:00:00Z');
    expect(await outbox({ id_reminder: reminder.id_reminder })).toHaveLength(2);
  });

  it('runs as the registered pg-boss job reminders.send, on the real clock', async () => {
    expect(JOBS).toContain(sendRemindersJob);
    const schedule = await ctx.db.execute(
      sql`SELECT cron, timezone FROM pgboss.schedule WHERE name = ${sendRemindersJob.name}`,
    );
    expect(rowsOf(schedule)).toEqual([{ cron: '0 * * * *', timezone: 'UTC' }]);
    const reminder = await createReminder(ctx.db, campus, {
      id_status: STATUS.CONFIRMED,
      periodicity: 4,
      id_campus_email: tpl.email,
    });
    const app = await createApplication(ctx.db, period, { id_status: STATUS.CONFIRMED, firstName: 'Job' });
    // five days ago: 5 calendar days in New York (4 or 6 across a clock change near midnight), so n = 1
    const fiveDaysAgo = new Date(Date.now() - 5 * 24 * 3600 * 1000);
    await enteredStatusAt(ctx.db, app.id_application, fiveDaysAgo);
    await ctx.jobs.enqueue(ctx.db, sendRemindersJob, {});
    await expect
      .poll(async () => (await outbox({ id_reminder: reminder.id_reminder })).map((m) => m.id_application), {
        timeout: 20_000,
      })
      .toEqual([app.id_application]);
    const [message] = await outbox({ id_reminder: reminder.id_reminder });
    expect(message.idempotencyKey).toBe(
      `reminder:${reminder.id_reminder}:${app.id_application}:${fiveDaysAgo.getTime()}:1:email`,
    );
  });

  it('handles 10,000 applications in status with a few queries, and a second run queues nothing', async () => {
    const big = await createCampus(ctx.db, campus.id_school, 'Reminder Big');
    await createCampusGrades(ctx.db, big, [3]);
    const bigPeriod = await createPeriod(ctx.db, big, { state: 'started', grades: { 3: 10 } });
    const template = await createEmailTemplate(ctx.db, big, { html: null });
    const reminder = await createReminder(ctx.db, big, {
      id_status: STATUS.LEAD_3,
      periodicity: 7,
      id_campus_email: template.id_campus_email,
    });
    const N = 10_000;
    // no addresses: every message is written (skipped, 'no address') and none waits for the dispatcher, so the
    // test does not leave 10,000 sends running when the app closes
    await ctx.db.execute(sql`
      WITH people AS (
        INSERT INTO applicant (id_school, first_name, last_name)
        SELECT ${big.id_school}::int, 'Bulk' || i, 'Family' FROM generate_series(1, ${N}::int) i
        RETURNING id_applicant
      ), apps AS (
        INSERT INTO application (id_school, id_campus, id_campus_year, id_school_year, correlative, id_applicant,
                                 id_grade, id_status)
        SELECT ${big.id_school}::int, ${big.id_campus}::int, ${bigPeriod.id_campus_year}::int, ${bigPeriod.id_school_year}::int,
               1000000 + row_number() OVER (), id_applicant, 3, ${STATUS.LEAD_3}::int
        FROM people
        RETURNING id_application
      )
      INSERT INTO application_status (id_school, id_application, id_status, created_at)
      SELECT ${big.id_school}::int, id_application, ${STATUS.LEAD_3}::int, '2026-03-01T15:00:00Z' FROM apps
    `);
    const started = Date.now();
    const first = await run('2026-03-09T12:00:00Z');
    const took = Date.now() - started;
    // other tests' reminders may be due at this instant too
    expect(first.queued).toBeGreaterThanOrEqual(N);
    const [{ n, rendered }] = await ctx.db
      .select({
        n: sql<number>`count(*)::int`,
        rendered: sql<number>`count(*) FILTER (WHERE ${s.messageOutbox.body} LIKE '%application of Bulk%'
          AND ${s.messageOutbox.status} = 'skipped' AND ${s.messageOutbox.lastError} = 'no address')::int`,
      })
      .from(s.messageOutbox)
      .where(eq(s.messageOutbox.id_reminder, reminder.id_reminder));
    expect([n, rendered]).toEqual([N, N]);
    const again = await run('2026-03-09T13:00:00Z');
    expect(again).toEqual({ applications: 0, queued: 0 });
    // generous: PGlite on a shared machine; the point is no per-application round trips
    expect(took).toBeLessThan(60_000);
  }, 180_000);
});
