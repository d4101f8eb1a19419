import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import { familyDateTime } from '@openseat/shared/zoned-time';
import * as s from '../../db/schema/index';
import { OFFER_EMAILS, OFFER_TEXT_MESSAGES } from '../../db/seed/default-templates';
import { applicationRow, createApplication } from '../../test/application-factories';
import { createEmailTemplate, createSmsTemplate } from '../../test/communication-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import {
  createEmailTemplate as createReminderEmail,
  createReminder,
  enteredStatusAt,
} from '../../test/reminder-factories';
import { tokenFor } from '../../test/session';
import { sendDueReminders } from '../reminders/reminders.jobs';

/*
 * A family's messages in the family's language (issue 24): the language the guardian chose in the family portal
 * (guardian_preference, by their e-mail or phone), else the application's guardian language, else English. The
 * campus's templates in that language go, else the English ones; the offer's deadline is written in the language of
 * the message that carries it.
 */

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let token: string;
type Campus = Awaited<ReturnType<typeof createCampus>>;
type Period = Awaited<ReturnType<typeof createPeriod>>;
/** A campus with the default offer templates in the six languages, and one with English and Spanish ones only. */
let sixLanguages: { campus: Campus; period: Period };
let twoLanguages: { campus: Campus; period: Period };
let school: { id_school: number };

async function campusWith(name: string, languages: readonly string[]) {
  const campus = await createCampus(ctx.db, school.id_school, name);
  await createCampusGrades(ctx.db, campus, [3]);
  const period = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 20 } });
  for (const t of OFFER_EMAILS.filter((e) => languages.includes(e.lng))) await createEmailTemplate(ctx.db, campus, t);
  for (const t of OFFER_TEXT_MESSAGES.filter((m) => languages.includes(m.lng)))
    await createSmsTemplate(ctx.db, campus, t);
  return { campus, period };
}

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  school = await createSchool(ctx.db, 'Saguaro Prep');
  await ctx.db
    .update(s.schoolConfiguration)
    .set({ time_zone: 'America/Phoenix' })
    .where(eq(s.schoolConfiguration.id_school, school.id_school));
  sixLanguages = await campusWith('Saguaro North', ['en', 'es', 'vi', 'zh', 'ht', 'ar']);
  twoLanguages = await campusWith('Saguaro South', ['en', 'es']);
  token = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
});
afterAll(async () => {
  await ctx?.close();
});

const applied = (period: Period, spec: Parameters<typeof createApplication>[2]) =>
  createApplication(ctx.db, period, { id_status: STATUS.APPLIED, ...spec });
const remember = (kind: 'email' | 'phone', contactKey: string, lng: string) =>
  ctx.db.insert(s.guardianPreference).values({ kind, contactKey, lng });
async function speaks(id_application: number, guardianLanguage: string) {
  const { id_applicant } = await applicationRow(ctx.db, id_application);
  await ctx.db.update(s.applicant).set({ guardianLanguage }).where(eq(s.applicant.id_applicant, id_applicant));
}
async function offer(...ids: number[]) {
  const res = await call('PUT', '/application/status', {
    token,
    body: { applicationIds: ids, id_status: STATUS.OFFERED },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
const messagesOf = async (id_application: number) => {
  const rows = await ctx.db
    .select()
    .from(s.messageOutbox)
    .where(eq(s.messageOutbox.id_application, id_application))
    .orderBy(s.messageOutbox.id_message);
  return { email: rows.filter((m) => m.channel === 'email'), sms: rows.filter((m) => m.channel === 'sms') };
};
const deadlineOf = async (id_application: number, lng: string) =>
  familyDateTime((await applicationRow(ctx.db, id_application)).offer_expires_at!, 'America/Phoenix', lng);

describe("a family's messages in the language the guardian chose", () => {
  it('sends the Vietnamese offer, deadline in Vietnamese, to a guardian who chose Vietnamese in the portal', async () => {
    // typed by staff with capitals and spaces: the portal keys the guardian as lower case, no spaces
    const app = await applied(sixLanguages.period, { firstName: 'Minh', guardianEmail: ' Nguyen.Family@Example.org ' });
    await remember('email', 'nguyen.family@example.org', 'vi');
    await offer(app.id_application);

    const { email, sms } = await messagesOf(app.id_application);
    expect(email).toHaveLength(1);
    // no phone: the text is written (skipped, no address), in Vietnamese too
    expect(sms.map((m) => [m.lng, m.status])).toEqual([['vi', 'skipped']]);
    const deadline = await deadlineOf(app.id_application, 'vi');
    expect(deadline).toMatch(/^\d{2}:\d{2} ngày \d{1,2} tháng \d{1,2} năm \d{4} MST$/);
    expect(email[0]).toMatchObject({
      lng: 'vi',
      subject: `Một chỗ học cho Minh tại Saguaro Prep: vui lòng trả lời trước ${deadline}`,
    });
    expect(email[0].body).toContain(`Vui lòng cho chúng tôi biết trước ${deadline} quý vị chấp nhận hay từ chối`);
    expect(email[0].body).toContain('Saguaro North (Saguaro Prep)');
  });

  it("prefers the portal's choice to the application's language, and finds a guardian by phone", async () => {
    const app = await applied(sixLanguages.period, {
      firstName: 'Wen',
      guardianEmail: 'li.family@example.org',
      guardianPhoneNumber: '+1 (602) 555-0177',
    });
    await speaks(app.id_application, 'es');
    await remember('phone', '6025550177', 'zh');
    await offer(app.id_application);

    const { email, sms } = await messagesOf(app.id_application);
    const deadline = await deadlineOf(app.id_application, 'zh');
    expect(deadline).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日/);
    expect(email.map((m) => [m.lng, m.subject])).toEqual([
      ['zh', `Saguaro Prep为Wen提供一个学位：请在${deadline}之前答复`],
    ]);
    expect(sms.map((m) => m.lng)).toEqual(['zh']);
    expect(sms[0].body).toContain(`请在${deadline}之前接受或放弃`);
  });

  it("sends Spanish to a guardian with no choice whose application's language is Spanish", async () => {
    const app = await applied(sixLanguages.period, { firstName: 'Lucía', guardianEmail: 'garcia.family@example.org' });
    await speaks(app.id_application, 'es');
    // another guardian's choice does not count
    await remember('email', 'someone.else@example.org', 'ar');
    await offer(app.id_application);

    const { email } = await messagesOf(app.id_application);
    const deadline = await deadlineOf(app.id_application, 'es');
    expect(email.map((m) => [m.lng, m.subject])).toEqual([
      ['es', `Un cupo para Lucía en Saguaro Prep: responda antes del ${deadline}`],
    ]);
    expect(deadline).toMatch(/^\d{1,2} de [a-z]+ de \d{4}/);
  });

  it('sends the English template, deadline in English, when the campus has none in the chosen language', async () => {
    const app = await applied(twoLanguages.period, {
      firstName: 'Amir',
      guardianEmail: 'haddad.family@example.org',
      guardianPhoneNumber: '6025550188',
    });
    await remember('email', 'haddad.family@example.org', 'ar');
    await offer(app.id_application);

    const { email, sms } = await messagesOf(app.id_application);
    const deadline = await deadlineOf(app.id_application, 'en');
    expect(deadline).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at .+ MST$/);
    expect(email.map((m) => [m.lng, m.subject])).toEqual([
      ['en', `A seat for Amir at Saguaro Prep: please answer by ${deadline}`],
    ]);
    expect(sms.map((m) => m.lng)).toEqual(['en']);
    expect(sms[0].body).toContain(`Accept or decline by ${deadline}`);
  });

  it('writes Arabic and Haitian Creole offers for the guardians who chose them', async () => {
    const arabic = await applied(sixLanguages.period, { firstName: 'Yara', guardianEmail: 'yara.family@example.org' });
    const creole = await applied(sixLanguages.period, { firstName: 'Jean', guardianEmail: 'jean.family@example.org' });
    await remember('email', 'yara.family@example.org', 'ar');
    await remember('email', 'jean.family@example.org', 'ht');
    await offer(arabic.id_application, creole.id_application);

    const [ar] = (await messagesOf(arabic.id_application)).email;
    expect(ar.lng).toBe('ar');
    expect(ar.body).toContain(`يُرجى إبلاغنا قبل ${await deadlineOf(arabic.id_application, 'ar')}`);
    const [ht] = (await messagesOf(creole.id_application)).email;
    const creoleDeadline = await deadlineOf(creole.id_application, 'ht');
    expect(creoleDeadline).toMatch(
      /^\d{1,2} (janvye|fevriye|mas|avril|me|jen|jiyè|out|septanm|oktòb|novanm|desanm) \d{4} a \d{2}:\d{2} MST$/,
    );
    expect(ht).toMatchObject({
      lng: 'ht',
      subject: `Yon plas pou Jean nan Saguaro Prep: tanpri reponn anvan ${creoleDeadline}`,
    });
  });
});

describe("a reminder's message", () => {
  it("is written in its template's language, deadline included, whatever the family's", async () => {
    const tpl = await createReminderEmail(ctx.db, twoLanguages.campus, {
      subject: 'Your answer, please',
      text: 'Please answer by {{acceptance_deadline}}.',
      html: null,
    });
    const reminder = await createReminder(ctx.db, twoLanguages.campus, {
      id_status: STATUS.OFFERED,
      periodicity: 1,
      id_campus_email: tpl.id_campus_email,
    });
    const app = await applied(twoLanguages.period, { firstName: 'Bao', guardianEmail: 'tran.family@example.org' });
    await remember('email', 'tran.family@example.org', 'vi');
    await offer(app.id_application);
    await enteredStatusAt(ctx.db, app.id_application, new Date(Date.now() - 26 * 3_600_000));
    await sendDueReminders({ db: ctx.db, jobs: ctx.jobs }, new Date());

    const [sent] = (await messagesOf(app.id_application)).email.filter((m) => m.id_reminder === reminder.id_reminder);
    expect(sent).toMatchObject({
      lng: 'en',
      body: `Please answer by ${await deadlineOf(app.id_application, 'en')}.`,
    });
  });
});

describe('the default offer templates', () => {
  it('say the same in every language: the same merge fields, the portal link among them', () => {
    const fieldsOf = (text: string) => [...new Set([...text.matchAll(/{{(\w+)}}/g)].map((m) => m[1]))].sort();
    const english = OFFER_EMAILS.find((e) => e.lng === 'en')!;
    const englishSms = OFFER_TEXT_MESSAGES.find((m) => m.lng === 'en')!;
    expect(OFFER_EMAILS.map((e) => e.lng).sort()).toEqual(['ar', 'en', 'es', 'ht', 'vi', 'zh']);
    expect(OFFER_TEXT_MESSAGES.map((m) => m.lng).sort()).toEqual(['ar', 'en', 'es', 'ht', 'vi', 'zh']);
    expect(fieldsOf(english.text)).toContain('portal_link');
    expect(fieldsOf(englishSms.text)).toContain('portal_link');
    for (const e of OFFER_EMAILS) {
      expect(fieldsOf(e.subject), e.lng).toEqual(fieldsOf(english.subject));
      expect(fieldsOf(e.text), e.lng).toEqual(fieldsOf(english.text));
      expect([e.from, e.to], e.lng).toEqual([english.from, english.to]);
    }
    for (const m of OFFER_TEXT_MESSAGES) expect(fieldsOf(m.text), m.lng).toEqual(fieldsOf(englishSms.text));
  });
});
