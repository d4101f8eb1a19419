import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TYPE } from '@openseat/shared/communication';
import { CONTEXT_TYPE, STATUS, type StatusId } from '@openseat/shared/constants';
import type { RegistrationChecklist, RegistrationItemInput } from '@openseat/shared/schemas/registration';
import * as s from '../../db/schema/index';
import { sha256 } from '../../lib/crypto';
import { createApplication } from '../../test/application-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createEmailTemplate, createReminder, enteredStatusAt } from '../../test/reminder-factories';
import { tokenFor } from '../../test/session';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { sendDueReminders } from '../reminders/reminders.jobs';
import { guardianSessionKey } from '../../test/guardian-session';

/*
 * Issue 25, the staff's review (docs/registration.md): a returned item tells the family in their language through
 * the outbox (over real SMTP here), enrolled only when the packet is complete or with an audited override, and the
 * "registration incomplete" reminder condition.
 */

let ctx: TestContext;
let smtp: TestSmtpServer;
let call: ReturnType<typeof apiClient>;
let staff: string;
let school: { id_school: number };
let n = 0;
const SAME_SITE = { 'x-requested-with': 'fetch' };

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await startTestApp({
    smtpUrl: smtp.url,
    env: { OUTBOX_RETRY_SECONDS: '0' },
  });
  call = apiClient(ctx.baseUrl);
  school = await createSchool(ctx.db, 'Review School');
  staff = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const words = (en: string, es: string) => ({ en, es, vi: `${en} (vi)` });
const HEALTH: RegistrationItemInput = {
  kind: 'form',
  required: true,
  labels: words('Health', 'Salud'),
  help: null,
  form: {
    fields: [
      { key: 'allergies', type: 'yes_no', labels: words('Allergies?', '¿Alergias?'), required: true, showIf: null },
    ],
  },
};
const DEPOSIT: RegistrationItemInput = {
  kind: 'deposit',
  required: true,
  labels: words('Deposit', 'Depósito'),
  help: null,
};
const PHOTO: RegistrationItemInput = { kind: 'deposit', required: false, labels: words('Photo', 'Foto'), help: null };

type Setup = { checklist?: RegistrationItemInput[]; id_status?: StatusId; guardianLanguage?: string };

/** A period (with the checklist), an application in it, and its guardian's portal cookie. */
async function packet({
  checklist = [HEALTH, DEPOSIT, PHOTO],
  id_status = STATUS.CONFIRMED,
  guardianLanguage,
}: Setup = {}) {
  const campus = await createCampus(ctx.db, school.id_school, `Review Campus ${++n}`);
  await createCampusGrades(ctx.db, campus, [3]);
  const period = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 5 } });
  let items: RegistrationChecklist['items'] = [];
  if (checklist.length) {
    const saved = await call<{ data: RegistrationChecklist }>('PUT', '/registration/checklist', {
      token: staff,
      body: { id_campus_year: period.id_campus_year, items: checklist },
    });
    items = saved.body.data.items;
  }
  const email = `review.${n}@example.org`;
  const application = await createApplication(ctx.db, period, { id_status, guardianEmail: email });
  if (guardianLanguage !== undefined)
    await ctx.db
      .update(s.applicant)
      .set({ guardianLanguage })
      .where(eq(s.applicant.id_applicant, application.applicant.id_applicant));
  const key = randomBytes(32).toString('base64url');
  await ctx.db
    .insert(s.guardianSession)
    .values({ keyHash: sha256(key), contactKey: email, kind: 'email', expiresAt: new Date(Date.now() + 3_600_000) });
  return { campus, period, application, items, email, cookie: `openseat_family=${key}` };
}

async function sendForm(cookie: string, id: number, item: number, answers: unknown) {
  const res = await call('PUT', `/family/applications/${id}/registration/forms/${item}`, {
    body: { answers },
    headers: { cookie, ...SAME_SITE },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
const decide = (id: number, item: number, body: unknown) =>
  call<{ message: string }>('PUT', `/registration/applications/${id}/items/${item}/review`, { token: staff, body });
const enroll = (ids: number[], extra: Record<string, unknown> = {}, lng = 'en') =>
  call<{ message: string; errors?: Array<{ path: string; message: string }> }>('PUT', '/application/status', {
    token: staff,
    body: { applicationIds: ids, id_status: STATUS.ENROLLED, ...extra },
    headers: { 'accept-language': lng },
  });
const outboxOf = (id_application: number) =>
  ctx.db.select().from(s.messageOutbox).where(eq(s.messageOutbox.id_application, id_application));
const statusOf = async (id_application: number) =>
  (
    await ctx.db
      .select({ id_status: s.application.id_status })
      .from(s.application)
      .where(eq(s.application.id_application, id_application))
  )[0].id_status;

describe('a returned item tells the family', () => {
  it('queues the message in the guardian’s portal language with the reason and the portal link, sent over SMTP', async () => {
    const { application, items, cookie, email } = await packet({ guardianLanguage: 'es' });
    // the guardian chose Vietnamese in the portal: it wins over the application's Spanish
    await call('PUT', '/family/language', { body: { lng: 'vi' }, headers: { cookie, ...SAME_SITE } });
    await sendForm(cookie, application.id_application, items[0].id_registration_item, { allergies: 'no' });
    const reason = 'Thiếu chữ ký của bác sĩ.';
    const res = await decide(application.id_application, items[0].id_registration_item, { decision: 'return', reason });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const [queued] = await outboxOf(application.id_application);
    expect(queued).toMatchObject({
      channel: 'email',
      lng: 'vi',
      recipient: email,
      id_message_type: MESSAGE_TYPE.MANUALLY_SENT,
    });
    expect(queued.subject).toContain('"Health (vi)"');
    expect(queued.body).toContain(reason);
    // the outbox keeps the merge field: the sign-in is made as the message is sent
    expect(queued.body).toContain('{{portal_link}}');

    await expect.poll(() => smtp.received.filter((m) => m.to.includes(email)).length, { timeout: 15_000 }).toBe(1);
    const mail = smtp.received.find((m) => m.to.includes(email))!;
    // quoted-printable undone byte by byte: read back as UTF-8
    const text = Buffer.from(mail.text, 'latin1').toString('utf8');
    expect(text).toContain(reason);
    expect(text).toMatch(/https?:\/\/[^ ]+\/family\/link\/[A-Za-z0-9_-]+\?to=/);
    expect(text).not.toContain('{{portal_link}}');
  });

  it('writes in the application’s language when the guardian chose none; an approval sends nothing', async () => {
    const { application, items, cookie } = await packet({ guardianLanguage: 'es' });
    await sendForm(cookie, application.id_application, items[0].id_registration_item, { allergies: 'no' });
    await decide(application.id_application, items[0].id_registration_item, { decision: 'approve' });
    expect(await outboxOf(application.id_application)).toHaveLength(0);
    await decide(application.id_application, items[0].id_registration_item, {
      decision: 'return',
      reason: 'Fecha equivocada.',
    });
    const [queued] = await outboxOf(application.id_application);
    expect(queued.lng).toBe('es');
    expect(queued.body).toContain('"Salud"');
    expect(queued.body).toContain('Fecha equivocada.');
  });
});

describe('enrolled only when the registration is complete', () => {
  it('refuses an incomplete packet with a clear 409, in the staff member’s language', async () => {
    const { application } = await packet();
    const en = await enroll([application.id_application]);
    expect(en.status).toBe(409);
    expect(en.body.message).toMatch(/^The registration is not complete/);
    const es = await enroll([application.id_application], {}, 'es');
    expect(es.body.message).toMatch(/^La matrícula no está completa/);
    expect(await statusOf(application.id_application)).toBe(STATUS.CONFIRMED);
  });

  it('enrolls once every required item is approved (an optional one may wait)', async () => {
    const { application, items, cookie } = await packet();
    await sendForm(cookie, application.id_application, items[0].id_registration_item, { allergies: 'yes' });
    await decide(application.id_application, items[0].id_registration_item, { decision: 'approve' });
    // one required item left: still refused
    expect((await enroll([application.id_application])).status).toBe(409);
    await decide(application.id_application, items[1].id_registration_item, { decision: 'approve' });
    const res = await enroll([application.id_application]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await statusOf(application.id_application)).toBe(STATUS.ENROLLED);
  });

  it('enrolls an incomplete packet with an override and its reason, audited; refuses an empty reason', async () => {
    const { application } = await packet();
    const empty = await enroll([application.id_application], { registrationOverride: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0].path).toBe('registrationOverride');
    expect(await statusOf(application.id_application)).toBe(STATUS.CONFIRMED);

    const reason = 'Deposit waived by the principal.';
    const res = await enroll([application.id_application], { registrationOverride: reason });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await statusOf(application.id_application)).toBe(STATUS.ENROLLED);
    const audits = await ctx.db
      .select({ action: s.auditLog.action, changes: s.auditLog.changes })
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entity, 'application'), eq(s.auditLog.entityId, String(application.id_application))));
    expect(audits.filter((a) => a.action === 'registration.override').map((a) => a.changes)).toEqual([{ reason }]);
  });

  it('moves as before in a period without a checklist, and audits no override there', async () => {
    const { application } = await packet({ checklist: [] });
    const res = await enroll([application.id_application], { registrationOverride: 'Not needed.' });
    expect(res.status).toBe(200);
    const audits = await ctx.db
      .select({ action: s.auditLog.action })
      .from(s.auditLog)
      .where(
        and(
          eq(s.auditLog.action, 'registration.override'),
          eq(s.auditLog.entityId, String(application.id_application)),
        ),
      );
    expect(audits).toHaveLength(0);
  });
});

describe('the "registration incomplete" reminder', () => {
  it('is refused for a status without a packet', async () => {
    const { campus } = await packet();
    const template = await createEmailTemplate(ctx.db, campus);
    const res = await call('POST', '/reminder/campus', {
      token: staff,
      body: {
        id_campus: campus.id_campus,
        name: 'Finish registration',
        id_status: STATUS.APPLIED,
        periodicity: 3,
        id_campus_email: template.id_campus_email,
        condition: 'registration_incomplete',
      },
    });
    expect(res.status).toBe(400);
  });

  it('selects the confirmed applications with a required item not sent or returned, not the complete ones', async () => {
    const first = await packet();
    const { campus, period, items } = first;
    const make = async () => {
      const email = `rem.${++n}@example.org`;
      const app = await createApplication(ctx.db, period, { id_status: STATUS.CONFIRMED, guardianEmail: email });
      const key = await guardianSessionKey(ctx.db, email);
      return { app, cookie: `openseat_family=${key}` };
    };
    const untouched = first.application;
    const sentAll = await make();
    const returned = await make();
    const approved = await make();
    for (const { app, cookie } of [sentAll, returned, approved])
      await sendForm(cookie, app.id_application, items[0].id_registration_item, { allergies: 'no' });
    // the deposit (required) marked received for those that sent the form
    for (const { app } of [sentAll, returned, approved])
      await decide(app.id_application, items[1].id_registration_item, { decision: 'approve' });
    await decide(returned.app.id_application, items[0].id_registration_item, { decision: 'return', reason: 'Again.' });
    await decide(approved.app.id_application, items[0].id_registration_item, { decision: 'approve' });

    const template = await createEmailTemplate(ctx.db, campus);
    const created = await call<{ data: { id_reminder: number; condition: string | null } }>(
      'POST',
      '/reminder/campus',
      {
        token: staff,
        body: {
          id_campus: campus.id_campus,
          name: 'Finish registration',
          id_status: STATUS.CONFIRMED,
          periodicity: 2,
          id_campus_email: template.id_campus_email,
          condition: 'registration_incomplete',
        },
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // a reminder of the same status without the condition: every confirmed application
    const plain = await createReminder(ctx.db, campus, {
      id_status: STATUS.CONFIRMED,
      periodicity: 2,
      id_campus_email: template.id_campus_email,
    });
    const now = new Date();
    for (const { id_application } of [untouched, sentAll.app, returned.app, approved.app])
      await enteredStatusAt(ctx.db, id_application, new Date(now.getTime() - 3 * 86_400_000));
    await sendDueReminders({ db: ctx.db, jobs: ctx.jobs }, now);

    const remindedBy = async (id_reminder: number) =>
      (await ctx.db.select().from(s.messageOutbox).where(eq(s.messageOutbox.id_reminder, id_reminder)))
        .map((m) => m.id_application)
        .sort();
    expect(await remindedBy(created.body.data.id_reminder)).toEqual(
      [untouched.id_application, returned.app.id_application].sort(),
    );
    expect(await remindedBy(plain.id_reminder)).toHaveLength(4);
  });
});
