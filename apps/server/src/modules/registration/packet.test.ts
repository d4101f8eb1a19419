import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, STATUS, type StatusId } from '@openseat/shared/constants';
import type {
  FamilyRegistration,
  RegistrationChecklist,
  RegistrationItemInput,
} from '@openseat/shared/schemas/registration';
import * as s from '../../db/schema/index';
import { sha256 } from '../../lib/crypto';
import { createApplication } from '../../test/application-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { tokenFor } from '../../test/session';

/*
 * The family's registration packet in the portal (issue 25): open once the seat is accepted, the period's checklist
 * in the guardian's language with what is done, forms answered by their rules, work bound to the version it was
 * done on.
 */

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let staff: string;
let school: { id_school: number };
let n = 0;
const SAME_SITE = { 'x-requested-with': 'fetch' };

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  school = await createSchool(ctx.db, 'Packet School');
  staff = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
});
afterAll(() => ctx?.close());

const words = (en: string, es: string) => ({ en, es });
const HEALTH: RegistrationItemInput = {
  kind: 'form',
  required: true,
  labels: words('Health', 'Salud'),
  help: null,
  form: {
    fields: [
      { key: 'allergies', type: 'yes_no', labels: words('Allergies?', '¿Alergias?'), required: true, showIf: null },
      {
        key: 'which',
        type: 'text',
        labels: words('Which ones?', '¿Cuáles?'),
        required: true,
        showIf: { field: 'allergies', equals: 'yes' },
      },
      {
        key: 'birth_date',
        type: 'date',
        labels: words('Birth date', 'Fecha de nacimiento'),
        required: true,
        showIf: null,
      },
    ],
  },
};
const CERTIFICATE: RegistrationItemInput = {
  kind: 'document',
  required: true,
  labels: words('Birth certificate', 'Acta de nacimiento'),
  help: null,
  document: { types: ['pdf'], maxMb: 5 },
};
const DEPOSIT: RegistrationItemInput = {
  kind: 'deposit',
  required: false,
  labels: words('Deposit', 'Depósito'),
  help: null,
};

/** A period with the checklist, a guardian with an application in `id_status`, and their portal cookie. */
async function packet(id_status: StatusId = STATUS.CONFIRMED) {
  const campus = await createCampus(ctx.db, school.id_school, `Packet Campus ${++n}`);
  await createCampusGrades(ctx.db, campus, [3]);
  const period = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 5 } });
  const saved = await call<{ data: RegistrationChecklist }>('PUT', '/registration/checklist', {
    token: staff,
    body: { id_campus_year: period.id_campus_year, items: [HEALTH, CERTIFICATE, DEPOSIT] },
  });
  const email = `packet.${n}@example.org`;
  const application = await createApplication(ctx.db, period, { id_status, guardianEmail: email });
  const key = randomBytes(32).toString('base64url');
  await ctx.db
    .insert(s.guardianSession)
    .values({ keyHash: sha256(key), contactKey: email, kind: 'email', expiresAt: new Date(Date.now() + 3_600_000) });
  return { period, application, items: saved.body.data.items, cookie: `openseat_family=${key}` };
}

const readPacket = (cookie: string, id: number) =>
  call<FamilyRegistration & { message?: string }>('GET', `/family/applications/${id}/registration`, {
    headers: { cookie },
  });
const sendForm = (cookie: string, id: number, item: number, answers: unknown) =>
  call<{ message: string; errors?: Array<{ path: string; message: string }> }>(
    'PUT',
    `/family/applications/${id}/registration/forms/${item}`,
    { body: { answers }, headers: { cookie, ...SAME_SITE } },
  );

describe("a family's registration packet", () => {
  it('shows the checklist in the guardian’s language, with nothing done yet', async () => {
    const { application, cookie } = await packet();
    await call('PUT', '/family/language', { body: { lng: 'es' }, headers: { cookie, ...SAME_SITE } });
    const res = await readPacket(cookie, application.id_application);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items.map((i) => [i.label, i.kind, i.state])).toEqual([
      ['Salud', 'form', 'to_do'],
      ['Acta de nacimiento', 'document', 'to_do'],
      ['Depósito', 'deposit', 'to_do'],
    ]);
    expect(res.body.items[0].form!.fields.map((f) => f.label)).toEqual([
      '¿Alergias?',
      '¿Cuáles?',
      'Fecha de nacimiento',
    ]);
    expect(res.body.items[1].document).toEqual({ types: ['pdf'], maxMb: 5, file: null });
    expect(res.body).toMatchObject({ approved: 0, required: 2 });
  });

  it('takes a form’s answers by its rules: each problem named, hidden answers dropped, then submitted', async () => {
    const { application, items, cookie } = await packet();
    const form = items[0].id_registration_item;
    const bad = await sendForm(cookie, application.id_application, form, {
      allergies: 'yes',
      birth_date: '2020-13-01',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { path: 'answers.which', message: 'Required field.' },
      { path: 'answers.birth_date', message: 'Invalid date' },
    ]);
    const good = await sendForm(cookie, application.id_application, form, {
      allergies: 'no',
      which: 'hidden by the condition',
      birth_date: '2020-02-29',
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    const read = await readPacket(cookie, application.id_application);
    expect(read.body.items[0]).toMatchObject({
      state: 'submitted',
      form: { answers: { allergies: 'no', birth_date: '2020-02-29' } },
    });
    // only forms take answers; the document is another call
    expect((await sendForm(cookie, application.id_application, items[1].id_registration_item, {})).status).toBe(404);
  });

  it('keeps work bound to the version it was done on when staff edit the form, and refuses changes once approved', async () => {
    const { period, application, items, cookie } = await packet();
    const [form] = items;
    await sendForm(cookie, application.id_application, form.id_registration_item, {
      allergies: 'no',
      birth_date: '2019-05-01',
    });
    const edited = await call<{ data: RegistrationChecklist }>('PUT', '/registration/checklist', {
      token: staff,
      body: {
        id_campus_year: period.id_campus_year,
        items: [{ ...form, labels: words('Health and care', 'Salud y cuidado') }, ...items.slice(1)],
      },
    });
    const newForm = edited.body.data.items[0];
    expect(newForm.id_registration_item).not.toBe(form.id_registration_item);
    const read = await readPacket(cookie, application.id_application);
    expect(read.body.items[0]).toMatchObject({
      id_registration_item: newForm.id_registration_item,
      label: 'Health and care',
      state: 'submitted',
      form: { answers: { allergies: 'no', birth_date: '2019-05-01' } },
    });
    // an item no longer in force takes nothing
    expect(
      (
        await sendForm(cookie, application.id_application, form.id_registration_item, {
          allergies: 'no',
          birth_date: '2019-05-01',
        })
      ).status,
    ).toBe(404);

    await ctx.db
      .update(s.registrationResponse)
      .set({ state: 'approved' })
      .where(
        and(
          eq(s.registrationResponse.id_application, application.id_application),
          eq(s.registrationResponse.id_registration_item, form.id_registration_item),
        ),
      );
    await sendForm(cookie, application.id_application, newForm.id_registration_item, {
      allergies: 'no',
      birth_date: '2019-05-02',
    });
    await ctx.db
      .update(s.registrationResponse)
      .set({ state: 'approved' })
      .where(eq(s.registrationResponse.id_registration_item, newForm.id_registration_item));
    const done = await sendForm(cookie, application.id_application, newForm.id_registration_item, {
      allergies: 'no',
      birth_date: '2019-05-03',
    });
    expect(done.status).toBe(409);
    expect(done.body.message).toBe('The school has already approved this item.');
    expect((await readPacket(cookie, application.id_application)).body).toMatchObject({ approved: 1, required: 2 });
  });

  it('is not open before the seat is accepted', async () => {
    const { application, items, cookie } = await packet(STATUS.OFFERED);
    const res = await readPacket(cookie, application.id_application);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Registration opens once you have accepted the seat.');
    expect((await sendForm(cookie, application.id_application, items[0].id_registration_item, {})).status).toBe(409);
  });
});

describe("the staff's review of a packet", () => {
  type Queue = { data: Array<{ id_application: number; applicant: string; item: string }>; total: number };
  const queue = (id_campus_year: number) =>
    call<Queue>('GET', `/registration/reviews?id_campus_year=${id_campus_year}`, { token: staff });
  const decide = (id: number, item: number, body: unknown) =>
    call<{ message: string }>('PUT', `/registration/applications/${id}/items/${item}/review`, { token: staff, body });

  it('lists what families sent, returns it with a reason the family reads, then approves the redone form', async () => {
    const { period, application, items, cookie } = await packet();
    const [form, , deposit] = items;
    expect((await queue(period.id_campus_year)).body).toMatchObject({ data: [], total: 0 });
    await sendForm(cookie, application.id_application, form.id_registration_item, {
      allergies: 'no',
      birth_date: '2019-05-01',
    });
    const waiting = await queue(period.id_campus_year);
    expect(waiting.body.total).toBe(1);
    expect(waiting.body.data[0]).toMatchObject({ id_application: application.id_application, item: 'Health' });

    const returned = await decide(application.id_application, form.id_registration_item, {
      decision: 'return',
      reason: 'The birth date does not match the certificate.',
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect((await queue(period.id_campus_year)).body.total).toBe(0);
    const seen = await readPacket(cookie, application.id_application);
    expect(seen.body.items[0]).toMatchObject({
      state: 'returned',
      returnedReason: 'The birth date does not match the certificate.',
    });
    // nothing new sent: nothing to approve
    expect((await decide(application.id_application, form.id_registration_item, { decision: 'approve' })).status).toBe(
      409,
    );

    await sendForm(cookie, application.id_application, form.id_registration_item, {
      allergies: 'no',
      birth_date: '2019-05-02',
    });
    expect((await decide(application.id_application, form.id_registration_item, { decision: 'approve' })).status).toBe(
      200,
    );
    // the deposit has nothing sent: staff mark it received
    expect(
      (await decide(application.id_application, deposit.id_registration_item, { decision: 'approve' })).status,
    ).toBe(200);
    const done = await readPacket(cookie, application.id_application);
    expect(done.body.items.map((i) => i.state)).toEqual(['approved', 'to_do', 'approved']);
    expect(done.body).toMatchObject({ approved: 1, required: 2 });
    const staffView = await call<FamilyRegistration>(
      'GET',
      `/registration/applications/${application.id_application}`,
      {
        token: staff,
      },
    );
    expect(staffView.body.items[0].form!.answers).toEqual({ allergies: 'no', birth_date: '2019-05-02' });

    const audits = await ctx.db
      .select({ action: s.auditLog.action })
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entity, 'application'), eq(s.auditLog.entityId, String(application.id_application))));
    expect(audits.map((a) => a.action).filter((a) => a.startsWith('registration.'))).toEqual([
      'registration.return',
      'registration.approve',
      'registration.approve',
    ]);
  });

  it('refuses a return without a reason, and an item of nothing', async () => {
    const { application, items } = await packet();
    expect(
      (await decide(application.id_application, items[0].id_registration_item, { decision: 'return' })).status,
    ).toBe(400);
    expect(
      (await decide(application.id_application, items[1].id_registration_item, { decision: 'approve' })).status,
    ).toBe(409);
    expect((await decide(application.id_application, 999999, { decision: 'approve' })).status).toBe(404);
  });
});
