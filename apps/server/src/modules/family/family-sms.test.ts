import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STATUS } from '@openseat/shared/constants';
import { FAMILY_LANGUAGES, type FamilySession } from '@openseat/shared/schemas/family';
import * as s from '../../db/schema/index';
import { encryptSecret } from '../../lib/crypto';
import { createApplication } from '../../test/application-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { drainJobs } from '../../test/jobs';
import { startFakeTwilio, type FakeTwilio } from '../../test/twilio';
import { signInSms } from './family.mails';

/*
 * The sign-in code by text message (issue 24, docs/family-portal.md "Phones"): a phone contact gets the code from a
 * campus of theirs whose school sends SMS, through the school's Twilio account (a local fake over real HTTP), never
 * through the staff's message log; a phone on no application, or only at schools without SMS, gets nothing, and the
 * answer is the same.
 */

let ctx: TestContext;
let twilio: FakeTwilio;
let call: ReturnType<typeof apiClient>;
type Period = Awaited<ReturnType<typeof createPeriod>>;
/** School A sends SMS through its own Twilio account; school B has no account (nor has the server). */
let withSms: Period;
let withoutSms: Period;
const SAME_SITE = { 'x-requested-with': 'fetch' };
const SCHOOL_SID = 'AC00000000000000000000000000000042';
const CAMPUS_NUMBER = '+15550009999';

beforeAll(async () => {
  twilio = await startFakeTwilio();
  ctx = await startTestApp({ env: { TWILIO_API_URL: twilio.url } });
  call = apiClient(ctx.baseUrl);
  const schoolA = await createSchool(ctx.db, 'Texting School');
  const schoolB = await createSchool(ctx.db, 'Quiet School');
  await ctx.db
    .update(s.schoolConfiguration)
    .set({
      twilio_account_sid: SCHOOL_SID,
      twilio_auth_token_encrypted: encryptSecret(ctx.secrets.encryptionKey, 'texting-school-token'),
    })
    .where(eq(s.schoolConfiguration.id_school, schoolA.id_school));
  const campusA = await createCampus(ctx.db, schoolA.id_school, 'Texting Campus');
  const campusB = await createCampus(ctx.db, schoolB.id_school, 'Quiet Campus');
  await ctx.db
    .update(s.campusConfiguration)
    .set({ phone_number: CAMPUS_NUMBER })
    .where(eq(s.campusConfiguration.id_campus, campusA.id_campus));
  // a number of its own does not make a school without an SMS account send
  await ctx.db
    .update(s.campusConfiguration)
    .set({ phone_number: '+15550008888' })
    .where(eq(s.campusConfiguration.id_campus, campusB.id_campus));
  await createCampusGrades(ctx.db, campusA, [3]);
  await createCampusGrades(ctx.db, campusB, [3]);
  withSms = await createPeriod(ctx.db, campusA, { state: 'started', grades: { 3: 2 } });
  withoutSms = await createPeriod(ctx.db, campusB, { state: 'started', grades: { 3: 2 } });
});
afterAll(async () => {
  await ctx?.close();
  await twilio?.close();
});
beforeEach(() => {
  twilio.requests.length = 0;
  twilio.received.length = 0;
});

let phones = 0;
/** A new guardian phone: ten digits, as a family might type them, and its E.164 form. */
function newPhone() {
  const line = String(1000 + ++phones);
  return { typed: `(555) 010-${line}`, e164: `+1555010${line}` };
}

/** An application whose only guardian contact is this phone. */
const phoneApplication = (
  period: Parameters<typeof createApplication>[1],
  guardianPhoneNumber: string,
  extra: Parameters<typeof createApplication>[2] = {},
) =>
  createApplication(ctx.db, period, { id_status: STATUS.APPLIED, guardianEmail: null, guardianPhoneNumber, ...extra });
/** The sealed outbox's rows to a number. */
const smsRowsTo = (e164: string) =>
  ctx.db.select().from(s.guardianSignInSms).where(eq(s.guardianSignInSms.recipient, e164));

const texts = (e164: string) => twilio.requests.filter((r) => r.form.To === e164);
const codeOf = (body: string) => /\b(\d{6})\b/.exec(body)?.[1] ?? '';

async function signIn(contact: string, lng?: string) {
  const started = Date.now();
  const answer = await call('POST', '/family/sign-in', { body: { contact, ...(lng ? { lng } : {}) } });
  return { ...answer, ms: Date.now() - started };
}

const openWithCode = (contact: string, code: string) =>
  call<FamilySession>('POST', '/family/session', { body: { contact, code }, headers: SAME_SITE });

describe('the sign-in code by text message', () => {
  it('texts the code from the campus, through the school’s account, and the code opens a session', async () => {
    const phone = newPhone();
    await phoneApplication(withSms, phone.typed);
    const known = await signIn(`+1 ${phone.typed}`);
    expect(known.status).toBe(200);
    expect(known.ms).toBeGreaterThanOrEqual(300);
    await drainJobs(ctx);

    const sent = texts(phone.e164);
    expect(sent).toHaveLength(1);
    expect(sent[0].path).toBe(`/2010-04-01/Accounts/${SCHOOL_SID}/Messages.json`);
    expect(sent[0].authorization).toBe(`Basic ${Buffer.from(`${SCHOOL_SID}:texting-school-token`).toString('base64')}`);
    expect(sent[0].form.From).toBe(CAMPUS_NUMBER);
    const code = codeOf(sent[0].form.Body);
    expect(sent[0].form.Body).toBe(signInSms(code, 'en'));

    // the staff's message log and the development SMS catcher never held it; the sign-in outbox holds it no more
    const logged = await ctx.db
      .select()
      .from(s.messageOutbox)
      .where(sql`${s.messageOutbox.body} LIKE ${`%${code}%`}`);
    expect(logged).toEqual([]);
    expect(await ctx.db.select().from(s.capturedTextMessage)).toEqual([]);
    const [row] = await smsRowsTo(phone.e164);
    expect(row).toMatchObject({ status: 'sent', sealedBody: null, attempts: 1 });
    expect(row.providerId).toMatch(/^SM/);

    const opened = await openWithCode(phone.typed, code);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.contact).toBe(`•••• ${phone.e164.slice(-4)}`);
    expect((await openWithCode(phone.typed, code)).status).toBe(400);
  });

  it('answers a phone on no application alike, and texts nothing', async () => {
    const phone = newPhone();
    const unknown = await signIn(phone.typed);
    const known = newPhone();
    await phoneApplication(withSms, known.typed);
    const answered = await signIn(known.typed);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(answered.body);
    expect(unknown.ms).toBeGreaterThanOrEqual(300);
    await drainJobs(ctx);
    expect(texts(phone.e164)).toEqual([]);
    expect(texts(known.e164)).toHaveLength(1);
    const rows = await smsRowsTo(phone.e164);
    expect(rows).toEqual([]);
  });

  it('texts nothing when no school of the guardian sends SMS, and picks the one that does when they span schools', async () => {
    const quiet = newPhone();
    await phoneApplication(withoutSms, quiet.typed);
    const answer = await signIn(quiet.typed);
    expect(answer.status).toBe(200);
    expect(answer.ms).toBeGreaterThanOrEqual(300);

    // newest application at the school without SMS, an older one at the school with SMS
    const both = newPhone();
    await phoneApplication(withSms, both.typed, { createdAt: new Date(Date.now() - 86_400_000) });
    await phoneApplication(withoutSms, both.e164);
    await signIn(both.typed);
    await drainJobs(ctx);

    expect(texts(quiet.e164)).toEqual([]);
    const queued = await smsRowsTo(quiet.e164);
    expect(queued).toEqual([]);
    expect(await ctx.db.select().from(s.capturedTextMessage)).toEqual([]);
    const [toBoth] = texts(both.e164);
    expect(toBoth.form.From).toBe(CAMPUS_NUMBER);
    expect((await openWithCode(both.typed, codeOf(toBoth.form.Body))).status).toBe(200);
  });

  it('speaks the language the guardian chose, else the one asked in, else the application’s', async () => {
    const phone = newPhone();
    const app = await phoneApplication(withSms, phone.typed);
    await ctx.db
      .update(s.applicant)
      .set({ guardianLanguage: 'es' })
      .where(eq(s.applicant.id_applicant, app.id_applicant));
    await signIn(phone.typed);
    await signIn(phone.typed, 'ht');
    await drainJobs(ctx);
    const bodies = texts(phone.e164).map((r) => r.form.Body);
    expect(bodies).toHaveLength(2);
    const languages = bodies.map((b) => (['es', 'ht'] as const).find((lng) => b === signInSms(codeOf(b), lng)));
    expect(languages.sort()).toEqual(['es', 'ht']);

    // the chosen language wins over the one asked in
    const cookie = /openseat_family=([^;]*)/.exec(
      (await openWithCode(phone.typed, codeOf(bodies[0]))).headers.get('set-cookie') ?? '',
    )?.[1];
    const chose = await call('PUT', '/family/language', {
      body: { lng: 'vi' },
      headers: { cookie: `openseat_family=${cookie}`, ...SAME_SITE },
    });
    expect(chose.status).toBe(200);
    await signIn(phone.typed, 'ht');
    await drainJobs(ctx);
    const third = texts(phone.e164)[2].form.Body;
    expect(third).toBe(signInSms(codeOf(third), 'vi'));
  });

  it('texts three codes per phone per quarter hour; more are answered alike and text nothing', async () => {
    const phone = newPhone();
    await phoneApplication(withSms, phone.typed);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await signIn(phone.typed));
    await drainJobs(ctx);
    expect(new Set(answers.map((a) => JSON.stringify([a.status, a.body]))).size).toBe(1);
    expect(texts(phone.e164)).toHaveLength(3);
  });

  it('skips a school the number told to STOP', async () => {
    const phone = newPhone();
    const app = await phoneApplication(withSms, phone.typed);
    await ctx.db
      .insert(s.communicationOptOut)
      .values({ id_school: app.id_school, channel: 'sms', address: phone.e164, source: 'stop' });
    expect((await signIn(phone.typed)).status).toBe(200);
    await drainJobs(ctx);
    expect(texts(phone.e164)).toEqual([]);
  });

  it('retries a provider outage, and gives up on a refused number at once, dropping the code', async () => {
    const outage = newPhone();
    await phoneApplication(withSms, outage.typed);
    twilio.failNext(1, 503);
    await signIn(outage.typed);
    await drainJobs(ctx);
    expect(texts(outage.e164)).toHaveLength(2);
    const [retried] = await smsRowsTo(outage.e164);
    expect(retried).toMatchObject({ status: 'sent', attempts: 2, sealedBody: null });

    const refused = newPhone();
    await phoneApplication(withSms, refused.typed);
    twilio.failNext(1, 400);
    await signIn(refused.typed);
    await drainJobs(ctx);
    expect(texts(refused.e164)).toHaveLength(1);
    const [failed] = await smsRowsTo(refused.e164);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, sealedBody: null });
    expect(failed.lastError).toMatch(/Twilio 400/);
  });
});

/** GSM 03.38's basic set: a text of these alone goes as GSM-7, 160 characters to a segment. */
const GSM7 =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

describe('the code’s text', () => {
  it('is one SMS segment in every family language, and GSM-7 in English, Spanish and Haitian Creole', () => {
    for (const lng of FAMILY_LANGUAGES) {
      const text = signInSms('123456', lng);
      expect(text, lng).toContain('123456');
      const gsm = [...text].every((ch) => GSM7.includes(ch));
      if (lng === 'en' || lng === 'es' || lng === 'ht') expect(gsm, `${lng} is GSM-7`).toBe(true);
      expect(text.length, `${lng}: ${text}`).toBeLessThanOrEqual(gsm ? 160 : 70);
    }
  });
});
