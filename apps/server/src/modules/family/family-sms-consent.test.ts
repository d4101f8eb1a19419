import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import type { MessageBatch } from '@openseat/shared/schemas/communication';
import type { FamilySmsConsentSchool } from '@openseat/shared/schemas/sms-consent';
import * as s from '../../db/schema/index';
import { createApplication } from '../../test/application-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { tokenFor } from '../../test/session';
import { startFakeTwilio, type FakeTwilio } from '../../test/twilio';
import { until } from '../../test/until';
import { guardianSessionKey } from '../../test/guardian-session';

/*
 * The family's own consent to texts in the portal (issue 28, docs/privacy.md "Messaging consent"): a guardian reads
 * and answers for the phones of their own applications, per school, source 'portal', at once; never another family's.
 */

let ctx: TestContext;
let twilio: FakeTwilio;
let call: ReturnType<typeof apiClient>;
type Period = Awaited<ReturnType<typeof createPeriod>>;
let periodA: Period;
let periodB: Period;
let staffA: string;
const SAME_SITE = { 'x-requested-with': 'fetch' };

beforeAll(async () => {
  twilio = await startFakeTwilio();
  ctx = await startTestApp({
    env: {
      TWILIO_ACCOUNT_SID: 'ACtest',
      TWILIO_AUTH_TOKEN: 'twilio-test-token',
      TWILIO_API_URL: twilio.url,
      TWILIO_FROM: '+15550009999',
    },
  });
  call = apiClient(ctx.baseUrl);
  const schoolA = await createSchool(ctx.db, 'Consent School A');
  const schoolB = await createSchool(ctx.db, 'Consent School B');
  const campusA = await createCampus(ctx.db, schoolA.id_school, 'Consent Campus A');
  const campusB = await createCampus(ctx.db, schoolB.id_school, 'Consent Campus B');
  await createCampusGrades(ctx.db, campusA, [3]);
  await createCampusGrades(ctx.db, campusB, [3]);
  periodA = await createPeriod(ctx.db, campusA, { state: 'started', grades: { 3: 5 } });
  periodB = await createPeriod(ctx.db, campusB, { state: 'started', grades: { 3: 5 } });
  staffA = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolA.id_school });
});
afterAll(async () => {
  await ctx?.close();
  await twilio?.close();
});

const sessionOf = (email: string) => guardianSessionKey(ctx.db, email);

const asGuardian = <T>(cookie: string, method: string, body?: unknown) =>
  call<T>(method, '/family/sms-consent', { body, headers: { cookie: `openseat_family=${cookie}`, ...SAME_SITE } });
const consentOf = (cookie: string) => asGuardian<FamilySmsConsentSchool[]>(cookie, 'GET');
const answer = (cookie: string, body: unknown) => asGuardian<FamilySmsConsentSchool[]>(cookie, 'PUT', body);
const rowsOf = (address: string) =>
  ctx.db.select().from(s.smsConsent).where(eq(s.smsConsent.address, address)).orderBy(s.smsConsent.id_sms_consent);
/** Staff text the application: how many of its texts were skipped. */
async function staffText(id_application: number) {
  const res = await call<{ data: MessageBatch }>('POST', '/email/send-multiple', {
    token: staffA,
    body: { ids: [id_application], channel: 'sms', text: 'Open house on Saturday' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.skipped;
}

describe("the family's consent to texts in the portal", () => {
  it('shows the guardian their phones per school, mostly hidden, and records their yes and no at once', async () => {
    const email = 'consenting.family@example.org';
    const mine = await createApplication(ctx.db, periodA, {
      id_status: STATUS.APPLIED,
      guardianEmail: email,
      guardianPhoneNumber: '(555) 201-3344',
      smsConsent: false,
    });
    const cookie = await sessionOf(email);

    const before = await consentOf(cookie);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body).toEqual([
      {
        id_school: periodA.id_school,
        school: 'Consent School A',
        phones: ['•••• 3344'],
        granted: false,
        history: [],
      },
    ]);
    expect(JSON.stringify(before.body)).not.toContain('2013344');
    expect(await staffText(mine.id_application)).toBe(1);

    const yes = await answer(cookie, { granted: true });
    expect(yes.status, JSON.stringify(yes.body)).toBe(200);
    expect(yes.body[0]).toMatchObject({
      granted: true,
      history: [{ phone: '•••• 3344', granted: true, source: 'portal' }],
    });
    expect(await rowsOf('+15552013344')).toMatchObject([
      {
        id_school: periodA.id_school,
        granted: true,
        source: 'portal',
        id_user: null,
        id_application: mine.id_application,
      },
    ]);
    // in effect for the very next text: sent
    expect(await staffText(mine.id_application)).toBe(0);
    await until('the text at Twilio', async () => twilio.received.find((m) => m.To === '+15552013344'));

    const no = await answer(cookie, { granted: false, id_school: periodA.id_school });
    expect(no.body[0].granted).toBe(false);
    expect(no.body[0].history.map((h) => [h.granted, h.source])).toEqual([
      [false, 'portal'],
      [true, 'portal'],
    ]);
    const sent = twilio.received.filter((m) => m.To === '+15552013344').length;
    expect(await staffText(mine.id_application)).toBe(1);
    const [skipped] = await ctx.db
      .select()
      .from(s.messageOutbox)
      .where(eq(s.messageOutbox.id_application, mine.id_application))
      .orderBy(s.messageOutbox.id_message)
      .then((rows) => rows.slice(-1));
    expect(skipped).toMatchObject({ channel: 'sms', status: 'skipped', lastError: 'no consent' });
    expect(twilio.received.filter((m) => m.To === '+15552013344')).toHaveLength(sent);
    // the school's audit log has the family's own changes
    const audits = await ctx.db
      .select({ action: s.auditLog.action, id_user: s.auditLog.id_user })
      .from(s.auditLog)
      .where(eq(s.auditLog.entityId, String(mine.id_application)));
    expect(audits).toEqual(
      expect.arrayContaining([
        { action: 'sms_consent.grant', id_user: null },
        { action: 'sms_consent.withdraw', id_user: null },
      ]),
    );
    // staff see the portal's answer in the application's history too
    const staffView = await call<{ history: Array<{ source: string }> }>(
      'GET',
      `/application/${mine.id_application}/sms-consent`,
      { token: staffA },
    );
    expect(staffView.body.history.map((h) => h.source)).toEqual(['portal', 'portal']);
  });

  it('answers per school: one school, or every school of the guardian when none is named', async () => {
    const email = 'two.schools@example.org';
    await createApplication(ctx.db, periodA, {
      guardianEmail: email,
      guardianPhoneNumber: '5552015500',
      smsConsent: false,
    });
    await createApplication(ctx.db, periodB, { guardianEmail: email, guardianPhoneNumber: '5552015500' });
    const cookie = await sessionOf(email);
    const both = (await consentOf(cookie)).body;
    expect(both.map((school) => [school.school, school.granted])).toEqual(
      expect.arrayContaining([
        ['Consent School A', false],
        ['Consent School B', true],
      ]),
    );
    // B's history shows the form's consent
    expect(both.find((school) => school.id_school === periodB.id_school)?.history).toMatchObject([
      { granted: true, source: 'form' },
    ]);

    const onlyB = await answer(cookie, { granted: false, id_school: periodB.id_school });
    expect(onlyB.body.map((school) => school.granted)).toEqual([false, false]);
    expect((await rowsOf('+15552015500')).map((r) => [r.id_school, r.granted, r.source])).toEqual([
      [periodB.id_school, true, 'form'],
      [periodB.id_school, false, 'portal'],
    ]);
    const all = await answer(cookie, { granted: true });
    expect(all.body.map((school) => school.granted)).toEqual([true, true]);
  });

  it("never shows nor changes another family's phone", async () => {
    const theirs = await createApplication(ctx.db, periodA, {
      guardianEmail: 'their.family@example.org',
      guardianPhoneNumber: '5552019876',
    });
    await createApplication(ctx.db, periodA, { guardianEmail: 'nosy.family@example.org', smsConsent: false });
    const nosy = await sessionOf('nosy.family@example.org');
    const seen = await consentOf(nosy);
    expect(seen.body).toEqual([
      { id_school: periodA.id_school, school: 'Consent School A', phones: [], granted: false, history: [] },
    ]);
    expect(JSON.stringify(seen.body)).not.toContain('9876');
    // no phone of theirs to answer for; a school that is not theirs is not found
    const none = await answer(nosy, { granted: false });
    expect(none.status).toBe(400);
    expect((none.body as unknown as { message: string }).message).toBe('This application has no phone number to text.');
    expect((await answer(nosy, { granted: false, id_school: periodB.id_school })).status).toBe(404);
    expect(await rowsOf('+15552019876')).toMatchObject([{ granted: true, source: 'form' }]);
    expect(await staffText(theirs.id_application)).toBe(0);

    // without a session: 401; from another site: refused
    expect((await call('GET', '/family/sms-consent')).status).toBe(401);
    const crossSite = await call('PUT', '/family/sms-consent', {
      body: { granted: false },
      headers: { cookie: `openseat_family=${nosy}`, origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBeGreaterThanOrEqual(400);
  });

  it('refuses bad input with the messages of the rules', async () => {
    const cookie = await sessionOf('consenting.family@example.org');
    const missing = await answer(cookie, {});
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('Required field.');
    const wrong = await answer(cookie, { granted: 'maybe' });
    expect(wrong.status).toBe(400);
    expect((await answer(cookie, { granted: true, id_school: 0 })).status).toBe(400);
  });
});
