import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MOVEMENT_TYPE } from '@openseat/shared/application-status';
import { CONTEXT_TYPE, FORM_PROVIDER, STATUS } from '@openseat/shared/constants';
import { MESSAGE_TYPE } from '@openseat/shared/communication';
import * as s from '../../db/schema/index';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool } from '../../test/factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { applicationRow, createApplication, historyOf } from '../../test/application-factories';
import { tokenFor } from '../../test/session';
import { mapFields, readTypeform } from './forms.payloads';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let tokenA: string;
let tokenB: string;
let campusA: { id_school: number; id_campus: number };
let campusB: { id_school: number; id_campus: number };
let periodA: Awaited<ReturnType<typeof createPeriod>>;
let periodB: Awaited<ReturnType<typeof createPeriod>>;

type FormRow = { id_campus_form: number; webhookUrl: string; hasSecret: boolean; is_application_form: boolean };

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  const schoolA = await createSchool(ctx.db, 'Forms Academy');
  const schoolB = await createSchool(ctx.db, 'Other Forms School');
  campusA = await createCampus(ctx.db, schoolA.id_school, 'Forms North');
  campusB = await createCampus(ctx.db, schoolB.id_school, 'Other Campus');
  await createCampusGrades(ctx.db, campusA, [3]);
  await createCampusGrades(ctx.db, campusB, [3]);
  periodA = await createPeriod(ctx.db, campusA, { state: 'started', grades: { 3: 5 } });
  periodB = await createPeriod(ctx.db, campusB, { state: 'started', grades: { 3: 5 } });
  tokenA = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolA.id_school });
  tokenB = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolB.id_school });
});
afterAll(() => ctx?.close());

let formCounter = 0;
const formBody = (over: Record<string, unknown> = {}) => ({
  id_campus: campusA.id_campus,
  id_campus_year: periodA.id_campus_year,
  id_status_from: null,
  id_status_to: null,
  form_name: `Form ${++formCounter}`,
  form_id: `TF${formCounter}`,
  form_url: 'https://example.typeform.com/to/abc',
  is_application_form: false,
  id_form_type: FORM_PROVIDER.TYPEFORM,
  field_map: {},
  ...over,
});

async function createForm(over: Record<string, unknown> = {}) {
  const res = await call<{ data: FormRow & { form_id: string } }>('POST', '/campus-form', {
    token: tokenA,
    body: formBody(over),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const secret = await call<{ data: { secret: string } }>(
    'POST',
    `/campus-form/${res.body.data.id_campus_form}/secret`,
    {
      token: tokenA,
      body: {},
    },
  );
  expect(secret.status).toBe(200);
  return { ...res.body.data, secret: secret.body.data.secret };
}

const sign = (secret: string, raw: string) => `sha256=${createHmac('sha256', secret).update(raw).digest('base64')}`;

type Q = { ref: string; title: string; type: string; value: unknown };
let tokenCounter = 0;
function typeformBody(form_id: string, questions: Q[], hidden: Record<string, string> = {}, token?: string) {
  return {
    event_id: `ev-${++tokenCounter}`,
    event_type: 'form_response',
    form_response: {
      form_id,
      token: token ?? `tok-${tokenCounter}-${Math.random().toString(36).slice(2)}`,
      submitted_at: '2026-11-24T10:00:00Z',
      hidden,
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

const leadQuestions = (first: string, last: string, email: string): Q[] => [
  { ref: 'first_name', title: "Student's first name", type: 'text', value: first },
  { ref: 'last_name', title: "Student's last name", type: 'text', value: last },
  { ref: 'dob', title: 'Date of birth', type: 'date', value: '2019-03-04' },
  { ref: 'parent', title: 'Parent or guardian name', type: 'text', value: 'Rosa Parent' },
  { ref: 'parent_email', title: 'Parent e-mail', type: 'email', value: email },
  { ref: 'grade', title: 'Grade', type: 'choice', value: { label: 'unknown grade' } },
  { ref: 'how', title: 'How did you hear about us?', type: 'choices', value: { labels: ['Friends', 'Web'] } },
];

async function postTypeform(id: number, secret: string, body: unknown, signature?: string) {
  const raw = JSON.stringify(body);
  return call<{ status: string; id_application: number | null; id_form_submission: number | null }>(
    'POST',
    `/webhooks/typeform/${id}`,
    { rawBody: raw, headers: { 'typeform-signature': signature ?? sign(secret, raw) } },
  );
}

async function counts() {
  const [row] = (
    await ctx.database.executeSql(
      `SELECT (SELECT count(*) FROM form_submission)::int AS submissions, (SELECT count(*) FROM application)::int AS
       applications, (SELECT count(*) FROM applicant)::int AS applicants`,
    )
  ).rows as Array<{ submissions: number; applications: number; applicants: number }>;
  return row;
}

describe('forms of a campus', () => {
  it('creates, reads, updates, lists and deletes a form; another school gets 404', async () => {
    const created = await call<{ data: FormRow & { form_name: string } }>('POST', '/campus-form', {
      token: tokenA,
      body: formBody({ field_map: { 'Nombre del niño': 'first_name' } }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const form = created.body.data;
    expect(form.webhookUrl).toBe(`${ctx.baseUrl}/api/webhooks/typeform/${form.id_campus_form}`);
    expect(form.hasSecret).toBe(false);

    const list = await call<FormRow[]>('GET', `/campus-form?id_campus=${campusA.id_campus}`, { token: tokenA });
    expect(list.body.map((f) => f.id_campus_form)).toContain(form.id_campus_form);

    const updated = await call<{ data: { form_name: string; field_map: Record<string, string> } }>(
      'PUT',
      `/campus-form/${form.id_campus_form}`,
      { token: tokenA, body: formBody({ form_name: 'Renamed', form_id: 'TF-renamed' }) },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data.form_name).toBe('Renamed');

    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', formBody({ form_name: 'Hijacked', form_id: 'TF-x' })],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/campus-form/${form.id_campus_form}`, { token: tokenB, body });
      expect(res.status, method).toBe(404);
    }
    const foreignList = await call('GET', `/campus-form?id_campus=${campusA.id_campus}`, { token: tokenB });
    expect(foreignList.status).toBe(404);
    const foreignSecret = await call('POST', `/campus-form/${form.id_campus_form}/secret`, { token: tokenB, body: {} });
    expect(foreignSecret.status).toBe(404);

    const secret = await call<{ data: { secret: string } }>('POST', `/campus-form/${form.id_campus_form}/secret`, {
      token: tokenA,
      body: {},
    });
    expect(secret.body.data.secret.length).toBeGreaterThan(20);
    const after = await call<FormRow>('GET', `/campus-form/${form.id_campus_form}`, { token: tokenA });
    expect(after.body.hasSecret).toBe(true);
    expect(JSON.stringify(after.body)).not.toContain(secret.body.data.secret);

    const deleted = await call('DELETE', `/campus-form/${form.id_campus_form}`, { token: tokenA });
    expect(deleted.status).toBe(200);
    expect((await call('GET', `/campus-form/${form.id_campus_form}`, { token: tokenA })).status).toBe(404);
  });

  it('refuses bad input: missing name, a period of another campus, a taken form id, an unknown field', async () => {
    const missing = await call('POST', '/campus-form', { token: tokenA, body: formBody({ form_name: '' }) });
    expect(missing.status).toBe(400);
    const foreignPeriod = await call('POST', '/campus-form', {
      token: tokenA,
      body: formBody({ id_campus_year: periodB.id_campus_year }),
    });
    expect(foreignPeriod.status).toBe(400);
    const badField = await call('POST', '/campus-form', {
      token: tokenA,
      body: formBody({ field_map: { q: 'salary' } }),
    });
    expect(badField.status).toBe(400);
    const first = await createForm({ form_id: 'SAME-ID' });
    const taken = await call<{ message: string }>('POST', '/campus-form', {
      token: tokenA,
      body: formBody({ form_id: 'SAME-ID' }),
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This form is already connected to this campus.');
    const foreignCampus = await call('POST', '/campus-form', {
      token: tokenA,
      body: formBody({ id_campus: campusB.id_campus, id_campus_year: periodB.id_campus_year }),
    });
    expect(foreignCampus.status).toBe(404);
    await call('DELETE', `/campus-form/${first.id_campus_form}`, { token: tokenA });
  });

  it('keeps one application form per campus and period: the newest wins', async () => {
    const older = await createForm({ is_application_form: true });
    const newer = await createForm({ is_application_form: true });
    const list = await call<FormRow[]>('GET', `/campus-form?id_campus=${campusA.id_campus}`, { token: tokenA });
    const flags = Object.fromEntries(list.body.map((f) => [f.id_campus_form, f.is_application_form]));
    expect(flags[older.id_campus_form]).toBe(false);
    expect(flags[newer.id_campus_form]).toBe(true);
    await call('DELETE', `/campus-form/${older.id_campus_form}`, { token: tokenA });
    await call('DELETE', `/campus-form/${newer.id_campus_form}`, { token: tokenA });
  });
});

describe('Typeform deliveries', () => {
  it('refuses a bad or missing signature with 401 and writes nothing', async () => {
    const form = await createForm({ is_application_form: true });
    const body = typeformBody(form.form_id, leadQuestions('Nadie', 'Escrito', 'nobody@example.org'));
    const before = await counts();
    const bad = await postTypeform(form.id_campus_form, form.secret, body, sign('wrong-secret', JSON.stringify(body)));
    expect(bad.status).toBe(401);
    expect((bad.body as unknown as { message: string }).message).toBe('The signature of the delivery is not valid.');
    const raw = JSON.stringify(body);
    const none = await call('POST', `/webhooks/typeform/${form.id_campus_form}`, { rawBody: raw });
    expect(none.status).toBe(401);
    // signed over other bytes (same JSON, other spacing): the raw body is what is signed
    const respaced = await call('POST', `/webhooks/typeform/${form.id_campus_form}`, {
      rawBody: JSON.stringify(body, null, 2),
      headers: { 'typeform-signature': sign(form.secret, raw) },
    });
    expect(respaced.status).toBe(401);
    expect(await counts()).toEqual(before);
    // a form without a secret accepts nothing
    const bare = await call<{ data: FormRow }>('POST', '/campus-form', { token: tokenA, body: formBody() });
    const unsigned = await postTypeform(bare.body.data.id_campus_form, 'any', body);
    expect(unsigned.status).toBe(401);
    expect(await counts()).toEqual(before);
    expect((await postTypeform(2_000_000, form.secret, body)).status).toBe(404);
    // positive control
    expect((await postTypeform(form.id_campus_form, form.secret, body)).status).toBe(200);
    await call('DELETE', `/campus-form/${form.id_campus_form}`, { token: tokenA });
    await call('DELETE', `/campus-form/${bare.body.data.id_campus_form}`, { token: tokenA });
  });

  it('turns an application-form delivery into one unread lead, once, whatever the redeliveries', async () => {
    const form = await createForm({ is_application_form: true });
    const body = typeformBody(
      form.form_id,
      leadQuestions('Lucía', 'Pérez', 'lucia.parent@example.org'),
      {},
      'tok-once',
    );
    const before = await counts();
    const first = await postTypeform(form.id_campus_form, form.secret, body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.status).toBe('processed');
    const again = await postTypeform(form.id_campus_form, form.secret, body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'duplicate', id_application: first.body.id_application });
    expect(await counts()).toEqual({
      submissions: before.submissions + 1,
      applications: before.applications + 1,
      applicants: before.applicants + 1,
    });
    const app = await applicationRow(ctx.db, first.body.id_application!);
    expect(app.read).toBe(false);
    expect(app.id_status).toBe(STATUS.LEAD);
    const [applicant] = await ctx.db.select().from(s.applicant).where(eq(s.applicant.id_applicant, app.id_applicant));
    expect(applicant).toMatchObject({
      firstName: 'Lucía',
      lastName: 'Pérez',
      dateOfBirth: '2019-03-04',
      guardianName: 'Rosa Parent',
      guardianEmail: 'lucia.parent@example.org',
    });
    // another delivery of the same child (new token) is attached to the same application
    const dup = typeformBody(form.form_id, leadQuestions('lucía', 'pérez', 'lucia.parent@example.org'));
    const attached = await postTypeform(form.id_campus_form, form.secret, dup);
    expect(attached.body).toMatchObject({ status: 'processed', id_application: first.body.id_application });
    expect((await counts()).applications).toBe(before.applications + 1);

    const detail = await call<Array<{ answers: Array<{ question: string; answer: string }>; form_name: string }>>(
      'GET',
      `/application/${first.body.id_application}/submissions`,
      { token: tokenA },
    );
    expect(detail.status).toBe(200);
    expect(detail.body).toHaveLength(2);
    expect(detail.body[0].answers[0]).toEqual({ question: "Student's first name", answer: 'Lucía' });
    expect(detail.body[0].answers.at(-1)).toEqual({ question: 'How did you hear about us?', answer: 'Friends, Web' });
    const foreign = await call('GET', `/application/${first.body.id_application}/submissions`, { token: tokenB });
    expect(foreign.status).toBe(404);
    await call('DELETE', `/campus-form/${form.id_campus_form}`, { token: tokenA });
  });

  it('keeps an unmappable delivery for review, answers 200, and creates nothing', async () => {
    const form = await createForm({ is_application_form: true });
    const before = await counts();
    const body = typeformBody(form.form_id, [{ ref: 'q1', title: 'Favourite colour', type: 'text', value: 'blue' }]);
    const res = await postTypeform(form.id_campus_form, form.secret, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'needs_review', id_application: null });
    expect(await counts()).toEqual({ ...before, submissions: before.submissions + 1 });
    const review = await call<{
      data: Array<{ id_form_submission: number; error: string; answers: unknown[] }>;
      total: number;
      totalExact: boolean;
    }>('GET', `/campus-form/submissions?id_campus=${campusA.id_campus}&status=needs_review`, { token: tokenA });
    // a few submissions: counted exactly (the count stops only past LIST_TOTAL_BOUND)
    expect(review.body).toMatchObject({ total: review.body.data.length, totalExact: true });
    const kept = review.body.data.find((r) => r.id_form_submission === res.body.id_form_submission);
    expect(kept?.error).toBe('No first and last name of the student in the answers.');
    const spanish = await call<{ data: Array<{ id_form_submission: number; error: string }> }>(
      'GET',
      `/campus-form/submissions?id_campus=${campusA.id_campus}&status=needs_review`,
      { token: tokenA, headers: { 'accept-language': 'es' } },
    );
    expect(spanish.body.data.find((r) => r.id_form_submission === res.body.id_form_submission)?.error).toBe(
      'Las respuestas no tienen nombre y apellido del estudiante.',
    );
    expect(kept?.answers).toEqual([{ question: 'Favourite colour', answer: 'blue' }]);
    const foreign = await call('GET', `/campus-form/submissions?id_campus=${campusA.id_campus}`, { token: tokenB });
    expect(foreign.status).toBe(404);
    await call('DELETE', `/campus-form/${form.id_campus_form}`, { token: tokenA });
  });

  it('moves the matched application from -> to through the pipeline, with history and a queued message', async () => {
    const form = await createForm({ id_status_from: STATUS.LEAD, id_status_to: STATUS.CONTACTED });
    const app = await createApplication(ctx.db, periodA, { guardianEmail: 'mover@example.org', read: true });
    const [email] = await ctx.db
      .insert(s.email)
      .values({
        id_school: campusA.id_school,
        name: 'Contacted',
        subject: 'We got your form',
        text: 'Hello {{guardian_name}}',
        id_email_type: MESSAGE_TYPE.STATUS_CHANGE,
      })
      .returning();
    await ctx.db.insert(s.campusEmail).values({
      id_school: campusA.id_school,
      id_campus: campusA.id_campus,
      id_status_from: STATUS.LEAD,
      id_status_to: STATUS.CONTACTED,
      id_email: email.id_email,
    });
    const body = typeformBody(form.form_id, [{ ref: 'extra', title: 'Anything else?', type: 'text', value: 'No' }], {
      id_application: String(app.id_application),
    });
    const res = await postTypeform(form.id_campus_form, form.secret, body);
    expect(res.body).toMatchObject({ status: 'processed', id_application: app.id_application });
    const row = await applicationRow(ctx.db, app.id_application);
    expect(row.id_status).toBe(STATUS.CONTACTED);
    expect(row.read).toBe(false);
    const history = await historyOf(ctx.db, app.id_application);
    expect(history.at(-1)).toMatchObject({ id_status: STATUS.CONTACTED, id_status_from: STATUS.LEAD });
    const [moveRow] = await ctx.db
      .select()
      .from(s.applicationStatus)
      .where(
        and(
          eq(s.applicationStatus.id_application, app.id_application),
          eq(s.applicationStatus.id_status, STATUS.CONTACTED),
        ),
      );
    expect(moveRow.id_status_movement_type).toBe(MOVEMENT_TYPE.AUTOMATIC);
    const messages = await ctx.db
      .select()
      .from(s.messageOutbox)
      .where(eq(s.messageOutbox.id_application, app.id_application));
    expect(messages).toHaveLength(1);
    expect(messages[0].recipient).toBe('mover@example.org');

    // by the guardian's e-mail; not in `from` any more: kept for review with the reason, nothing moved
    const again = typeformBody(form.form_id, [
      { ref: 'email', title: 'Email', type: 'email', value: 'MOVER@example.org' },
    ]);
    const refused = await postTypeform(form.id_campus_form, form.secret, again);
    expect(refused.body).toMatchObject({ status: 'needs_review', id_application: app.id_application });
    const [kept] = await ctx.db
      .select()
      .from(s.formSubmission)
      .where(eq(s.formSubmission.id_form_submission, refused.body.id_form_submission!));
    expect(kept.error).toBe('submissionNotInFrom');
    expect((await applicationRow(ctx.db, app.id_application)).id_status).toBe(STATUS.CONTACTED);
    expect(
      await ctx.db.select().from(s.messageOutbox).where(eq(s.messageOutbox.id_application, app.id_application)),
    ).toHaveLength(1);
    await call('DELETE', `/campus-form/${form.id_campus_form}`, { token: tokenA });
  });
});

describe('Google Forms deliveries', () => {
  it('creates a lead from a signed Apps Script post and refuses an unsigned one', async () => {
    const form = await createForm({
      is_application_form: true,
      id_form_type: FORM_PROVIDER.GOOGLE_FORMS,
      form_id: 'GF-1',
    });
    expect(form.webhookUrl).toBe(`${ctx.baseUrl}/api/webhooks/google-forms/${form.id_campus_form}`);
    const raw = JSON.stringify({
      formId: 'GF-1',
      responseId: 'ACYDBNj-google-1',
      timestamp: '2026-11-24T10:00:00.000Z',
      respondentEmail: 'gf.parent@example.org',
      items: [
        { id: 11, title: 'First name', type: 'TEXT', response: 'Mateo' },
        { id: 12, title: 'Last name', type: 'TEXT', response: 'Gómez' },
        { id: 13, title: 'Guardian name', type: 'TEXT', response: 'Ana Gómez' },
        { id: 14, title: 'Idioma', type: 'MULTIPLE_CHOICE', response: 'Español' },
        { id: 15, title: 'Phone', type: 'TEXT', response: '(555) 010-2000' },
      ],
    });
    const before = await counts();
    const unsigned = await call('POST', `/webhooks/google-forms/${form.id_campus_form}`, { rawBody: raw });
    expect(unsigned.status).toBe(401);
    expect(await counts()).toEqual(before);
    // a Google form's webhook does not take Typeform's address
    const wrong = await call('POST', `/webhooks/typeform/${form.id_campus_form}`, {
      rawBody: raw,
      headers: { 'typeform-signature': sign(form.secret, raw) },
    });
    expect(wrong.status).toBe(404);
    const res = await call<{ status: string; id_application: number }>(
      'POST',
      `/webhooks/google-forms/${form.id_campus_form}`,
      { rawBody: raw, headers: { 'x-openseat-signature': sign(form.secret, raw) } },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('processed');
    const app = await applicationRow(ctx.db, res.body.id_application);
    const [applicant] = await ctx.db.select().from(s.applicant).where(eq(s.applicant.id_applicant, app.id_applicant));
    expect(applicant).toMatchObject({
      firstName: 'Mateo',
      lastName: 'Gómez',
      guardianEmail: 'gf.parent@example.org',
      guardianPhoneNumber: '5550102000',
      guardianLanguage: 'es',
    });
    expect(app.read).toBe(false);
    await call('DELETE', `/campus-form/${form.id_campus_form}`, { token: tokenA });
  });
});

describe('submission-to-csv', () => {
  it('answers the union of the questions in first-seen order, one row per submission, and audits it', async () => {
    const form = await createForm({ form_id: 'CSV-1' });
    const a = await createApplication(ctx.db, periodA, { guardianEmail: 'csv1@example.org' });
    const b = await createApplication(ctx.db, periodA, { guardianEmail: 'csv2@example.org' });
    await postTypeform(
      form.id_campus_form,
      form.secret,
      typeformBody(
        'CSV-1',
        [
          { ref: 'q1', title: 'Allergies', type: 'text', value: 'none' },
          { ref: 'q2', title: 'Bus', type: 'boolean', value: true },
        ],
        { id_application: String(a.id_application) },
      ),
    );
    await postTypeform(
      form.id_campus_form,
      form.secret,
      typeformBody(
        'CSV-1',
        [
          { ref: 'q3', title: 'Lunch', type: 'choice', value: { label: 'Veggie' } },
          { ref: 'q1', title: 'Allergies', type: 'text', value: 'nuts' },
        ],
        { id_application: String(b.id_application) },
      ),
    );
    const res = await call<{ headers: Array<{ key: string; label: string }>; data: Array<Record<string, string>> }>(
      'POST',
      '/application/submission-to-csv',
      { token: tokenA, body: { id_campus: campusA.id_campus, id_campus_form: form.id_campus_form } },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.headers.map((h) => h.label)).toEqual([
      'id_application',
      'correlative',
      'submitted at',
      'Allergies',
      'Bus',
      'Lunch',
    ]);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0]).toMatchObject({
      id_application: String(a.id_application),
      Allergies: 'none',
      Bus: 'yes',
      Lunch: '',
    });
    expect(res.body.data[1]).toMatchObject({
      id_application: String(b.id_application),
      Allergies: 'nuts',
      Lunch: 'Veggie',
    });
    const selection = await call<{ data: unknown[] }>('POST', '/application/submission-to-csv', {
      token: tokenA,
      body: { id_campus: campusA.id_campus, ids: [b.id_application] },
    });
    expect(selection.body.data).toHaveLength(1);
    const audit = await ctx.db.select().from(s.auditLog).where(eq(s.auditLog.action, 'form_submission.export'));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    const foreign = await call('POST', '/application/submission-to-csv', {
      token: tokenB,
      body: { id_campus: campusA.id_campus },
    });
    expect(foreign.status).toBe(404);
    const [{ n }] = (
      await ctx.database.executeSql(
        `SELECT count(*)::int AS n FROM form_submission WHERE id_campus = ${campusB.id_campus}`,
      )
    ).rows as Array<{ n: number }>;
    expect(n).toBe(0);
  });
});

describe('consent to texts on the application form', () => {
  const consentsOf = (address: string) =>
    ctx.db.select().from(s.smsConsent).where(eq(s.smsConsent.address, address)).orderBy(s.smsConsent.id_sms_consent);
  const withPhone = (first: string, phone: string, extra: Q[] = []): Q[] => [
    ...leadQuestions(first, 'Texto', `${first.toLowerCase()}.texto@example.org`),
    { ref: 'parent_phone', title: 'Parent phone', type: 'phone_number', value: phone },
    ...extra,
  ];

  it('records a form consent for the phone given when "Text me about this application" is ticked, in the delivery', async () => {
    const form = await createForm({ is_application_form: true, field_map: { consent_q: 'sms_consent' } });
    const ticked = {
      ref: 'consent_q',
      title: 'Text me about this application',
      type: 'choices',
      value: { labels: ['Text me about this application'] },
    };
    const res = await postTypeform(
      form.id_campus_form,
      form.secret,
      typeformBody(form.form_id, withPhone('Maya', '(555) 310-2040', [ticked])),
    );
    expect(res.body.status, JSON.stringify(res.body)).toBe('processed');
    expect(await consentsOf('+15553102040')).toMatchObject([
      {
        id_school: campusA.id_school,
        granted: true,
        source: 'form',
        id_application: res.body.id_application,
        id_user: null,
      },
    ]);
    // a yes/no question found by its name, answered yes (Typeform's boolean)
    const yes = { ref: 'text_me', title: 'Text me', type: 'boolean', value: true };
    await postTypeform(
      form.id_campus_form,
      form.secret,
      typeformBody(form.form_id, withPhone('Noor', '5553102041', [yes])),
    );
    expect(await consentsOf('+15553102041')).toMatchObject([{ granted: true, source: 'form' }]);
    await call('DELETE', `/campus-form/${form.id_campus_form}`, { token: tokenA });
  });

  it('records nothing when the box is left unticked, answered no, or no phone is given', async () => {
    const form = await createForm({ is_application_form: true });
    const no = { ref: 'text_me', title: 'Text me', type: 'boolean', value: false };
    const unticked = await postTypeform(
      form.id_campus_form,
      form.secret,
      typeformBody(form.form_id, withPhone('Omar', '5553102042')),
    );
    const answeredNo = await postTypeform(
      form.id_campus_form,
      form.secret,
      typeformBody(form.form_id, withPhone('Pia', '5553102043', [no])),
    );
    expect([unticked.body.status, answeredNo.body.status]).toEqual(['processed', 'processed']);
    expect(await consentsOf('+15553102042')).toEqual([]);
    expect(await consentsOf('+15553102043')).toEqual([]);
    const yes = { ref: 'text_me', title: 'Text me', type: 'boolean', value: true };
    const before = (await ctx.db.select().from(s.smsConsent)).length;
    const phoneless = typeformBody(form.form_id, [...leadQuestions('Quinn', 'Texto', 'quinn.texto@example.org'), yes]);
    expect((await postTypeform(form.id_campus_form, form.secret, phoneless)).body.status).toBe('processed');
    expect((await ctx.db.select().from(s.smsConsent)).length).toBe(before);
    await call('DELETE', `/campus-form/${form.id_campus_form}`, { token: tokenA });
  });
});

describe('reading a delivery', () => {
  it('maps Typeform answers by the definition’s ref or title when the answer carries only the field id', () => {
    const delivery = readTypeform({
      event_type: 'form_response',
      form_response: {
        token: 't',
        definition: {
          fields: [
            { id: 'a', title: 'Nombre del niño', ref: 'x1' },
            { id: 'b', title: 'Parent E-mail', ref: 'x2' },
            { id: 'c', title: 'Fecha de nacimiento', ref: 'x3' },
          ],
        },
        answers: [
          { type: 'date', date: '2019-01-02', field: { id: 'c' } },
          { type: 'text', text: 'Ana', field: { id: 'a' } },
          { type: 'email', email: 'p@example.org', field: { id: 'b' } },
        ],
      },
    });
    expect(delivery.answers.map((a) => a.question)).toEqual([
      'Nombre del niño',
      'Parent E-mail',
      'Fecha de nacimiento',
    ]);
    expect(mapFields(delivery, { x1: 'first_name' })).toEqual({
      first_name: 'Ana',
      guardian_email: 'p@example.org',
      date_of_birth: '2019-01-02',
    });
  });
});
