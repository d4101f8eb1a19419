import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import type { FamilyApplicationDetail } from '@openseat/shared/schemas/family';
import * as s from '../../db/schema/index';
import { createApplication } from '../../test/application-factories';
import { createEmailTemplate, createSmsTemplate } from '../../test/communication-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { drainJobs } from '../../test/jobs';
import { tokenFor } from '../../test/session';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { startFakeTwilio, type FakeTwilio } from '../../test/twilio';

/*
 * The family portal's link in a message (issue 24): `{{portal_link}}` stays a placeholder in the outbox staff read,
 * and becomes, as the message is sent, a link that signs its recipient in and opens the application's answer page;
 * only for the application's guardian contact, once, for a week.
 */

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let smtp: TestSmtpServer;
let twilio: FakeTwilio;
let staff: string;
let period: Awaited<ReturnType<typeof createPeriod>>;
const SAME_SITE = { 'x-requested-with': 'fetch' };

beforeAll(async () => {
  smtp = await startSmtpServer();
  twilio = await startFakeTwilio();
  ctx = await startTestApp({
    smtpUrl: smtp.url,
    env: {
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000002',
      TWILIO_AUTH_TOKEN: 'twilio-test-token',
      TWILIO_API_URL: twilio.url,
      TWILIO_FROM: '+15550002222',
    },
  });
  call = apiClient(ctx.baseUrl);
  const school = await createSchool(ctx.db, 'Portal Links School');
  const campus = await createCampus(ctx.db, school.id_school, 'Portal Links Campus');
  await createCampusGrades(ctx.db, campus, [3]);
  period = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 20 } });
  await ctx.db
    .insert(s.campusConfiguration)
    .values({ id_school: campus.id_school, id_campus: campus.id_campus, phone_number: '+15557771111' })
    .onConflictDoUpdate({ target: s.campusConfiguration.id_campus, set: { phone_number: '+15557771111' } });
  await createEmailTemplate(ctx.db, campus, {
    from: STATUS.APPLIED,
    to: STATUS.OFFERED,
    subject: 'A seat for {{applicant_first_name}}',
    text: 'Answer online: {{portal_link}}',
    html: '<p><a href="{{ portal_link }}">Answer online</a></p>',
  });
  await createSmsTemplate(ctx.db, campus, {
    from: STATUS.APPLIED,
    to: STATUS.OFFERED,
    text: 'Answer: {{portal_link}}',
  });
  staff = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: campus.id_school });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  await twilio?.close();
});

const LINK = /\/family\/(?:link\/([A-Za-z0-9_-]{43})\?to=(\d+)|applications\/(\d+))/g;
/** The portal links in a text: each one's token (when it signs in) and the application it leads to. */
const linksIn = (text: string) =>
  [...text.matchAll(LINK)].map((m) => ({ token: m[1] ?? null, to: Number(m[2] ?? m[3]) }));

async function offer(spec: Parameters<typeof createApplication>[2]) {
  const application = await createApplication(ctx.db, period, { id_status: STATUS.APPLIED, ...spec });
  const res = await call('PUT', '/application/status', {
    token: staff,
    body: { applicationIds: [application.id_application], id_status: STATUS.OFFERED },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await drainJobs(ctx);
  return application;
}
const mailTo = (address: string) =>
  smtp.received.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
const outboxOf = (id_application: number) =>
  ctx.db.select().from(s.messageOutbox).where(eq(s.messageOutbox.id_application, id_application));
const cookieOf = (headers: Headers) => /openseat_family=([^;]*)/.exec(headers.get('set-cookie') ?? '')?.[1] ?? '';
const openSession = (body: unknown) => call('POST', '/family/session', { body, headers: SAME_SITE });
const messageSignIns = (contactKey: string) =>
  ctx.db
    .select()
    .from(s.guardianSignIn)
    .where(and(eq(s.guardianSignIn.contactKey, contactKey), eq(s.guardianSignIn.via, 'message')));

describe('the portal link in an offer message', () => {
  it('opens the answer page signed in, once; the outbox staff read holds no sign-in', async () => {
    const offered = await offer({ firstName: 'Inés', guardianEmail: 'Ines.Family@Example.org' });
    const [mail] = mailTo('Ines.Family@Example.org');
    const links = linksIn(mail.text);
    // the text and the HTML part carry the same link, to this application, with a sign-in
    expect(links).toHaveLength(2);
    expect(links[0]).toEqual(links[1]);
    expect(links[0]).toMatchObject({ to: offered.id_application, token: expect.any(String) });
    expect(mail.text).toContain(`${ctx.baseUrl}/family/link/${links[0].token}?to=${offered.id_application}`);

    const outbox = await outboxOf(offered.id_application);
    expect(outbox.find((m) => m.channel === 'email')).toMatchObject({
      status: 'sent',
      body: 'Answer online: {{portal_link}}',
      html: '<p><a href="{{portal_link}}">Answer online</a></p>',
    });
    expect(JSON.stringify(outbox)).not.toContain(links[0].token);

    const opened = await openSession({ token: links[0].token });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const cookie = `openseat_family=${cookieOf(opened.headers)}`;
    const page = await call<FamilyApplicationDetail>('GET', `/family/applications/${offered.id_application}`, {
      headers: { cookie },
    });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ stage: 'offered', offer: { canAnswer: true } });
    const accepted = await call('POST', `/family/applications/${offered.id_application}/answer`, {
      body: { answer: 'accept' },
      headers: { cookie, ...SAME_SITE },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    expect((await openSession({ token: links[0].token })).status).toBe(400);
  });

  it('signs the guardian in from a text message too', async () => {
    const offered = await offer({ guardianEmail: null, guardianPhoneNumber: '(555) 864-2200' });
    const [sms] = twilio.requests.filter((r) => r.form.To === '+15558642200');
    const [link] = linksIn(sms.form.Body);
    expect(link).toMatchObject({ to: offered.id_application, token: expect.any(String) });
    const opened = await openSession({ token: link.token });
    expect(opened.status).toBe(200);
    const mine = await call<Array<{ id_application: number }>>('GET', '/family/applications', {
      headers: { cookie: `openseat_family=${cookieOf(opened.headers)}` },
    });
    expect(mine.body.map((a) => a.id_application)).toEqual([offered.id_application]);
  });

  it("signs nobody in when the message goes to an address that is not the application's guardian contact", async () => {
    const offered = await offer({ guardianEmail: null, guardianPhoneNumber: null, email: 'student.self@example.org' });
    const [mail] = mailTo('student.self@example.org');
    expect(linksIn(mail.text)).toEqual([
      { token: null, to: offered.id_application },
      { token: null, to: offered.id_application },
    ]);
    expect(await messageSignIns('student.self@example.org')).toHaveLength(0);
  });

  it('lasts a week, is not counted by the sign-in limit, and wrong codes do not spend it', async () => {
    const before = Date.now();
    await offer({ guardianEmail: 'week.family@example.org' });
    const [signIn] = await messageSignIns('week.family@example.org');
    const days = (signIn.expiresAt.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    for (let i = 0; i < 3; i++) {
      const asked = await call('POST', '/family/sign-in', {
        body: { contact: 'week.family@example.org' },
        headers: SAME_SITE,
      });
      expect(asked.status).toBe(200);
    }
    const requested = await ctx.db
      .select()
      .from(s.guardianSignIn)
      .where(and(eq(s.guardianSignIn.contactKey, 'week.family@example.org'), eq(s.guardianSignIn.via, 'request')));
    expect(requested).toHaveLength(3);

    for (let i = 0; i < 6; i++)
      expect((await openSession({ contact: 'week.family@example.org', code: '000000' })).status).toBe(400);
    const [after] = await messageSignIns('week.family@example.org');
    expect(after).toMatchObject({ attempts: 0, usedAt: null });
  });
});
