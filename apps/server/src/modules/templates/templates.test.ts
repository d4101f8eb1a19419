import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import type { CampusEmailRow, CampusTextMessageRow, TemplatePreview } from '@openseat/shared/schemas/communication';
import type { Page } from '@openseat/shared/schemas/pagination';
import * as s from '../../db/schema/index';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool } from '../../test/factories';
import { createCampusGrades, createPeriod, createRoleWith } from '../../test/enrollment-factories';
import { createApplication } from '../../test/application-factories';
import { tokenFor } from '../../test/session';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let campus: { id_school: number; id_campus: number };
let sister: { id_school: number; id_campus: number };
let foreign: { id_school: number; id_campus: number };
let application: { id_application: number };
let sisterApplication: { id_application: number };
const token = { school: '', other: '', noTab: '' };
type Refusal = { message: string; code: string; errors?: Array<{ path: string; message: string }> };
type Saved<T> = { message: string; data: T };

const emailBody = (over: Record<string, unknown> = {}) => ({
  id_campus: campus.id_campus,
  id_status_from: null,
  id_status_to: STATUS.OFFERED,
  name: 'Offer letter',
  subject: 'A seat for {{applicant_first_name}}',
  text: 'Dear {{guardian_name}}, {{applicant_first_name}} has a seat in {{grade}}. Color: {{favorite_color}}',
  html: '<p>Dear {{guardian_name}}, <b>{{applicant_first_name}}</b></p>',
  id_email_type: 1,
  lng: 'en',
  ...over,
});
const smsBody = (over: Record<string, unknown> = {}) => ({
  id_campus: campus.id_campus,
  id_status_from: STATUS.APPLIED,
  id_status_to: STATUS.OFFERED,
  name: 'Offer SMS',
  text: 'Hi {{guardian_name}}: {{applicant_first_name}} got a seat. {{form_url}}',
  id_text_message_type: 1,
  lng: 'en',
  ...over,
});

async function addReminder(c: { id_school: number; id_campus: number }, channels: Record<string, number | null>) {
  const [reminder] = await ctx.db
    .insert(s.reminder)
    .values({ id_school: c.id_school, id_status: STATUS.OFFERED, name: 'Nudge', periodicity: 3, ...channels })
    .returning();
  await ctx.db
    .insert(s.campusReminder)
    .values({ id_school: c.id_school, id_campus: c.id_campus, id_reminder: reminder.id_reminder });
  return reminder;
}

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  const school = await createSchool(ctx.db);
  const other = await createSchool(ctx.db);
  campus = await createCampus(ctx.db, school.id_school, 'Template Campus');
  sister = await createCampus(ctx.db, school.id_school, 'Sister Campus');
  foreign = await createCampus(ctx.db, other.id_school, 'Foreign Campus');
  for (const c of [campus, sister]) await createCampusGrades(ctx.db, c, [3]);
  const period = await createPeriod(ctx.db, campus, { grades: { 3: 10 } });
  const sisterPeriod = await createPeriod(ctx.db, sister, { grades: { 3: 10 } });
  application = await createApplication(ctx.db, period, { id_status: STATUS.APPLIED, firstName: '<b>x</b>' });
  sisterApplication = await createApplication(ctx.db, sisterPeriod, { id_status: STATUS.APPLIED });
  // the application has no guardian name: that field renders empty
  const [app] = await ctx.db
    .select({ id_applicant: s.application.id_applicant })
    .from(s.application)
    .where(eq(s.application.id_application, application.id_application));
  await ctx.db.update(s.applicant).set({ guardianName: null }).where(eq(s.applicant.id_applicant, app.id_applicant));
  await ctx.db.insert(s.formSubmission).values({
    id_school: campus.id_school,
    id_campus: campus.id_campus,
    id_form_type: 1,
    deliveryId: 'delivery-1',
    id_application: application.id_application,
    payload: {},
    answers: [{ question: 'favorite_color', answer: 'green & blue' }],
  });
  const noTabRole = await createRoleWith(ctx.db, CONTEXT_TYPE.CAMPUS, [['school_campus', 'access']]);
  token.school = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  token.other = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: other.id_school });
  token.noTab = await tokenFor(ctx, {
    context: CONTEXT_TYPE.CAMPUS,
    role: noTabRole.name,
    id_school: school.id_school,
    id_campus: campus.id_campus,
  });
});
afterAll(() => ctx?.close());

describe('e-mail templates', () => {
  let offer: CampusEmailRow;

  it('creates a template with its campus link, school from the campus, derived fields and an audit row', async () => {
    const res = await call<Saved<CampusEmailRow>>('POST', '/email/campus', {
      token: token.school,
      body: { ...emailBody(), id_school: 999 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    offer = res.body.data;
    expect(res.body.message).toBe('Created.');
    expect(offer).toMatchObject({
      id_campus: campus.id_campus,
      id_status_from: null,
      id_status_to: STATUS.OFFERED,
      email: { name: 'Offer letter', id_email_type: 1, lng: 'en', html: expect.stringContaining('<b>') },
    });
    expect(offer.email.fields.map((f) => [f.field_name, f.id_field_option, f.is_form])).toEqual([
      ['applicant_first_name', 1, false],
      ['guardian_name', 3, false],
      ['grade', 5, false],
      ['favorite_color', null, true],
    ]);
    const [row] = await ctx.db.select().from(s.email).where(eq(s.email.id_email, offer.email.id_email));
    expect(row.id_school).toBe(campus.id_school);
    const audit = await ctx.db
      .select()
      .from(s.auditLog)
      .where(
        and(eq(s.auditLog.action, 'email_template.create'), eq(s.auditLog.entityId, String(offer.id_campus_email))),
      );
    expect(audit).toHaveLength(1);
  });

  it('reads, updates (fields follow the new text) and lists by type and text', async () => {
    const got = await call<CampusEmailRow>('GET', `/email/campus/${offer.id_campus_email}`, { token: token.school });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(offer);

    const put = await call<Saved<CampusEmailRow>>('PUT', `/email/campus/${offer.id_campus_email}`, {
      token: token.school,
      body: emailBody({ subject: 'Welcome', text: 'See you in {{school_year}}', html: null, id_status_from: 3 }),
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.id_status_from).toBe(3);
    expect(put.body.data.email.html).toBeNull();
    expect(put.body.data.email.fields.map((f) => f.field_name)).toEqual(['school_year']);

    await call('POST', '/email/campus', {
      token: token.school,
      body: emailBody({ name: 'Monthly reminder', subject: 'Still waiting', id_email_type: 2, id_status_to: null }),
    });
    await call('POST', '/email/campus', {
      token: token.school,
      body: emailBody({ id_campus: sister.id_campus, name: 'Sister letter' }),
    });
    const names = async (query: string) => {
      const res = await call<Page<CampusEmailRow>>('GET', `/email/campus/all?${query}`, { token: token.school });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((r) => r.email.name);
    };
    expect(await names(`id_campus=${campus.id_campus}`)).toEqual(['Monthly reminder', 'Offer letter']);
    expect(await names(`id_campus=${campus.id_campus}&id_type=2`)).toEqual(['Monthly reminder']);
    expect(await names(`id_campus=${campus.id_campus}&text=WELCOME`)).toEqual(['Offer letter']);
    expect(await names(`id_campus=${campus.id_campus}&text=monthly`)).toEqual(['Monthly reminder']);
    expect(await names('')).toEqual(['Monthly reminder', 'Offer letter', 'Sister letter']);
  });

  it('refuses a status change without its move, from == to, unknown ids and a missing name', async () => {
    const refuse = async (body: Record<string, unknown>) => {
      const res = await call<Refusal>('POST', '/email/campus', { token: token.school, body });
      expect(res.status).toBe(400);
      return res.body;
    };
    expect((await refuse(emailBody({ id_status_to: null }))).message).toBe(
      'A status change template needs the status it is sent on (to).',
    );
    expect((await refuse(emailBody({ id_status_from: STATUS.OFFERED }))).message).toBe(
      'The statuses from and to must be different.',
    );
    expect((await refuse(emailBody({ id_status_to: 12 }))).errors).toContainEqual({
      path: 'id_status_to',
      message: 'Invalid value.',
    });
    expect((await refuse(emailBody({ id_email_type: 4 }))).errors).toContainEqual({
      path: 'id_email_type',
      message: 'Invalid value.',
    });
    expect((await refuse(emailBody({ name: '' }))).errors).toContainEqual({ path: 'name', message: 'Required field.' });
    const count = await ctx.db.select().from(s.email);
    expect(count).toHaveLength(3);
  });

  it("answers 404 for another school's template and campus, and 403 without the tab permission", async () => {
    const id = offer.id_campus_email;
    expect((await call('GET', `/email/campus/${id}`, { token: token.other })).status).toBe(404);
    expect((await call('PUT', `/email/campus/${id}`, { token: token.other, body: emailBody() })).status).toBe(404);
    expect((await call('DELETE', `/email/campus/${id}`, { token: token.other })).status).toBe(404);
    const list = await call<Page<CampusEmailRow>>('GET', '/email/campus/all', { token: token.other });
    expect(list.body.data).toEqual([]);
    const planted = await call('POST', '/email/campus', {
      token: token.school,
      body: emailBody({ id_campus: foreign.id_campus }),
    });
    expect(planted.status).toBe(404);
    expect((await call('GET', `/email/campus/${id}`, { token: token.noTab })).status).toBe(403);
  });

  it("refuses to delete a reminder's only template (409); with another channel the reminder keeps it", async () => {
    const only = await addReminder(campus, { id_campus_email: offer.id_campus_email });
    const refused = await call<Refusal>('DELETE', `/email/campus/${offer.id_campus_email}`, { token: token.school });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A reminder uses this template: change the reminder first.');

    const sms = await call<Saved<CampusTextMessageRow>>('POST', '/sms/campus', {
      token: token.school,
      body: smsBody(),
    });
    await ctx.db
      .update(s.reminder)
      .set({ id_campus_text_message: sms.body.data.id_campus_text_message })
      .where(eq(s.reminder.id_reminder, only.id_reminder));
    const deleted = await call<{ message: string }>('DELETE', `/email/campus/${offer.id_campus_email}`, {
      token: token.school,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const [reminder] = await ctx.db.select().from(s.reminder).where(eq(s.reminder.id_reminder, only.id_reminder));
    expect(reminder.id_campus_email).toBeNull();
    expect(reminder.id_campus_text_message).toBe(sms.body.data.id_campus_text_message);
    expect(await ctx.db.select().from(s.email).where(eq(s.email.id_email, offer.email.id_email))).toEqual([]);
    expect(await ctx.db.select().from(s.emailField).where(eq(s.emailField.id_email, offer.email.id_email))).toEqual([]);
    expect((await call('GET', `/email/campus/${offer.id_campus_email}`, { token: token.school })).status).toBe(404);
  });
});

describe('SMS templates', () => {
  let sms: CampusTextMessageRow;

  it('creates, reads, updates and deletes with derived fields', async () => {
    const res = await call<Saved<CampusTextMessageRow>>('POST', '/sms/campus', {
      token: token.school,
      body: smsBody({ name: 'Seat SMS', text: 'Hola {{applicant_first_name}} {{shirt_size}}', lng: 'es' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    sms = res.body.data;
    expect(sms).toMatchObject({
      id_campus: campus.id_campus,
      id_status_from: STATUS.APPLIED,
      id_status_to: STATUS.OFFERED,
      text_message: { name: 'Seat SMS', lng: 'es', id_text_message_type: 1 },
    });
    expect(sms.text_message.fields.map((f) => [f.field_name, f.id_field_option, f.is_form])).toEqual([
      ['applicant_first_name', 1, false],
      ['shirt_size', null, true],
    ]);
    const got = await call<CampusTextMessageRow>('GET', `/sms/campus/${sms.id_campus_text_message}`, {
      token: token.school,
    });
    expect(got.body).toEqual(sms);
    const put = await call<Saved<CampusTextMessageRow>>('PUT', `/sms/campus/${sms.id_campus_text_message}`, {
      token: token.school,
      body: smsBody({ name: 'Seat SMS', text: 'Plain text', id_text_message_type: 3, id_status_to: null }),
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.text_message.fields).toEqual([]);
    expect(put.body.data.text_message.id_text_message_type).toBe(3);
  });

  it('lists a campus by type and text, scoped to the caller', async () => {
    const names = async (id_campus: number, query = '', t = token.school) => {
      const res = await call<Page<CampusTextMessageRow>>('GET', `/sms/campus/all/${id_campus}?${query}`, { token: t });
      return res.status === 200 ? res.body.data.map((r) => r.text_message.name) : res.status;
    };
    expect(await names(campus.id_campus)).toEqual(['Offer SMS', 'Seat SMS']);
    expect(await names(campus.id_campus, 'id_type=3')).toEqual(['Seat SMS']);
    expect(await names(campus.id_campus, 'text=got a SEAT')).toEqual(['Offer SMS']);
    expect(await names(sister.id_campus)).toEqual([]);
    expect(await names(campus.id_campus, '', token.other)).toBe(404);
    expect(await names(foreign.id_campus)).toBe(404);
    expect(await names(campus.id_campus, '', token.noTab)).toBe(403);
  });

  it('applies the same rules, 404 for another school, and refuses deleting a reminder-only template', async () => {
    const refuse = async (body: Record<string, unknown>) =>
      (await call<Refusal>('POST', '/sms/campus', { token: token.school, body })).body.message;
    expect(await refuse(smsBody({ id_status_to: null }))).toBe(
      'A status change template needs the status it is sent on (to).',
    );
    expect(await refuse(smsBody({ id_status_from: STATUS.OFFERED }))).toBe(
      'The statuses from and to must be different.',
    );
    const empty = await call<Refusal>('POST', '/sms/campus', { token: token.school, body: smsBody({ text: '  ' }) });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toContainEqual({ path: 'text', message: 'Required field.' });

    const id = sms.id_campus_text_message;
    expect((await call('GET', `/sms/campus/${id}`, { token: token.other })).status).toBe(404);
    expect((await call('DELETE', `/sms/campus/${id}`, { token: token.other })).status).toBe(404);
    const moved = await call<Refusal>('PUT', `/sms/campus/${id}`, {
      token: token.school,
      body: smsBody({ id_campus: sister.id_campus }),
    });
    expect(moved.status).toBe(400);

    await addReminder(campus, { id_campus_text_message: id });
    const refused = await call<Refusal>('DELETE', `/sms/campus/${id}`, { token: token.school });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A reminder uses this template: change the reminder first.');
    const spare = await call<Saved<CampusTextMessageRow>>('POST', '/sms/campus', {
      token: token.school,
      body: smsBody({ name: 'Spare' }),
    });
    const gone = await call('DELETE', `/sms/campus/${spare.body.data.id_campus_text_message}`, { token: token.school });
    expect(gone.status).toBe(200);
  });
});

describe('preview', () => {
  it('renders merge fields and form answers, empty for a missing value, escaped in HTML, unknown fields listed', async () => {
    const res = await call<TemplatePreview>('POST', '/email/campus/preview', {
      token: token.school,
      body: {
        id_campus: campus.id_campus,
        id_application: application.id_application,
        subject: 'Seat for {{applicant_first_name}}',
        text: 'Dear {{guardian_name}}, {{applicant_first_name}} ({{campus_name}}) likes {{favorite_color}}{{nope}}.',
        html: '<p>{{applicant_first_name}} & {{favorite_color}}</p>',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      subject: 'Seat for <b>x</b>',
      text: 'Dear , <b>x</b> (Template Campus) likes green & blue.',
      html: '<p>&lt;b&gt;x&lt;/b&gt; & green &amp; blue</p>',
      unknownFields: ['nope'],
    });
    expect(res.body.segments.encoding).toBe('GSM-7');
  });

  it('shows the portal link as long as a family gets it, with no sign-in behind it, and counts it', async () => {
    const res = await call<TemplatePreview>('POST', '/sms/campus/preview', {
      token: token.school,
      body: {
        id_campus: campus.id_campus,
        id_application: application.id_application,
        text: 'Answer: {{portal_link}}',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const link = `${ctx.baseUrl}/family/link/${'X'.repeat(43)}?to=${application.id_application}`;
    expect(res.body.text).toBe(`Answer: ${link}`);
    expect(res.body.segments.units).toBe(`Answer: ${link}`.length);
    const signIns = await ctx.db.select().from(s.guardianSignIn);
    expect(signIns).toEqual([]);
  });

  it('renders an SMS with its segments, and refuses an application of another campus or school', async () => {
    const res = await call<TemplatePreview>('POST', '/sms/campus/preview', {
      token: token.school,
      body: {
        id_campus: campus.id_campus,
        id_application: application.id_application,
        text: 'Hola {{applicant_first_name}}, ¿está {{campus_name}}? {{x_y}}',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      subject: null,
      html: null,
      text: 'Hola <b>x</b>, ¿está Template Campus? ',
      unknownFields: ['x_y'],
      segments: { encoding: 'UCS-2', segments: 1, nonGsm: ['á'] },
    });
    const elsewhere = await call('POST', '/sms/campus/preview', {
      token: token.school,
      body: { id_campus: campus.id_campus, id_application: sisterApplication.id_application, text: 'x' },
    });
    expect(elsewhere.status).toBe(404);
    const otherSchool = await call('POST', '/email/campus/preview', {
      token: token.other,
      body: { id_campus: campus.id_campus, id_application: application.id_application, text: 'x' },
    });
    expect(otherSchool.status).toBe(404);
  });
});

describe('the templates a move sends (language rule, docs/api-templates.md)', () => {
  it("queues the guardian's language's templates bound to the move, else the English ones", async () => {
    const c = await createCampus(ctx.db, campus.id_school, 'Language Campus');
    await createCampusGrades(ctx.db, c, [3]);
    const period = await createPeriod(ctx.db, c, { state: 'started', grades: { 3: 10 } });
    const spanish = await createApplication(ctx.db, period, {
      firstName: 'Lucía',
      guardianPhoneNumber: '+14805550100',
    });
    const english = await createApplication(ctx.db, period, { firstName: 'Liam', guardianPhoneNumber: '+14805550101' });
    const [row] = await ctx.db
      .select({ id_applicant: s.application.id_applicant })
      .from(s.application)
      .where(eq(s.application.id_application, spanish.id_application));
    await ctx.db
      .update(s.applicant)
      .set({ guardianLanguage: 'es' })
      .where(eq(s.applicant.id_applicant, row.id_applicant));
    const bound = { id_campus: c.id_campus, id_status_from: null, id_status_to: STATUS.CONTACTED, html: null };
    for (const body of [
      emailBody({ ...bound, name: 'Contacted en', subject: 'Hello {{applicant_first_name}}', lng: 'en' }),
      emailBody({ ...bound, name: 'Contacted es', subject: 'Hola {{applicant_first_name}}', lng: 'es' }),
      // bound to another move: never sent by this one
      emailBody({ ...bound, id_status_from: STATUS.APPLIED, name: 'From applied', subject: 'Not this one' }),
    ])
      expect((await call('POST', '/email/campus', { token: token.school, body })).status).toBe(200);
    const sms = await call('POST', '/sms/campus', {
      token: token.school,
      body: smsBody({ ...bound, name: 'Contacted SMS', text: 'Hi {{applicant_first_name}}', lng: 'en' }),
    });
    expect(sms.status, JSON.stringify(sms.body)).toBe(200);

    const move = await call('PUT', '/application/status', {
      token: token.school,
      body: { applicationIds: [spanish.id_application, english.id_application], id_status: STATUS.CONTACTED },
    });
    expect(move.status, JSON.stringify(move.body)).toBe(200);
    const sent = async (id_application: number) =>
      (
        await ctx.db
          .select({ channel: s.messageOutbox.channel, subject: s.messageOutbox.subject, body: s.messageOutbox.body })
          .from(s.messageOutbox)
          .where(eq(s.messageOutbox.id_application, id_application))
      )
        .map((m) => `${m.channel}: ${m.subject ?? m.body}`)
        .sort();
    expect(await sent(spanish.id_application)).toEqual(['email: Hola Lucía', 'sms: Hi Lucía']);
    expect(await sent(english.id_application)).toEqual(['email: Hello Liam', 'sms: Hi Liam']);
  });
});

describe('templates in the family languages', () => {
  it('writes templates in any of the six family languages, and refuses another with 400', async () => {
    const arabic = await call<Saved<CampusEmailRow>>('POST', '/email/campus', {
      token: token.school,
      body: emailBody({
        id_campus: sister.id_campus,
        name: 'عرض مقعد',
        subject: 'مقعد لـ {{applicant_first_name}}',
        lng: 'ar',
      }),
    });
    expect(arabic.status, JSON.stringify(arabic.body)).toBe(200);
    expect(arabic.body.data.email.lng).toBe('ar');
    const got = await call<CampusEmailRow>('GET', `/email/campus/${arabic.body.data.id_campus_email}`, {
      token: token.school,
    });
    expect(got.body.email).toMatchObject({ name: 'عرض مقعد', lng: 'ar' });
    const vietnamese = await call<Saved<CampusTextMessageRow>>('POST', '/sms/campus', {
      token: token.school,
      body: smsBody({ id_campus: sister.id_campus, name: 'Chỗ học', text: 'Chào {{guardian_name}}', lng: 'vi' }),
    });
    expect(vietnamese.status, JSON.stringify(vietnamese.body)).toBe(200);
    expect(vietnamese.body.data.text_message.lng).toBe('vi');

    const before = (await ctx.db.select().from(s.email)).length;
    for (const [path, body] of [
      ['/email/campus', emailBody({ id_campus: sister.id_campus, lng: 'xx' })],
      ['/sms/campus', smsBody({ id_campus: sister.id_campus, lng: 'xx' })],
      [`/email/campus/${arabic.body.data.id_campus_email}`, emailBody({ id_campus: sister.id_campus, lng: 'fr' })],
    ] as const) {
      const res = await call<Refusal>(path.endsWith('campus') ? 'POST' : 'PUT', path, { token: token.school, body });
      expect(res.status, path).toBe(400);
      expect(res.body.errors).toContainEqual({ path: 'lng', message: 'Invalid value.' });
    }
    expect(await ctx.db.select().from(s.email)).toHaveLength(before);
    const [stored] = await ctx.db
      .select({ lng: s.email.lng })
      .from(s.email)
      .where(eq(s.email.id_email, arabic.body.data.email.id_email));
    expect(stored.lng).toBe('ar');
  });

  it("previews the offer's deadline in the template's language", async () => {
    const [period] = await ctx.db.select().from(s.campusYear).where(eq(s.campusYear.id_campus, campus.id_campus));
    const offered = await createApplication(ctx.db, period, { id_status: STATUS.OFFERED });
    await ctx.db
      .update(s.application)
      .set({ offer_expires_at: new Date('2026-12-03T00:00:00Z') })
      .where(eq(s.application.id_application, offered.id_application));
    const preview = async (lng?: string) => {
      const res = await call<TemplatePreview>('POST', '/sms/campus/preview', {
        token: token.school,
        body: {
          id_campus: campus.id_campus,
          id_application: offered.id_application,
          text: '{{acceptance_deadline}}',
          lng,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.text;
    };
    // the school's zone (New York by default); without a language, the family's (English here)
    expect(await preview()).toBe('December 2, 2026 at 7:00 PM EST');
    expect(await preview('vi')).toBe('19:00 ngày 2 tháng 12 năm 2026 EST');
    expect(await preview('ht')).toBe('2 desanm 2026 a 19:00 EST');
  });
});
