import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import type { CommunicationEntry, MessageBatch } from '@openseat/shared/schemas/communication';
import type { Page } from '@openseat/shared/schemas/pagination';
import type { SmsConsent } from '@openseat/shared/schemas/sms-consent';
import * as s from '../../db/schema/index';
import { createApplication } from '../../test/application-factories';
import { createPeriod, createRoleWith } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { tokenFor } from '../../test/session';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { twilioSignature } from './opt-outs.service';
import { startFakeTwilio, type FakeTwilio } from '../../test/twilio';
import { until } from '../../test/until';

const TWILIO_TOKEN = 'twilio-test-auth-token';
const CAMPUS_PHONE = '+15550001111';

let ctx: TestContext;
let smtp: TestSmtpServer;
let twilio: FakeTwilio;
let call: ReturnType<typeof apiClient>;
let admin: string;
let period: Awaited<ReturnType<typeof createPeriod>>;
let foreignPeriod: Awaited<ReturnType<typeof createPeriod>>;

const logOf = async (id_application: number) =>
  (await call<Page<CommunicationEntry>>('GET', `/communication?id_application=${id_application}`, { token: admin }))
    .body;

const messagesOf = (id_application: number) =>
  ctx.db.select().from(s.messageOutbox).where(eq(s.messageOutbox.id_application, id_application));

const countRows = async (table: 'message_outbox' | 'message_batch') =>
  Number(
    (
      (await ctx.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows[0].n,
  );

beforeAll(async () => {
  smtp = await startSmtpServer();
  twilio = await startFakeTwilio();
  ctx = await startTestApp({
    smtpUrl: smtp.url,
    env: {
      TWILIO_ACCOUNT_SID: 'ACtest',
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
      TWILIO_API_URL: twilio.url,
      TWILIO_FROM: '+15550009999',
    },
  });
  call = apiClient(ctx.baseUrl);
  const school = await createSchool(ctx.db);
  const campus = await createCampus(ctx.db, school.id_school);
  await ctx.db
    .update(s.campusConfiguration)
    .set({ phone_number: CAMPUS_PHONE })
    .where(eq(s.campusConfiguration.id_campus, campus.id_campus));
  period = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 50 } });
  const other = await createSchool(ctx.db);
  foreignPeriod = await createPeriod(ctx.db, await createCampus(ctx.db, other.id_school), { grades: { 3: 5 } });
  admin = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  await twilio?.close();
});

describe('a custom e-mail to one application', () => {
  it('arrives once over SMTP with its Message-ID, and the log shows it sent', async () => {
    const app = await createApplication(ctx.db, period, { guardianEmail: 'one.family@example.org' });
    const body = { id_application: app.id_application, subject: 'Hello {{applicant_first_name}}', text: 'Custom text' };
    const res = await call('POST', '/email/send', { token: admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = await until('the mail', async () =>
      smtp.received.find((m) => m.to.includes('one.family@example.org')),
    );
    const [message] = await messagesOf(app.id_application);
    expect(mail.messageId).toBe(`<${message.idempotencyKey}@openseat>`);
    expect(mail.text).toContain(`Hello ${app.applicant.firstName}`);
    const log = await until('sent in the log', async () => {
      const page = await logOf(app.id_application);
      return page.data[0]?.state === 'sent' && page;
    });
    expect(log.data).toHaveLength(1);
    expect(log.data[0]).toMatchObject({ type: 'email', template: null, id_message_type: 3, error: null });
    expect(log.data[0].author).toBeTruthy();
    expect(smtp.received.filter((m) => m.to.includes('one.family@example.org'))).toHaveLength(1);
  });

  it('sends once for a repeated Idempotency-Key (a double click)', async () => {
    const app = await createApplication(ctx.db, period);
    const body = { id_application: app.id_application, subject: 'Once', text: 'Only once' };
    const headers = { 'idempotency-key': 'click-1' };
    expect((await call('POST', '/application/send', { token: admin, body, headers })).status).toBe(200);
    expect((await call('POST', '/application/send', { token: admin, body, headers })).status).toBe(200);
    expect(await messagesOf(app.id_application)).toHaveLength(1);
    // without the key, a second send is a second message
    expect((await call('POST', '/application/send', { token: admin, body })).status).toBe(200);
    expect(await messagesOf(app.id_application)).toHaveLength(2);
  });

  it('answers noRecipient without an e-mail, and 404 for another school', async () => {
    const silent = await createApplication(ctx.db, period, { guardianEmail: null, email: null });
    const res = await call('POST', '/email/send', {
      token: admin,
      body: { id_application: silent.id_application, subject: 'x', text: 'y' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      message: 'This application has no e-mail or phone number of the guardian to write to.',
    });
    const foreign = await createApplication(ctx.db, foreignPeriod);
    const refused = await call('POST', '/email/send', {
      token: admin,
      body: { id_application: foreign.id_application, subject: 'x', text: 'y' },
    });
    expect(refused.status).toBe(404);
    expect(await messagesOf(foreign.id_application)).toHaveLength(0);
  });
});

describe('bulk send, progress and unsubscribe', () => {
  it('sends to a selection with List-Unsubscribe; the unsubscribed address is skipped next time', async () => {
    const apps = [];
    for (const n of [1, 2, 3])
      apps.push(await createApplication(ctx.db, period, { guardianEmail: `bulk${n}@example.org` }));
    const noAddress = await createApplication(ctx.db, period, { guardianEmail: null, email: null });
    const ids = [...apps.map((a) => a.id_application), noAddress.id_application];
    const res = await call<{ message: string; data: MessageBatch }>('POST', '/email/send-multiple', {
      token: admin,
      body: { ids, subject: 'News', text: 'Open house on Friday' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ requested: 4, total: 3 });
    const batch = await until('the batch sent', async () => {
      const b = (await call<MessageBatch>('GET', `/email/batch/${res.body.data.id_message_batch}`, { token: admin }))
        .body;
      return b.sent + b.delivered + b.failed + b.skipped === b.total && b;
    });
    expect(batch).toMatchObject({ sent: 3, total: 3, requested: 4, queued: 0 });
    const received = smtp.received.find((m) => m.to.includes('bulk1@example.org'))!;
    // headers as read, long ones unfolded (RFC 5322 folding)
    const mail = { text: received.text.split('\r\n\r\n')[0].replace(/\r\n[ \t]+/g, ' ') };
    expect(mail.text).toMatch(/^List-Unsubscribe: <http[^>]+\/api\/unsubscribe\/[^>]+>/m);
    expect(mail.text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const link = /^List-Unsubscribe: <([^>]+)>/m.exec(mail.text)![1];

    // a GET (a link scanner) shows the page and unsubscribes nobody
    const page = await fetch(link, { headers: { 'accept-language': 'es' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Darme de baja');
    expect(await ctx.db.select().from(s.communicationOptOut)).toHaveLength(0);
    // the RFC 8058 one-click POST
    const oneClick = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await ctx.db.select().from(s.communicationOptOut)).toMatchObject([
      { channel: 'email', address: 'bulk1@example.org', source: 'unsubscribe' },
    ]);
    expect((await fetch(`${link}x`, { method: 'POST' })).status).toBe(404);

    const again = await call<{ data: MessageBatch }>('POST', '/email/send-multiple', {
      token: admin,
      body: { ids, subject: 'News 2', text: 'Second' },
    });
    expect(again.body.data).toMatchObject({ total: 3, skipped: 1 });
    const [skipped] = (await messagesOf(apps[0].id_application)).filter((m) => m.subject === 'News 2');
    expect(skipped).toMatchObject({ status: 'skipped', lastError: 'opted out' });
  });

  it('a missing id is 404 naming it, and nothing is written', async () => {
    const app = await createApplication(ctx.db, period);
    const foreign = await createApplication(ctx.db, foreignPeriod);
    const before = [await countRows('message_outbox'), await countRows('message_batch')];
    const res = await call<{ errors: Array<{ path: string }> }>('POST', '/email/send-multiple', {
      token: admin,
      body: { ids: [app.id_application, foreign.id_application, 99999999], subject: 'x', text: 'y' },
    });
    expect(res.status).toBe(404);
    expect(res.body.errors.map((e) => e.path)).toEqual([`ids.${foreign.id_application}`, 'ids.99999999']);
    expect([await countRows('message_outbox'), await countRows('message_batch')]).toEqual(before);
  });

  it('an e-mail needs a subject', async () => {
    const app = await createApplication(ctx.db, period);
    const res = await call('POST', '/email/send-multiple', {
      token: admin,
      body: { ids: [app.id_application], text: 'y' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'An e-mail needs a subject.' });
  });

  it('the declined list: its own permission, declined applications only', async () => {
    const declined = await createApplication(ctx.db, period, { id_status: STATUS.DECLINED });
    const applied = await createApplication(ctx.db, period, { id_status: STATUS.APPLIED });
    const role = await createRoleWith(ctx.db, CONTEXT_TYPE.SCHOOL, [['declined_list', 'send_message_to_declined']]);
    const limited = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: period.id_school, role: role.name });
    const body = { ids: [declined.id_application], subject: 'We miss you', text: 'Come back', list: 'declined' };
    expect((await call('POST', '/email/send-multiple', { token: limited, body })).status).toBe(200);
    // without list 'declined' it needs the applications list's permission, which this role lacks
    const plain = await call('POST', '/email/send-multiple', { token: limited, body: { ...body, list: 'any' } });
    expect(plain.status).toBe(403);
    const wrong = await call('POST', '/email/send-multiple', {
      token: limited,
      body: { ...body, ids: [declined.id_application, applied.id_application] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: 'Only declined applications can receive the message to declined.' });
    expect(await messagesOf(applied.id_application)).toHaveLength(0);
  });

  it('resend queues the same message again; resend-form needs an application form', async () => {
    const app = await createApplication(ctx.db, period, { guardianEmail: 'resend@example.org' });
    await call('POST', '/email/send', {
      token: admin,
      body: { id_application: app.id_application, subject: 'Again', text: 'Twice' },
    });
    const [first] = await messagesOf(app.id_application);
    expect((await call('POST', '/email/resend', { token: admin, body: { id_message: first.id_message } })).status).toBe(
      200,
    );
    const both = await messagesOf(app.id_application);
    expect(both.map((m) => m.subject)).toEqual(['Again', 'Again']);
    expect(new Set(both.map((m) => m.idempotencyKey)).size).toBe(2);

    const none = await call('POST', '/application/resend-form', {
      token: admin,
      body: { id_application: app.id_application },
    });
    expect(none).toMatchObject({ status: 409, body: { message: 'This campus has no application form to resend.' } });
    await ctx.db.insert(s.campusForm).values({
      id_school: period.id_school,
      id_campus: period.id_campus,
      form_name: 'Application',
      form_id: 'abc',
      form_url: 'https://forms.example.org/apply',
      is_application_form: true,
      id_form_type: 1,
    });
    await ctx.db
      .update(s.applicant)
      .set({ guardianLanguage: 'es' })
      .where(eq(s.applicant.id_applicant, app.id_applicant));
    expect(
      (await call('POST', '/application/resend-form', { token: admin, body: { id_application: app.id_application } }))
        .status,
    ).toBe(200);
    const form = (await messagesOf(app.id_application)).find((m) => m.body.includes('https://forms.example.org/apply'));
    expect(form).toMatchObject({ subject: 'Su formulario de solicitud', lng: 'es' });
  });
});

describe('SMS through Twilio: callbacks and STOP', () => {
  const sign = (url: string, params: Record<string, string>, token = TWILIO_TOKEN) =>
    twilioSignature(token, `${ctx.baseUrl}/api${url}`, params);
  const post = (url: string, params: Record<string, string>, signature: string) =>
    fetch(`${ctx.baseUrl}/api${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      body: new URLSearchParams(params).toString(),
    });

  it('sends with To/From/Body/StatusCallback; a signed callback marks it delivered, a bad one changes nothing', async () => {
    const app = await createApplication(ctx.db, period, { guardianPhoneNumber: '5551234567' });
    const res = await call('POST', '/email/send-multiple', {
      token: admin,
      body: { ids: [app.id_application], channel: 'sms', text: 'Hi {{applicant_first_name}}' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sms = await until('the SMS at Twilio', async () => twilio.received.find((m) => m.To === '+15551234567'));
    expect(sms).toMatchObject({
      From: CAMPUS_PHONE,
      Body: `Hi ${app.applicant.firstName}`,
      StatusCallback: `${ctx.baseUrl}/api/webhooks/twilio/status`,
    });
    const [message] = await until('sent', async () => {
      const rows = await messagesOf(app.id_application);
      return rows[0]?.status === 'sent' && rows;
    });
    const params = { MessageSid: message.providerId!, MessageStatus: 'delivered', AccountSid: 'ACtest' };
    const forged = await post('/webhooks/twilio/status', params, sign('/webhooks/twilio/status', params, 'wrong'));
    expect(forged.status).toBe(401);
    expect((await messagesOf(app.id_application))[0].status).toBe('sent');
    const ok = await post('/webhooks/twilio/status', params, sign('/webhooks/twilio/status', params));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('<Response/>');
    // a late 'sent' (callbacks come out of order) does not take delivered back
    const late = { ...params, MessageStatus: 'sent' };
    expect((await post('/webhooks/twilio/status', late, sign('/webhooks/twilio/status', late))).status).toBe(200);
    const log = await logOf(app.id_application);
    expect(log.data[0]).toMatchObject({ type: 'sms', state: 'delivered' });
    expect(log.data[0].deliveredAt).toBeTruthy();
  });

  it('an inbound STOP opts the number out: the next SMS is skipped; START lets it through again', async () => {
    const app = await createApplication(ctx.db, period, { guardianPhoneNumber: '+15557654321' });
    const stop = { From: '+15557654321', To: CAMPUS_PHONE, Body: 'stop ', MessageSid: 'SMinbound1' };
    expect(
      (await post('/webhooks/twilio/inbound', stop, sign('/webhooks/twilio/inbound', { ...stop, Body: 'x' }))).status,
    ).toBe(401);
    expect(
      await ctx.db.select().from(s.communicationOptOut).where(eq(s.communicationOptOut.channel, 'sms')),
    ).toHaveLength(0);
    const res = await post('/webhooks/twilio/inbound', stop, sign('/webhooks/twilio/inbound', stop));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/xml');
    const send = () =>
      call<{ data: MessageBatch }>('POST', '/email/send-multiple', {
        token: admin,
        body: { ids: [app.id_application], channel: 'sms', text: 'Reminder' },
      });
    expect((await send()).body.data).toMatchObject({ total: 1, skipped: 1 });
    const start = { ...stop, Body: 'START', MessageSid: 'SMinbound2' };
    expect((await post('/webhooks/twilio/inbound', start, sign('/webhooks/twilio/inbound', start))).status).toBe(200);
    expect((await send()).body.data).toMatchObject({ total: 1, skipped: 0 });
    // the replies are in the number's consent history, the family's own word
    const history = (await call<SmsConsent>('GET', `/application/${app.id_application}/sms-consent`, { token: admin }))
      .body.history;
    expect(history.slice(0, 2).map((h) => [h.granted, h.source, h.recordedBy])).toEqual([
      [true, 'start', null],
      [false, 'stop', null],
    ]);
  });
});

describe('consent to texts', () => {
  const consentOf = (id: number, token = admin) => call<SmsConsent>('GET', `/application/${id}/sms-consent`, { token });
  const record = (id: number, body: unknown) =>
    call<SmsConsent>('POST', `/application/${id}/sms-consent`, { token: admin, body });
  const text = (id: number) =>
    call<{ data: MessageBatch }>('POST', '/email/send-multiple', {
      token: admin,
      body: { ids: [id], channel: 'sms', text: 'Tour on Friday' },
    });

  it('no SMS without a recorded consent; staff record one with its source, and a withdrawal stops texts again', async () => {
    const app = await createApplication(ctx.db, period, { guardianPhoneNumber: '(555) 246-8100', smsConsent: false });
    expect((await consentOf(app.id_application)).body).toEqual({ phone: '+15552468100', granted: false, history: [] });
    expect((await text(app.id_application)).body.data).toMatchObject({ total: 1, skipped: 1 });
    const [unsent] = await messagesOf(app.id_application);
    expect(unsent).toMatchObject({ status: 'skipped', lastError: 'no consent' });

    // a consent needs where it came from
    const bare = await record(app.id_application, { granted: true });
    expect(bare.status).toBe(400);
    expect(JSON.stringify(bare.body)).toContain('Required field.');
    expect(await ctx.db.select().from(s.smsConsent).where(eq(s.smsConsent.address, '+15552468100'))).toEqual([]);

    const given = await record(app.id_application, { granted: true, note: 'Said yes on the phone, Nov 27' });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    expect(given.body).toMatchObject({ phone: '+15552468100', granted: true });
    expect(given.body.history[0]).toMatchObject({
      granted: true,
      source: 'staff',
      note: 'Said yes on the phone, Nov 27',
    });
    expect(given.body.history[0].recordedBy).toBeTruthy();
    expect((await text(app.id_application)).body.data).toMatchObject({ total: 1, skipped: 0 });
    await until('the SMS at Twilio', async () => twilio.received.find((m) => m.To === '+15552468100'));

    const withdrawn = await record(app.id_application, { granted: false });
    expect(withdrawn.body.granted).toBe(false);
    expect(withdrawn.body.history.map((h) => [h.granted, h.source])).toEqual([
      [false, 'staff'],
      [true, 'staff'],
    ]);
    expect((await text(app.id_application)).body.data).toMatchObject({ total: 1, skipped: 1 });
    const audits = await ctx.db
      .select({ action: s.auditLog.action })
      .from(s.auditLog)
      .where(eq(s.auditLog.entityId, String(app.id_application)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['sms_consent.grant', 'sms_consent.withdraw']));
  });

  it("answers 404 for another school's application, and 400 for an application without a phone", async () => {
    const foreign = await createApplication(ctx.db, foreignPeriod, { guardianPhoneNumber: '5550001234' });
    expect((await consentOf(foreign.id_application)).status).toBe(404);
    expect((await record(foreign.id_application, { granted: false })).status).toBe(404);
    const silent = await createApplication(ctx.db, period, { guardianPhoneNumber: null });
    expect((await consentOf(silent.id_application)).body).toEqual({ phone: null, granted: false, history: [] });
    const refused = await record(silent.id_application, { granted: true, note: 'Yes' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('This application has no phone number to text.');
  });
});

describe('SMS from the shared number', () => {
  it('a STOP to TWILIO_FROM opts out for the schools that texted from it', async () => {
    const school = await createSchool(ctx.db);
    const plain = await createPeriod(ctx.db, await createCampus(ctx.db, school.id_school), { grades: { 3: 5 } });
    const token = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
    const app = await createApplication(ctx.db, plain, { guardianPhoneNumber: '+15553332222' });
    const send = () =>
      call<{ data: MessageBatch }>('POST', '/email/send-multiple', {
        token,
        body: { ids: [app.id_application], channel: 'sms', text: 'From the shared number' },
      });
    expect((await send()).body.data).toMatchObject({ total: 1, skipped: 0 });
    await until('the SMS at Twilio', async () =>
      twilio.received.find((m) => m.To === '+15553332222' && m.From === '+15550009999'),
    );
    const stop = { From: '+15553332222', To: '+15550009999', Body: 'STOP' };
    const url = `${ctx.baseUrl}/api/webhooks/twilio/inbound`;
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(TWILIO_TOKEN, url, stop),
      },
      body: new URLSearchParams(stop).toString(),
    });
    expect(res.status).toBe(200);
    expect((await send()).body.data).toMatchObject({ total: 1, skipped: 1 });
  });
});

describe('guardian language', () => {
  it('is saved with the guardian info and shown in the detail', async () => {
    const app = await createApplication(ctx.db, period);
    const body = {
      id_application: app.id_application,
      applicant: { firstName: 'Ana', lastName: 'Ruiz' },
      guardian: { name: 'Marta Ruiz', email: 'marta@example.org', language: 'es' },
    };
    const res = await call('PUT', '/application', { token: admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const detail = await call<{ applicant: { guardianLanguage: string } }>(
      'GET',
      `/application/${app.id_application}`,
      {
        token: admin,
      },
    );
    expect(detail.body.applicant.guardianLanguage).toBe('es');
    const [row] = await ctx.db.select().from(s.applicant).where(eq(s.applicant.id_applicant, app.id_applicant));
    expect(row.guardianLanguage).toBe('es');
  });

  it('takes any of the portal’s six languages, and refuses another', async () => {
    const app = await createApplication(ctx.db, period);
    const save = (language: string) =>
      call('PUT', '/application', {
        token: admin,
        body: {
          id_application: app.id_application,
          applicant: { firstName: 'Lan', lastName: 'Nguyen' },
          guardian: { name: 'Mai Nguyen', email: 'mai@example.org', language },
        },
      });
    expect((await save('vi')).status).toBe(200);
    const [row] = await ctx.db.select().from(s.applicant).where(eq(s.applicant.id_applicant, app.id_applicant));
    expect(row.guardianLanguage).toBe('vi');
    const wrong = await save('fr');
    expect(wrong.status).toBe(400);
    const [kept] = await ctx.db.select().from(s.applicant).where(eq(s.applicant.id_applicant, app.id_applicant));
    expect(kept.guardianLanguage).toBe('vi');
  });
});

describe('a selection of 10,000', () => {
  it('is queued in one request, every one of them accounted for', async () => {
    const school = await createSchool(ctx.db);
    const campus = await createCampus(ctx.db, school.id_school);
    const big = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 5 } });
    const token = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
    await ctx.db.execute(sql`
      WITH people AS (
        INSERT INTO applicant (id_school, first_name, last_name, guardian_email)
        SELECT ${school.id_school}, 'Child' || n, 'Big', 'big' || n || '@example.org' FROM generate_series(1, 10000) n
        RETURNING id_applicant
      )
      INSERT INTO application (id_school, id_campus, id_campus_year, id_school_year, correlative, id_applicant, id_grade, id_status)
      SELECT ${school.id_school}, ${campus.id_campus}, ${big.id_campus_year}, ${big.id_school_year},
             row_number() OVER (ORDER BY id_applicant), id_applicant, 3, ${STATUS.APPLIED}
      FROM people`);
    // as autovacuum would after a bulk load: without statistics the planner takes 10,000 rows for a handful
    await ctx.db.execute(sql`ANALYZE applicant`);
    await ctx.db.execute(sql`ANALYZE application`);
    // every address opted out: the whole path runs (recipients, opt-out check, inserts) and nothing goes to SMTP
    await ctx.db.execute(sql`
      INSERT INTO communication_opt_out (id_school, channel, address, source)
      SELECT ${school.id_school}, 'email', 'big' || n || '@example.org', 'unsubscribe' FROM generate_series(1, 10000) n`);
    const ids = (
      await ctx.db
        .select({ id: s.application.id_application })
        .from(s.application)
        .where(eq(s.application.id_school, school.id_school))
    ).map((r) => r.id);
    expect(ids).toHaveLength(10_000);
    const res = await call<{ data: MessageBatch }>('POST', '/email/send-multiple', {
      token,
      body: { ids, subject: 'To everyone', text: 'Hello {{applicant_first_name}}' },
    });
    // its speed is the outbox bench's to measure (npm run bench -- --only=outbox), not a timed test's
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.data).toMatchObject({ requested: 10_000, total: 10_000, skipped: 10_000 });
  }, 60_000);
});
