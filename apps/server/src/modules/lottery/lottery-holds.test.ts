import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import type { LotteryPlan, MessageHold } from '@openseat/shared/schemas/lottery';
import * as s from '../../db/schema/index';
import { OFFER_EMAILS, OFFER_TEXT_MESSAGES } from '../../db/seed/default-templates';
import { applicationRow, createApplication } from '../../test/application-factories';
import { createEmailTemplate, createSmsTemplate } from '../../test/communication-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { closedLotteryPeriod, drawFrozen, ON_TIME } from '../../test/lottery-draw';
import { tokenFor } from '../../test/session';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { startFakeTwilio, type FakeTwilio } from '../../test/twilio';
import { dispatchDue } from '../communication/outbox.jobs';
import { releaseDue } from '../communication/message-holds.service';

/*
 * A real draw's messages are held: the offers and waiting-list places are made in the draw's transaction, but no
 * family is told (no outbox row, no mail, no text) until staff release them, now or at a scheduled time. A release
 * tells each family once; another school can neither see nor release the holds.
 */

let smtp: TestSmtpServer;
let twilio: FakeTwilio;
let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
const token = { admin: '', second: '', other: '' };
let school: { id_school: number };
type Saved<T> = { message: string; data: T };
type Refusal = { message: string; code: string; errors?: Array<{ path: string; message: string }> };

beforeAll(async () => {
  smtp = await startSmtpServer();
  twilio = await startFakeTwilio();
  ctx = await startTestApp({
    smtpUrl: smtp.url,
    env: {
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000001',
      TWILIO_AUTH_TOKEN: 'twilio-test-token',
      TWILIO_API_URL: twilio.url,
      TWILIO_FROM: '+15550001111',
      OUTBOX_RETRY_SECONDS: '0',
    },
  });
  call = apiClient(ctx.baseUrl);
  school = await createSchool(ctx.db, 'Desert Sun Academy');
  await ctx.db
    .update(s.schoolConfiguration)
    .set({ time_zone: 'America/Phoenix' })
    .where(eq(s.schoolConfiguration.id_school, school.id_school));
  token.admin = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  token.second = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  const other = await createSchool(ctx.db, 'Other School');
  token.other = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: other.id_school });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  await twilio?.close();
});

let campuses = 0;

/**
 * A lottery campus with the default offer templates (six languages), a contact, 2 seats in grade 3 and 3 families applied
 * before the period closed, drawn (frozen on dice first: test/lottery-draw.ts).
 */
async function drawnScenario() {
  const campus = await createCampus(ctx.db, school.id_school, `Mesa Campus ${++campuses}`);
  await ctx.db
    .update(s.campus)
    .set({ telephone: '+16025550142', email: `office${campuses}@desertsun.example.org` })
    .where(eq(s.campus.id_campus, campus.id_campus));
  await ctx.db
    .insert(s.campusConfiguration)
    .values({ id_school: school.id_school, id_campus: campus.id_campus, is_lottery_campus: true })
    .onConflictDoUpdate({ target: s.campusConfiguration.id_campus, set: { is_lottery_campus: true } });
  await createCampusGrades(ctx.db, campus, [3]);
  const period = await createPeriod(ctx.db, campus, closedLotteryPeriod({ grades: { 3: 2 } }));
  for (const t of OFFER_EMAILS) await createEmailTemplate(ctx.db, campus, t);
  for (const t of OFFER_TEXT_MESSAGES) await createSmsTemplate(ctx.db, campus, t);
  await createEmailTemplate(ctx.db, campus, {
    from: STATUS.APPLIED,
    to: STATUS.WAITING_LIST,
    subject: 'On the waiting list',
    text: '{{applicant_first_name}} is on the waiting list.',
  });
  const apps = [];
  for (let i = 0; i < 3; i++)
    apps.push(
      await createApplication(ctx.db, period, {
        id_status: STATUS.APPLIED,
        firstName: `Kid${campuses}x${i}`,
        guardianEmail: `family${campuses}x${i}@example.org`,
        guardianPhoneNumber: `60255501${campuses}${i}`,
        createdAt: ON_TIME,
      }),
    );
  const ids = apps.map((a) => a.id_application);
  const plan = await call<LotteryPlan>(
    'GET',
    `/lottery/plan?id_campus=${campus.id_campus}&id_school_year=${period.id_school_year}`,
    { token: token.admin },
  );
  expect(plan.status).toBe(200);
  expect(plan.body).toMatchObject({ applications: 3, families: 3, seats: 2 });
  const drawn = await drawFrozen(call, [token.admin, token.second], period);
  expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
  const holds = await call<MessageHold[]>('GET', `/lottery/holds?id_campus=${campus.id_campus}`, {
    token: token.admin,
  });
  expect(holds.status).toBe(200);
  expect(holds.body).toHaveLength(1);
  return { campus, period, ids, drawn: drawn.body.data, hold: holds.body[0] };
}

const outboxOf = (ids: number[]) =>
  ctx.db.select().from(s.messageOutbox).where(inArray(s.messageOutbox.id_application, ids));
const mailsTo = (addresses: string[]) => smtp.received.filter((m) => m.to.some((to) => addresses.includes(to)));
const addressesOf = (ids: number[]) => ids.map((_, i) => `family${campuses}x${i}@example.org`);
const release = (id: number, who = token.admin) =>
  call<Saved<MessageHold> & Refusal>('POST', `/lottery/holds/${id}/release`, { token: who });

describe("a real draw holds its families' messages", () => {
  it('makes the offers, but queues and sends nothing until staff release them; then tells each family once', async () => {
    const { ids, drawn, hold } = await drawnScenario();
    expect(drawn.selectedList).toHaveLength(2);
    expect(hold).toMatchObject({ state: 'held', offers: 2, families: 3, releaseAt: null, releasedAt: null });
    expect(hold.id_lottery).toBe(drawn.lottery!.id_lottery);
    const offered = drawn.selectedList.map((o) => o.id_application);
    for (const id of offered) {
      const row = await applicationRow(ctx.db, id);
      expect(row.id_status).toBe(STATUS.OFFERED);
      // the deadline starts when the family is told
      expect(row.offer_expires_at).toBeNull();
    }
    // nothing is in the outbox, so nothing can be sent: the dispatcher finds nothing for these families
    expect(await outboxOf(ids)).toHaveLength(0);
    await dispatchDue(ctx.jobContext);
    expect(mailsTo(addressesOf(ids))).toHaveLength(0);
    expect(twilio.requests.filter((r) => r.form.Body?.includes(`Kid${campuses}x`))).toHaveLength(0);

    const first = await release(hold.id_message_hold);
    expect(first.status).toBe(200);
    expect(first.body.data.state).toBe('released');
    const second = await release(hold.id_message_hold);
    expect(second.status).toBe(200);
    expect(second.body.data.releasedAt).toBe(first.body.data.releasedAt);

    // two offers (e-mail + text) and one waiting-list e-mail, each once
    await dispatchDue(ctx.jobContext);
    await expect.poll(() => mailsTo(addressesOf(ids)).length, { timeout: 15_000 }).toBe(3);
    const rows = await outboxOf(ids);
    expect(rows.map((r) => r.channel).sort()).toEqual(['email', 'email', 'email', 'sms', 'sms']);
    expect(new Set(rows.map((r) => `${r.id_application}:${r.channel}`)).size).toBe(5);
    for (const id of offered) expect((await applicationRow(ctx.db, id)).offer_expires_at).not.toBeNull();
  });

  it("renders the offer with the school, the campus, its contact, the deadline's time and zone, and what to do", async () => {
    const { campus, drawn, hold } = await drawnScenario();
    const [spanish, english] = drawn.selectedList.map((o) => o.id_application);
    const applicant = await ctx.db
      .select({ id: s.application.id_applicant })
      .from(s.application)
      .where(eq(s.application.id_application, spanish));
    await ctx.db
      .update(s.applicant)
      .set({ guardianLanguage: 'es' })
      .where(eq(s.applicant.id_applicant, applicant[0].id));
    expect((await release(hold.id_message_hold)).status).toBe(200);
    const [mailEn] = (await outboxOf([english])).filter((r) => r.channel === 'email');
    const [smsEn] = (await outboxOf([english])).filter((r) => r.channel === 'sms');
    const [mailEs] = (await outboxOf([spanish])).filter((r) => r.channel === 'email');
    const deadline = (await applicationRow(ctx.db, english)).offer_expires_at!;
    const inPhoenix = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Phoenix',
      dateStyle: 'long',
      timeStyle: 'short',
    }).format(deadline);
    for (const text of [mailEn.subject!, mailEn.body, smsEn.body]) expect(text).toContain('Desert Sun Academy');
    for (const text of [mailEn.body, smsEn.body]) {
      expect(text).toContain(campus.name);
      expect(text).toContain('+16025550142');
      expect(text).toContain(`${inPhoenix} MST`);
      expect(text).toContain('{{portal_link}}');
    }
    expect(mailEn.body).toContain(`office${campuses}@desertsun.example.org`);
    expect(mailEn.body).toMatch(
      /To accept or decline, answer online: {{portal_link}}\n\nYou can also reply to this e-mail/,
    );
    expect(mailEs.lng).toBe('es');
    expect(mailEs.body).toContain('Desert Sun Academy');
    expect(mailEs.body).toMatch(/\d+ de [a-z]+ de \d{4} a las .+ MST/);
    expect(mailEs.body).toContain('Para aceptar o rechazar, responda en línea: {{portal_link}}');
    // a family's reply goes to the campus (the app's own worker may be the one sending it)
    await dispatchDue(ctx.jobContext);
    const sent = () => smtp.received.find((m) => m.messageId === `<${mailEn.idempotencyKey}@openseat>`);
    await expect.poll(() => sent(), { timeout: 15_000 }).toBeDefined();
    expect(sent()!.text).toMatch(new RegExp(`^Reply-To: office${campuses}@desertsun\\.example\\.org`, 'm'));
    // the link, made as it was sent, signs the family in on the offer's page
    expect(sent()!.text).toMatch(new RegExp(`answer online: ${ctx.baseUrl}/family/link/[\\w-]{43}\\?to=${english}\\s`));
  });

  it('sends at the scheduled time on the campus clock, once, when the due-release job runs', async () => {
    const { ids, hold } = await drawnScenario();
    const at = (body: unknown, who = token.admin) =>
      call<Saved<MessageHold> & Refusal>('PUT', `/lottery/holds/${hold.id_message_hold}/release-at`, {
        token: who,
        body,
      });
    const scheduled = await at({ release_on: '2099-03-02', release_time: '17:00' });
    expect(scheduled.status).toBe(200);
    // 17:00 in Phoenix (UTC-7 all year)
    expect(scheduled.body.data).toMatchObject({ state: 'scheduled', releaseAt: '2099-03-03T00:00:00.000Z' });
    const changed = await at({ release_on: '2099-03-01', release_time: '08:30' });
    expect(changed.body.data.releaseAt).toBe('2099-03-01T15:30:00.000Z');

    expect(await releaseDue(ctx.jobContext, new Date('2099-03-01T15:29:59Z'))).toBe(0);
    await dispatchDue(ctx.jobContext);
    expect(await outboxOf(ids)).toHaveLength(0);
    expect(mailsTo(addressesOf(ids))).toHaveLength(0);

    expect(await releaseDue(ctx.jobContext, new Date('2099-03-01T15:30:00Z'))).toBe(1);
    expect(await releaseDue(ctx.jobContext, new Date('2099-03-01T15:31:00Z'))).toBe(0);
    await dispatchDue(ctx.jobContext);
    await expect.poll(() => mailsTo(addressesOf(ids)).length, { timeout: 15_000 }).toBe(3);
    expect(await outboxOf(ids)).toHaveLength(5);
    // released: it can no longer be scheduled
    expect((await at({ release_on: '2099-04-01', release_time: '09:00' })).status).toBe(409);
  });

  it('refuses bad input with 400, and another school can neither see nor release nor schedule the holds', async () => {
    const { campus, ids, hold } = await drawnScenario();
    const path = `/lottery/holds/${hold.id_message_hold}`;
    const put = (body: unknown, who = token.admin) => call<Refusal>('PUT', `${path}/release-at`, { token: who, body });
    expect((await put({ release_on: '2020-01-01', release_time: '09:00' })).status).toBe(400);
    const badTime = await put({ release_on: '2099-01-01', release_time: '25:00' });
    expect(badTime.status).toBe(400);
    expect(badTime.body.errors?.[0]).toMatchObject({ path: 'release_time' });
    expect((await put({ release_on: 'soon' })).status).toBe(400);
    expect((await call('POST', '/lottery/holds/abc/release', { token: token.admin })).status).toBe(400);
    expect((await call('GET', '/lottery/holds?id_campus=x', { token: token.admin })).status).toBe(400);

    expect((await release(hold.id_message_hold, token.other)).status).toBe(404);
    expect((await put({ release_on: '2099-01-01', release_time: '09:00' }, token.other)).status).toBe(404);
    expect((await call('GET', `/lottery/holds?id_campus=${campus.id_campus}`, { token: token.other })).status).toBe(
      404,
    );
    const [row] = await ctx.db
      .select()
      .from(s.messageHold)
      .where(eq(s.messageHold.id_message_hold, hold.id_message_hold));
    expect(row).toMatchObject({ releasedAt: null, releaseAt: null });
    expect(await outboxOf(ids)).toHaveLength(0);
  });
});

describe("a staff move can hold the family's message", () => {
  it('offers now and tells the family at the release', async () => {
    const campus = await createCampus(ctx.db, school.id_school, 'Manual Campus');
    await createCampusGrades(ctx.db, campus, [3]);
    const period = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 5 } });
    await createEmailTemplate(ctx.db, campus, OFFER_EMAILS[0]);
    const app = await createApplication(ctx.db, period, {
      id_status: STATUS.APPLIED,
      guardianEmail: 'manual.family@example.org',
    });
    const moved = await call('PUT', '/application/status', {
      token: token.admin,
      body: { applicationIds: [app.id_application], id_status: STATUS.OFFERED, holdMessages: true },
    });
    expect(moved.status).toBe(200);
    expect((await applicationRow(ctx.db, app.id_application)).id_status).toBe(STATUS.OFFERED);
    expect(await outboxOf([app.id_application])).toHaveLength(0);
    const holds = await call<MessageHold[]>('GET', `/lottery/holds?id_campus=${campus.id_campus}`, {
      token: token.admin,
    });
    expect(holds.body).toMatchObject([{ id_lottery: null, offers: 1, families: 1, state: 'held' }]);
    expect((await release(holds.body[0].id_message_hold)).status).toBe(200);
    await dispatchDue(ctx.jobContext);
    await expect.poll(() => mailsTo(['manual.family@example.org']).length, { timeout: 15_000 }).toBe(1);
  });
});
