import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CONTEXT_TYPE, FORM_PROVIDER, STATUS } from '@openseat/shared/constants';
import {
  NOTIFICATION_TYPE,
  type MarkReadResponse,
  type NotificationPage,
  type NotificationSettings,
} from '@openseat/shared/schemas/notifications';
import * as s from '../../db/schema/index';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool, createUser, type UserSpec } from '../../test/factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createApplication } from '../../test/application-factories';
import { signIn } from '../../test/session';
import { notifyMoves } from './notifications.events';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let period: Awaited<ReturnType<typeof createPeriod>>;
let periodA2: Awaited<ReturnType<typeof createPeriod>>;
type Person = { id_user: number; name: string; token: string };
/** School A: a school user, campus users of A1 (mover, colleague), of A2, of every campus; school B. */
const who = {} as Record<'school' | 'mover' | 'colleague' | 'a2' | 'allCampuses' | 'otherSchool', Person>;
let inactive: number;

async function person(spec: UserSpec): Promise<Person> {
  const user = await createUser(ctx.db, spec);
  return { id_user: user.id_user, name: user.name, token: (await signIn(ctx.baseUrl, user.email)).accessToken };
}

const unread = (p: Person, query = '') =>
  call<NotificationPage>('GET', `/notification-settings/unread${query}`, { token: p.token });
const rowsOf = async (id_user: number) =>
  ctx.db.select().from(s.notification).where(eq(s.notification.id_user, id_user));
const move = (p: Person, applicationIds: number[], id_status: number) =>
  call('PUT', '/application/status', { token: p.token, body: { applicationIds, id_status } });
const lead = () => createApplication(ctx.db, period, { id_status: STATUS.LEAD });
const setSettings = (p: Person, settings: Array<{ id_notification_settings_type: number; enabled: boolean }>) =>
  call<{ message: string; data: NotificationSettings }>('POST', '/notification-settings', {
    token: p.token,
    body: { settings },
  });

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  const schoolA = await createSchool(ctx.db, 'Notice Academy');
  const schoolB = await createSchool(ctx.db, 'Other Notice School');
  const a1 = await createCampus(ctx.db, schoolA.id_school, 'Notice North');
  const a2 = await createCampus(ctx.db, schoolA.id_school, 'Notice South');
  const b1 = await createCampus(ctx.db, schoolB.id_school, 'Other Campus');
  await createCampusGrades(ctx.db, a1, [3]);
  await createCampusGrades(ctx.db, a2, [3]);
  period = await createPeriod(ctx.db, a1, { state: 'started', grades: { 3: 50 } });
  periodA2 = await createPeriod(ctx.db, a2, { state: 'started', grades: { 3: 50 } });
  const A = schoolA.id_school;
  who.school = await person({ context: CONTEXT_TYPE.SCHOOL, id_school: A });
  who.mover = await person({ context: CONTEXT_TYPE.CAMPUS, id_school: A, id_campus: a1.id_campus });
  who.colleague = await person({ context: CONTEXT_TYPE.CAMPUS, id_school: A, id_campus: a1.id_campus });
  who.a2 = await person({ context: CONTEXT_TYPE.CAMPUS, id_school: A, id_campus: a2.id_campus });
  who.allCampuses = await person({
    context: CONTEXT_TYPE.CAMPUS,
    id_school: A,
    id_campus: a2.id_campus,
    isAllCampuses: true,
  });
  who.otherSchool = await person({ context: CONTEXT_TYPE.SCHOOL, id_school: schoolB.id_school });
  await createCampus(ctx.db, b1.id_school, 'Other Spare');
  inactive = (await createUser(ctx.db, { context: CONTEXT_TYPE.SCHOOL, id_school: A, isActive: false })).id_user;
});
afterAll(() => ctx?.close());

// every test starts with nothing unread and every type on
beforeEach(async () => {
  await ctx.db.delete(s.notification);
  await ctx.db.delete(s.notificationSettings);
});

describe('who is notified of a move', () => {
  it('the staff who see the campus, not the mover, not another campus, school or inactive user', async () => {
    const app = await lead();
    const res = await move(who.mover, [app.id_application], STATUS.CONTACTED);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const p of [who.school, who.colleague, who.allCampuses]) expect(await rowsOf(p.id_user)).toHaveLength(1);
    for (const id of [who.mover.id_user, who.a2.id_user, who.otherSchool.id_user, inactive])
      expect(await rowsOf(id)).toEqual([]);

    const page = await unread(who.school);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(1);
    expect(page.body.data[0]).toMatchObject({
      id_notification_settings_type: NOTIFICATION_TYPE.STATUS_CHANGE,
      id_application: app.id_application,
      correlative: app.correlative,
      count: 1,
      id_status: STATUS.CONTACTED,
      id_status_from: STATUS.LEAD,
      actorName: who.mover.name,
      form: null,
    });
    expect(page.body.data[0].applicantName).toMatch(/^Child\d+ Family\d+$/);
    expect(page.body.data[0].message).toBe(`An application moved to contacted by ${who.mover.name}`);
    // type and parts are stored, not only the English text
    const [stored] = await rowsOf(who.school.id_user);
    expect(stored.params).toEqual({ count: 1, id_status: STATUS.CONTACTED, id_status_from: STATUS.LEAD });
  });

  it('a bulk move makes one row per reader and target status, with the count', async () => {
    const apps = [await lead(), await lead(), await lead()];
    const res = await move(
      who.school,
      apps.map((a) => a.id_application),
      STATUS.CONTACTED,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await rowsOf(who.school.id_user)).toEqual([]);
    const rows = await rowsOf(who.mover.id_user);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id_application: null, params: { count: 3, id_status: STATUS.CONTACTED } });
    const page = await unread(who.mover);
    expect(page.body.data[0]).toMatchObject({ count: 3, id_application: null, applicantName: null });
    expect(page.body.data[0].message).toBe(`3 applications moved to contacted by ${who.school.name}`);
    // a Spanish reader gets the sentence in Spanish; the stored English stays as written
    const spanish = await call<NotificationPage>('GET', '/notification-settings/unread', {
      token: who.mover.token,
      headers: { 'accept-language': 'es' },
    });
    expect(spanish.body.data[0].message).toBe(`3 solicitudes pasaron a contacted por ${who.school.name}`);
    expect(rows[0].message).toBe(`3 applications moved to contacted by ${who.school.name}`);
  });

  it('a lottery-sized batch is one statement and one row per reader (10,000 moves)', async () => {
    const app = await lead();
    const moves = Array.from({ length: 10_000 }, () => ({
      id_application: app.id_application,
      id_campus: app.id_campus,
      from: STATUS.APPLIED,
      to: STATUS.OFFERED,
    }));
    const started = Date.now();
    await notifyMoves(ctx.db, moves, who.school.id_user);
    expect(Date.now() - started).toBeLessThan(5_000);
    const [{ n }] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(s.notification);
    // readers of A1: the mover, the colleague, the all-campuses user (the school user made it)
    expect(n).toBe(3);
    expect((await rowsOf(who.colleague.id_user))[0].params).toMatchObject({ count: 10_000 });
  });

  it('a scheduled or form move (no user) notifies every reader', async () => {
    const app = await lead();
    await notifyMoves(ctx.db, [{ id_application: app.id_application, id_campus: app.id_campus, from: 1, to: 2 }], null);
    const page = await unread(who.school);
    expect(page.body.data[0]).toMatchObject({ actorName: null, message: 'An application moved to contacted' });
    expect(await rowsOf(who.mover.id_user)).toHaveLength(1);
  });

  it('is written in the move transaction: a rollback leaves none', async () => {
    const app = await lead();
    await expect(
      ctx.db.transaction(async (tx) => {
        await notifyMoves(
          tx,
          [{ id_application: app.id_application, id_campus: app.id_campus, from: 1, to: 2 }],
          who.mover.id_user,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await ctx.db.select().from(s.notification)).toEqual([]);
  });

  it('a move refused for every application notifies no one', async () => {
    const app = await lead();
    await move(who.mover, [app.id_application], STATUS.LEAD);
    expect(await ctx.db.select().from(s.notification)).toEqual([]);
  });
});

describe('settings', () => {
  it('every type is on until switched off; the caller only changes its own', async () => {
    const before = await call<NotificationSettings>('GET', '/notification-settings', { token: who.school.token });
    expect(before.status).toBe(200);
    expect(before.body.settings).toEqual([
      { id_notification_settings_type: 1, name: 'status change', enabled: true },
      { id_notification_settings_type: 2, name: 'new application', enabled: true },
      { id_notification_settings_type: 4, name: 'form submission', enabled: true },
    ]);
    const saved = await setSettings(who.school, [{ id_notification_settings_type: 1, enabled: false }]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Saved.');
    expect(saved.body.data.settings.map((t) => t.enabled)).toEqual([false, true, true]);
    // a second save merges: status change stays off
    await setSettings(who.school, [{ id_notification_settings_type: 4, enabled: false }]);
    const after = await call<NotificationSettings>('GET', '/notification-settings', { token: who.school.token });
    expect(after.body.settings.map((t) => t.enabled)).toEqual([false, true, false]);
    const colleague = await call<NotificationSettings>('GET', '/notification-settings', {
      token: who.colleague.token,
    });
    expect(colleague.body.settings.every((t) => t.enabled)).toBe(true);
  });

  it('a type switched off creates none for that user; others still get theirs', async () => {
    await setSettings(who.school, [{ id_notification_settings_type: NOTIFICATION_TYPE.STATUS_CHANGE, enabled: false }]);
    const app = await lead();
    await move(who.mover, [app.id_application], STATUS.CONTACTED);
    expect(await rowsOf(who.school.id_user)).toEqual([]);
    expect(await rowsOf(who.colleague.id_user)).toHaveLength(1);
    // switched back on: notified again
    await setSettings(who.school, [{ id_notification_settings_type: NOTIFICATION_TYPE.STATUS_CHANGE, enabled: true }]);
    await move(who.mover, [app.id_application], STATUS.APPLIED);
    expect(await rowsOf(who.school.id_user)).toHaveLength(1);
  });

  it('refuses an unknown or silent type, and junk, with 400', async () => {
    for (const body of [
      { settings: [{ id_notification_settings_type: NOTIFICATION_TYPE.REMINDER, enabled: false }] },
      { settings: [{ id_notification_settings_type: 99, enabled: false }] },
      { settings: [{ id_notification_settings_type: 1, enabled: 'maybe' }] },
      { settings: 'all' },
    ]) {
      const res = await call('POST', '/notification-settings', { token: who.school.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await ctx.db.select().from(s.notificationSettings)).toEqual([]);
  });
});

describe('new applications and form submissions', () => {
  it('a lead typed in by staff notifies the others', async () => {
    const res = await call('POST', '/application', {
      token: who.school.token,
      body: {
        id_campus: period.id_campus,
        id_school_year: period.id_school_year,
        id_grade: 3,
        applicant: { firstName: 'Nora', lastName: 'Quintero', dateOfBirth: '2019-02-03' },
        guardian: { name: 'Ana Quintero', email: 'ana.quintero@example.org', phoneNumber: '+16025550111' },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await rowsOf(who.school.id_user)).toEqual([]);
    const page = await unread(who.colleague);
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0]).toMatchObject({
      id_notification_settings_type: NOTIFICATION_TYPE.NEW_APPLICATION,
      applicantName: 'Nora Quintero',
      actorName: who.school.name,
      message: `New application by ${who.school.name}`,
    });
    expect(await rowsOf(who.a2.id_user)).toEqual([]);
  });

  it('a form delivery: a new lead is a new application; a delivery about an application a form submission', async () => {
    const form = await call<{ data: { id_campus_form: number } }>('POST', '/campus-form', {
      token: who.school.token,
      body: {
        id_campus: period.id_campus,
        id_campus_year: period.id_campus_year,
        id_status_from: null,
        id_status_to: null,
        form_name: 'Spring application',
        form_id: 'TFN1',
        form_url: 'https://example.typeform.com/to/abc',
        is_application_form: true,
        id_form_type: FORM_PROVIDER.TYPEFORM,
        field_map: {},
      },
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    const id = form.body.data.id_campus_form;
    const secret = await call<{ data: { secret: string } }>('POST', `/campus-form/${id}/secret`, {
      token: who.school.token,
      body: {},
    });
    const deliver = async (token: string) => {
      const raw = JSON.stringify(typeformBody('TFN1', token));
      const mac = createHmac('sha256', secret.body.data.secret).update(raw).digest('base64');
      return call<{ status: string; id_application: number }>('POST', `/webhooks/typeform/${id}`, {
        rawBody: raw,
        headers: { 'typeform-signature': `sha256=${mac}` },
      });
    };
    const first = await deliver('tok-1');
    expect(first.body.status, JSON.stringify(first.body)).toBe('processed');
    const created = await unread(who.school);
    expect(created.body.data[0]).toMatchObject({
      id_notification_settings_type: NOTIFICATION_TYPE.NEW_APPLICATION,
      id_application: first.body.id_application,
      form: 'Spring application',
      actorName: null,
      message: 'New application from the form Spring application',
    });
    // the same child sends the form again: the existing application, a form submission
    const again = await deliver('tok-2');
    expect(again.body.id_application).toBe(first.body.id_application);
    const page = await unread(who.school);
    expect(page.body.total).toBe(2);
    expect(page.body.data[0]).toMatchObject({
      id_notification_settings_type: NOTIFICATION_TYPE.FORM_SUBMISSION,
      id_application: first.body.id_application,
      form: 'Spring application',
      message: 'Form Spring application submitted',
    });
    // switched off: the next delivery notifies this user of nothing
    await setSettings(who.school, [
      { id_notification_settings_type: NOTIFICATION_TYPE.FORM_SUBMISSION, enabled: false },
    ]);
    await deliver('tok-3');
    expect((await unread(who.school)).body.total).toBe(2);
    expect((await unread(who.colleague)).body.total).toBe(3);
  });
});

function typeformBody(form_id: string, token: string) {
  const questions = [
    { ref: 'first_name', title: "Student's first name", type: 'text', value: 'Pablo' },
    { ref: 'last_name', title: "Student's last name", type: 'text', value: 'Formas' },
    { ref: 'dob', title: 'Date of birth', type: 'date', value: '2019-03-04' },
    { ref: 'parent', title: 'Parent or guardian name', type: 'text', value: 'Rosa Formas' },
    { ref: 'parent_email', title: 'Parent e-mail', type: 'email', value: 'rosa.formas@example.org' },
  ];
  return {
    event_id: `ev-${token}`,
    event_type: 'form_response',
    form_response: {
      form_id,
      token,
      submitted_at: '2026-11-24T10:00:00Z',
      hidden: {},
      definition: {
        id: form_id,
        title: 'Apply',
        fields: questions.map((q, i) => ({ id: `f${i}`, title: q.title, type: q.type, ref: q.ref })),
      },
      answers: questions.map((q, i) => ({
        type: q.type,
        [q.type]: q.value,
        field: { id: `f${i}`, type: q.type, ref: q.ref },
      })),
    },
  };
}

describe('the unread list and marking read', () => {
  async function threeNotices() {
    const apps = [await lead(), await lead()];
    await move(who.mover, [apps[0].id_application], STATUS.CONTACTED);
    await move(who.mover, [apps[1].id_application], STATUS.CONTACTED);
    await move(who.mover, [apps[0].id_application], STATUS.APPLIED);
    return apps;
  }

  it('is newest first, paginated, with the unread total', async () => {
    const apps = await threeNotices();
    const first = await unread(who.school, '?page=0&pageSize=2');
    expect(first.body).toMatchObject({ total: 3, page: 0, pageSize: 2 });
    expect(first.body.data.map((r) => [r.id_application, r.id_status])).toEqual([
      [apps[0].id_application, STATUS.APPLIED],
      [apps[1].id_application, STATUS.CONTACTED],
    ]);
    const second = await unread(who.school, '?page=1&pageSize=2');
    expect(second.body.data.map((r) => r.id_status)).toEqual([STATUS.CONTACTED]);
    expect((await unread(who.school, '?pageSize=0')).status).toBe(400);
  });

  it('marks one read; another user cannot see or mark it', async () => {
    await threeNotices();
    const [newest] = (await unread(who.school)).body.data;
    const theirs = await call('POST', `/notification/${newest.id_notification}/read`, { token: who.colleague.token });
    expect(theirs.status).toBe(404);
    const other = await call('POST', `/notification/${newest.id_notification}/read`, { token: who.otherSchool.token });
    expect(other.status).toBe(404);
    expect((await unread(who.school)).body.total).toBe(3);
    expect(JSON.stringify((await unread(who.otherSchool)).body)).not.toContain(String(newest.id_notification));
    const mine = await call<MarkReadResponse>('POST', `/notification/${newest.id_notification}/read`, {
      token: who.school.token,
    });
    expect(mine.body).toEqual({ marked: 1, unread: 2 });
    // once read, marking again is a no-op
    const again = await call<MarkReadResponse>('POST', `/notification/${newest.id_notification}/read`, {
      token: who.school.token,
    });
    expect(again.body).toEqual({ marked: 0, unread: 2 });
  });

  it("marks an application's notifications read (opening it), only the caller's", async () => {
    const apps = await threeNotices();
    const res = await call<MarkReadResponse>('POST', `/notification/application/${apps[0].id_application}/read`, {
      token: who.school.token,
    });
    expect(res.body).toEqual({ marked: 2, unread: 1 });
    expect((await unread(who.colleague)).body.total).toBe(3);
    // an application the caller cannot see: 404
    const foreign = await createApplication(ctx.db, periodA2, {});
    const a2 = await call('POST', `/notification/application/${foreign.id_application}/read`, {
      token: who.colleague.token,
    });
    expect(a2.status).toBe(404);
  });

  it("marks all read, only the caller's", async () => {
    await threeNotices();
    const res = await call<MarkReadResponse>('POST', '/notification/read-all', { token: who.school.token });
    expect(res.body).toEqual({ marked: 3, unread: 0 });
    expect((await unread(who.school)).body).toMatchObject({ total: 0, data: [] });
    expect((await unread(who.colleague)).body.total).toBe(3);
    const read = await ctx.db
      .select()
      .from(s.notification)
      .where(and(eq(s.notification.id_user, who.school.id_user), eq(s.notification.read, true)));
    expect(read).toHaveLength(3);
  });

  it('a campus user stops seeing the names of a campus it no longer works at', async () => {
    const apps = await threeNotices();
    await ctx.db.update(s.user).set({ id_campus: periodA2.id_campus }).where(eq(s.user.id_user, who.colleague.id_user));
    try {
      const page = await unread(who.colleague);
      expect(page.body.total).toBe(0);
      expect(JSON.stringify(page.body)).not.toContain(String(apps[0].correlative));
    } finally {
      await ctx.db.update(s.user).set({ id_campus: period.id_campus }).where(eq(s.user.id_user, who.colleague.id_user));
    }
  });
});
