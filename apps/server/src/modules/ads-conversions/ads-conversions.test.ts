import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_PLATFORM, CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import * as s from '../../db/schema/index';
import { encryptSecret } from '../../lib/crypto';
import { rowsOf } from '../../lib/sql';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { drainJobs } from '../../test/jobs';
import { until } from '../../test/until';
import { createCampus, createSchool } from '../../test/factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createApplication, type ApplicationSpec } from '../../test/application-factories';
import { tokenFor } from '../../test/session';
import { attemptConversion } from './ads-conversions.jobs';
import { googleDateTime, googleEmail, metaEvent, normalEmail, normalPhoneDigits } from './ads-conversions.payloads';
import { GOOGLE_ACCESS_TOKEN, startFakePlatforms, type FakePlatforms } from './fake-platforms';

/*
 * Conversion events end to end: a move through the API queues the event in its transaction, the job sends it after
 * commit to Meta and Google fakes on loopback, retries what may pass later, gives up on a refusal, and nothing at all
 * is queued or sent for a school that did not opt in or an application that did not come from an ad.
 */

// SHA-256 vectors computed outside the code under test (`printf '<value>' | sha256sum`)
const SHA = {
  abc: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', // FIPS 180-2 example
  email: 'eec0eeecc2fee4fe5a316ed328abf2c77e685fd41db86e46fad44e8235e57c52', // ana.family@example.org
  metaPhone: '16b63a8b7c923e5b3252ae6a71303c8c8c38a8147c0904c68315ed3708cff965', // 15551230000
  googlePhone: '86d40e3443117dc424eca02378ba93aa57dbec61b704130458bcf2194d3c5da1', // +15551230000
  gmail: '804edbf5041f56f7c00c36be02270ddd5b477298c20f8b3cb69f9d4ec78a5fc5', // anafamily@gmail.com
};

let fake: FakePlatforms;
let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
type Setup = Awaited<ReturnType<typeof schoolWithPeriod>>;
let optedIn: Setup;
let notOptedIn: Setup;
let noContact: Setup;

const GOOGLE_ENV = {
  GOOGLE_ADS_DEVELOPER_TOKEN: 'dev-token-1',
  GOOGLE_ADS_LOGIN_CUSTOMER_ID: '999-888-7777',
  GOOGLE_ADS_CLIENT_ID: 'client-1',
  GOOGLE_ADS_CLIENT_SECRET: 'client-secret-1',
  GOOGLE_ADS_REFRESH_TOKEN: 'refresh-1',
};

async function schoolWithPeriod(name: string, settings: Partial<typeof s.schoolConfiguration.$inferInsert>) {
  const school = await createSchool(ctx.db, name);
  const campus = await createCampus(ctx.db, school.id_school, `${name} Campus`);
  await createCampusGrades(ctx.db, campus, [3]);
  const period = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 50 } });
  await ctx.db
    .update(s.schoolConfiguration)
    .set({
      fp_account_id: '123456789012345',
      fp_access_token_encrypted: encryptSecret(ctx.secrets.encryptionKey, 'meta-token-secret'),
      ga_customer_id: '123-456-7890',
      ga_conversion_applied_id: '222',
      ga_conversion_enrolled_id: '333',
      ...settings,
    })
    .where(eq(s.schoolConfiguration.id_school, school.id_school));
  const token = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  return { school, period, token };
}

const OPT_IN = {
  ads_conversions_enabled: true,
  ads_consent_basis: 'guardian_consent',
  ads_consent_recorded_at: new Date(),
  ads_send_hashed_contact: true,
};

beforeAll(async () => {
  fake = await startFakePlatforms();
  ctx = await startTestApp({ env: { ...fake.env, ...GOOGLE_ENV } });
  call = apiClient(ctx.baseUrl);
  optedIn = await schoolWithPeriod('Opted In', OPT_IN);
  notOptedIn = await schoolWithPeriod('Never Asked', {});
  noContact = await schoolWithPeriod('No Contact', { ...OPT_IN, ads_send_hashed_contact: false });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

/** An application that came from an ad of `platform` (null: not from an ad). */
async function adApplication(setup: Setup, platform: number | null, spec: ApplicationSpec = {}) {
  const app = await createApplication(ctx.db, setup.period, {
    firstName: 'Zelda',
    lastName: 'Quixote',
    dateOfBirth: '2018-02-03',
    guardianEmail: ' Ana.Family@Example.ORG ',
    guardianPhoneNumber: '(555) 123-0000',
    ...spec,
  });
  await ctx.db
    .update(s.application)
    .set({ platform, campaign_id: platform ? 'cmp-77' : null, ad_id: platform ? 'ad-88' : null })
    .where(eq(s.application.id_application, app.id_application));
  return app;
}

const move = (setup: Setup, id_application: number, id_status: number) =>
  call('PUT', '/application/status', { token: setup.token, body: { applicationIds: [id_application], id_status } });

/** Walks the application to enrolled the way the move table allows (applied, offered, confirmed, enrolled). */
/** An event row as a move would have queued it (Meta's, unless told), for the job to attempt directly. */
async function eventRow(
  setup: Setup,
  id_application: number,
  id_status: number,
  extra: Partial<typeof s.adsConversionEvent.$inferInsert> = {},
) {
  const [row] = await ctx.db
    .insert(s.adsConversionEvent)
    .values({
      id_school: setup.school.id_school,
      id_application,
      id_ads_conversion_event_type: AD_PLATFORM.FB_PIXEL,
      id_status,
      ...extra,
    })
    .returning();
  return row;
}

async function enroll(setup: Setup, id_application: number) {
  for (const to of [STATUS.OFFERED, STATUS.CONFIRMED, STATUS.ENROLLED])
    expect((await move(setup, id_application, to)).status).toBe(200);
}

const eventsOf = (id_application: number) =>
  ctx.db
    .select()
    .from(s.adsConversionEvent)
    .where(eq(s.adsConversionEvent.id_application, id_application))
    .orderBy(s.adsConversionEvent.id_ads_conversion_event);

/** Waits until every event of the application has left pending/sending (the job runs on its own). */
const settled = (id_application: number, count = 1) =>
  until(`events of application ${id_application} to settle`, async () => {
    const rows = await eventsOf(id_application);
    return rows.length >= count && rows.every((r) => r.status !== 'pending' && r.status !== 'sending') && rows;
  });

const jobsQueued = async () =>
  rowsOf<{ n: number }>(
    await ctx.db.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'ads-conversions.send'`),
  )[0].n;

describe('payloads: normalising and hashing', () => {
  const sha = (v: string) => createHash('sha256').update(v).digest('hex');

  it('hashes with SHA-256 (published vector)', () => {
    expect(sha('abc')).toBe(SHA.abc);
  });

  it('normalises e-mail and phone as each platform asks', () => {
    expect(normalEmail(' Ana.Family@Example.ORG ')).toBe('ana.family@example.org');
    expect(normalEmail('not an address')).toBeNull();
    expect(normalPhoneDigits('(555) 123-0000')).toBe('15551230000');
    expect(normalPhoneDigits('+1 555 123 0000')).toBe('15551230000');
    expect(normalPhoneDigits('0044 20 7946 0958')).toBe('442079460958');
    expect(normalPhoneDigits('123')).toBeNull();
    expect(googleEmail('Ana.Family@Gmail.com')).toBe('anafamily@gmail.com');
    expect(googleEmail('ana.family@example.org')).toBe('ana.family@example.org');
    expect(googleDateTime(new Date('2026-11-24T09:05:07.123Z'))).toBe('2026-11-24 09:05:07+00:00');
  });

  it('sends no identifier without a contact, and only ad ids in custom_data', () => {
    const event = metaEvent(
      {
        id_ads_conversion_event: 5,
        eventName: 'enrolled',
        occurredAt: new Date(1_764_000_000_500),
        campaign_id: null,
        ad_id: 'a',
      },
      null,
    );
    expect(event).toEqual({
      event_name: 'enrolled',
      event_time: 1_764_000_000,
      action_source: 'system_generated',
      event_id: 'openseat-5',
      user_data: {},
      custom_data: { event_source: 'crm', lead_event_source: 'OpenSeat', ad_id: 'a' },
    });
  });
});

describe('a move into applied or enrolled sends the conversion', () => {
  it("sends Meta the stage, the time, the dedup id, the guardian's hashed contact and the ad ids, nothing else", async () => {
    const app = await adApplication(optedIn, AD_PLATFORM.FB_PIXEL);
    const before = fake.meta.length;
    expect((await move(optedIn, app.id_application, STATUS.APPLIED)).status).toBe(200);
    const [event] = await settled(app.id_application);
    expect(event).toMatchObject({ status: 'sent', attempts: 1, id_status: STATUS.APPLIED, error: null });
    expect(fake.meta.length).toBe(before + 1);
    const request = fake.meta.at(-1)!;
    expect(request.path).toBe('/meta/v24.0/123456789012345/events');
    expect(request.body).toEqual({
      access_token: 'meta-token-secret',
      data: [
        {
          event_name: 'applied',
          event_time: Math.floor(event.createdAt.getTime() / 1000),
          action_source: 'system_generated',
          event_id: `openseat-${event.id_ads_conversion_event}`,
          user_data: { em: [SHA.email], ph: [SHA.metaPhone] },
          custom_data: { event_source: 'crm', lead_event_source: 'OpenSeat', campaign_id: 'cmp-77', ad_id: 'ad-88' },
        },
      ],
    });
    // no student data, and the token only in the body (never in the address)
    const sent = JSON.stringify(request.body).toLowerCase();
    for (const studentData of ['zelda', 'quixote', '2018-02-03', 'ana.family', '5551230000', '123-0000'])
      expect(sent).not.toContain(studentData);
    expect(request.path).not.toContain('token');
    expect(event.request_summary).toMatchObject({ platform: 'fbPixel', identifiers: ['em', 'ph'] });
    expect(JSON.stringify(event.request_summary)).not.toContain(SHA.email);
    expect(event.attempt_log).toEqual([expect.objectContaining({ outcome: 'sent', httpStatus: 200 })]);
  });

  it('sends Google Ads a click conversion with hashed identifiers, the action of the stage and a UTC time', async () => {
    const app = await adApplication(optedIn, AD_PLATFORM.GOOGLE_ADS, { guardianEmail: 'Ana.Family@gmail.com' });
    expect((await move(optedIn, app.id_application, STATUS.APPLIED)).status).toBe(200);
    await enroll(optedIn, app.id_application);
    const events = await settled(app.id_application, 2);
    expect(events.map((e) => [e.id_status, e.status])).toEqual([
      [STATUS.APPLIED, 'sent'],
      [STATUS.ENROLLED, 'sent'],
    ]);
    const uploads = fake.google.slice(-2);
    expect(fake.oauth.at(-1)!.body).toEqual({
      grant_type: 'refresh_token',
      client_id: 'client-1',
      client_secret: 'client-secret-1',
      refresh_token: 'refresh-1',
    });
    for (const [i, upload] of uploads.entries()) {
      const event = events[i];
      expect(upload.path).toBe('/google/v22/customers/1234567890:uploadClickConversions');
      expect(upload.headers).toMatchObject({
        authorization: `Bearer ${GOOGLE_ACCESS_TOKEN}`,
        'developer-token': 'dev-token-1',
        'login-customer-id': '9998887777',
      });
      expect(upload.body).toEqual({
        partialFailure: true,
        conversions: [
          {
            conversionAction: `customers/1234567890/conversionActions/${i === 0 ? '222' : '333'}`,
            conversionDateTime: googleDateTime(event.createdAt),
            orderId: `openseat-${event.id_ads_conversion_event}`,
            userIdentifiers: [{ hashedEmail: SHA.gmail }, { hashedPhoneNumber: SHA.googlePhone }],
            consent: { adUserData: 'GRANTED' },
          },
        ],
      });
      expect(upload.body.conversions as unknown[]).toHaveLength(1);
      expect(String((upload.body.conversions as Array<{ conversionDateTime: string }>)[0].conversionDateTime)).toMatch(
        /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00:00$/,
      );
    }
  });

  it('reports a stage once: moving out of applied and back sends nothing new', async () => {
    const app = await adApplication(optedIn, AD_PLATFORM.FB_PIXEL);
    await move(optedIn, app.id_application, STATUS.APPLIED);
    await settled(app.id_application);
    const sent = fake.meta.length;
    await move(optedIn, app.id_application, STATUS.CONTACTED);
    await move(optedIn, app.id_application, STATUS.APPLIED);
    await drainJobs(ctx);
    expect(await eventsOf(app.id_application)).toHaveLength(1);
    expect(fake.meta.length).toBe(sent);
  });
});

describe('retries and refusals', () => {
  it('retries a 503 and a 429, then sends once; every attempt is on the event', async () => {
    fake.refuseNext('meta', 1, { status: 503, body: { error: { message: 'Service unavailable', code: 2 } } });
    fake.refuseNext('meta', 1, { status: 429, body: { error: { message: 'Too many calls', code: 4 } } });
    const before = fake.meta.length;
    const app = await adApplication(optedIn, AD_PLATFORM.FB_PIXEL);
    await move(optedIn, app.id_application, STATUS.APPLIED);
    const [event] = await settled(app.id_application);
    expect(event).toMatchObject({ status: 'sent', attempts: 3, error: null });
    const log = event.attempt_log as Array<{ outcome: string; httpStatus: number }>;
    expect(log.map((a) => [a.outcome, a.httpStatus])).toEqual([
      ['retry', 503],
      ['retry', 429],
      ['sent', 200],
    ]);
    const requests = fake.meta.slice(before);
    expect(requests).toHaveLength(3);
    // the same event id each time: the platform would drop a repeat
    expect(new Set(requests.map((r) => (r.body.data as Array<{ event_id: string }>)[0].event_id)).size).toBe(1);
  });

  it('gives up at once on a permanent refusal (4xx), and a job run again sends nothing', async () => {
    fake.refuseNext('meta', 1, {
      status: 400,
      body: { error: { message: 'Invalid parameter', code: 100, is_transient: false } },
    });
    const before = fake.meta.length;
    const app = await adApplication(optedIn, AD_PLATFORM.FB_PIXEL);
    await move(optedIn, app.id_application, STATUS.APPLIED);
    const [event] = await settled(app.id_application);
    expect(event).toMatchObject({ status: 'failed', attempts: 1 });
    expect(event.error).toContain('Meta 400: 100 Invalid parameter');
    await attemptConversion(ctx.jobContext, event.id_ads_conversion_event, { number: 2, last: false });
    expect(fake.meta.length).toBe(before + 1);
  });

  it('a job run again for a sent event sends nothing (idempotent)', async () => {
    const app = await adApplication(optedIn, AD_PLATFORM.GOOGLE_ADS);
    await move(optedIn, app.id_application, STATUS.APPLIED);
    const [event] = await settled(app.id_application);
    expect(event.status).toBe('sent');
    const before = fake.google.length;
    await attemptConversion(ctx.jobContext, event.id_ads_conversion_event, { number: 1, last: false });
    expect(fake.google.length).toBe(before);
    expect((await eventsOf(app.id_application))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries a Google 500 and a transient Meta 400, then sends', async () => {
    fake.refuseNext('google', 1, { status: 500, body: { error: { code: 500, message: 'Internal error' } } });
    const google = await adApplication(optedIn, AD_PLATFORM.GOOGLE_ADS);
    await move(optedIn, google.id_application, STATUS.APPLIED);
    fake.refuseNext('meta', 1, {
      status: 400,
      body: { error: { message: 'An unexpected error has occurred. Please retry.', code: 2, is_transient: true } },
    });
    const meta = await adApplication(optedIn, AD_PLATFORM.FB_PIXEL);
    await move(optedIn, meta.id_application, STATUS.APPLIED);
    for (const app of [google, meta]) {
      const [event] = await settled(app.id_application);
      expect(event).toMatchObject({ status: 'sent', attempts: 2 });
      expect((event.attempt_log as Array<{ outcome: string }>).map((a) => a.outcome)).toEqual(['retry', 'sent']);
    }
  });

  it('gives up when the last try fails too, and retries an unreachable platform until then', async () => {
    const app = await adApplication(optedIn, AD_PLATFORM.FB_PIXEL);
    const row = await eventRow(optedIn, app.id_application, STATUS.ENROLLED);
    const unreachable = {
      ...ctx.jobContext,
      config: {
        ...ctx.jobContext.config,
        ads: { ...ctx.jobContext.config.ads, metaGraphUrl: 'http://127.0.0.1:9/v24.0' },
      },
    };
    await expect(
      attemptConversion(unreachable, row.id_ads_conversion_event, { number: 1, last: false }),
    ).rejects.toThrow(/Meta unreachable/);
    expect((await eventsOf(app.id_application))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    await attemptConversion(unreachable, row.id_ads_conversion_event, { number: 6, last: true });
    const [given] = await eventsOf(app.id_application);
    expect(given).toMatchObject({ status: 'failed', attempts: 2, next_attempt_at: null });
    expect(
      (given.attempt_log as Array<{ outcome: string; httpStatus: number | null }>).map((a) => [
        a.outcome,
        a.httpStatus,
      ]),
    ).toEqual([
      ['retry', null],
      ['failed', null],
    ]);
  });

  it('takes over an event whose sender stopped once its claim ran out, and waits while it holds', async () => {
    const app = await adApplication(optedIn, AD_PLATFORM.FB_PIXEL);
    const row = await eventRow(optedIn, app.id_application, STATUS.ENROLLED, {
      status: 'sending',
      attempts: 1,
      claimed_until: new Date(Date.now() + 60_000),
    });
    const before = fake.meta.length;
    const attempt = () => attemptConversion(ctx.jobContext, row.id_ads_conversion_event, { number: 2, last: false });
    await expect(attempt()).rejects.toThrow(/Another run holds the event/);
    expect(fake.meta.length).toBe(before);
    await ctx.db
      .update(s.adsConversionEvent)
      .set({ claimed_until: new Date(Date.now() - 1000) })
      .where(eq(s.adsConversionEvent.id_ads_conversion_event, row.id_ads_conversion_event));
    await attempt();
    expect(fake.meta.length).toBe(before + 1);
    expect((await eventsOf(app.id_application))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it("records Google's partial failure as a refusal for good", async () => {
    fake.refuseNext('google', 1, {
      status: 200,
      body: { partialFailureError: { code: 3, message: 'The conversion action is not enabled.' }, results: [{}] },
    });
    const app = await adApplication(optedIn, AD_PLATFORM.GOOGLE_ADS);
    await move(optedIn, app.id_application, STATUS.APPLIED);
    const [event] = await settled(app.id_application);
    expect(event).toMatchObject({ status: 'failed', attempts: 1 });
    expect(event.error).toContain('The conversion action is not enabled.');
  });

  it('cancels an event whose school switched conversions off before it left', async () => {
    const app = await adApplication(optedIn, AD_PLATFORM.FB_PIXEL);
    const row = await eventRow(optedIn, app.id_application, STATUS.ENROLLED);
    // the school of the event switches off
    await ctx.db
      .update(s.schoolConfiguration)
      .set({ ads_conversions_enabled: false })
      .where(eq(s.schoolConfiguration.id_school, optedIn.school.id_school));
    const before = fake.meta.length;
    try {
      await attemptConversion(ctx.jobContext, row.id_ads_conversion_event, { number: 1, last: false });
    } finally {
      await ctx.db
        .update(s.schoolConfiguration)
        .set({ ads_conversions_enabled: true })
        .where(eq(s.schoolConfiguration.id_school, optedIn.school.id_school));
    }
    expect(fake.meta.length).toBe(before);
    const [cancelled] = await ctx.db
      .select()
      .from(s.adsConversionEvent)
      .where(eq(s.adsConversionEvent.id_ads_conversion_event, row.id_ads_conversion_event));
    expect(cancelled.status).toBe('cancelled');
  });

  it('cancels an event whose application was deleted before it left', async () => {
    const app = await adApplication(optedIn, AD_PLATFORM.FB_PIXEL);
    const row = await eventRow(optedIn, app.id_application, STATUS.APPLIED);
    await ctx.db
      .update(s.application)
      .set({ deletedAt: new Date() })
      .where(eq(s.application.id_application, app.id_application));
    const before = fake.meta.length;
    await attemptConversion(ctx.jobContext, row.id_ads_conversion_event, { number: 1, last: false });
    expect(fake.meta.length).toBe(before);
    expect((await eventsOf(app.id_application))[0]).toMatchObject({
      status: 'cancelled',
      error: 'The application was deleted before this was sent.',
    });
  });
});

describe('nothing leaves without the opt-in, an ad, or something to match by', () => {
  it('queues nothing at all for a school that has not opted in', async () => {
    const jobs = await jobsQueued();
    const sent = fake.meta.length + fake.google.length;
    const meta = await adApplication(notOptedIn, AD_PLATFORM.FB_PIXEL);
    const google = await adApplication(notOptedIn, AD_PLATFORM.GOOGLE_ADS);
    for (const app of [meta, google]) {
      expect((await move(notOptedIn, app.id_application, STATUS.APPLIED)).status).toBe(200);
      await enroll(notOptedIn, app.id_application);
    }
    await drainJobs(ctx);
    expect(await eventsOf(meta.id_application)).toEqual([]);
    expect(await eventsOf(google.id_application)).toEqual([]);
    expect(await jobsQueued()).toBe(jobs);
    expect(fake.meta.length + fake.google.length).toBe(sent);
  });

  it('queues nothing for an application that did not come from an ad', async () => {
    const jobs = await jobsQueued();
    const app = await adApplication(optedIn, null);
    await move(optedIn, app.id_application, STATUS.APPLIED);
    expect(await eventsOf(app.id_application)).toEqual([]);
    expect(await jobsQueued()).toBe(jobs);
  });

  it('queues nothing for other stages', async () => {
    const app = await adApplication(optedIn, AD_PLATFORM.FB_PIXEL);
    await move(optedIn, app.id_application, STATUS.CONTACTED);
    expect(await eventsOf(app.id_application)).toEqual([]);
  });

  it('sends nothing when the hashed contact is not consented: the platforms would have nothing to match', async () => {
    const sent = fake.meta.length + fake.google.length;
    const meta = await adApplication(noContact, AD_PLATFORM.FB_PIXEL);
    const google = await adApplication(noContact, AD_PLATFORM.GOOGLE_ADS);
    await move(noContact, meta.id_application, STATUS.APPLIED);
    await move(noContact, google.id_application, STATUS.APPLIED);
    for (const app of [meta, google]) {
      const [event] = await settled(app.id_application);
      expect(event.status).toBe('skipped');
      expect(event.error).toContain('hashed contact is switched off');
    }
    expect(fake.meta.length + fake.google.length).toBe(sent);
  });
});

describe('settings and log routes', () => {
  it('is off by default, refuses to switch on without a basis, and records who recorded the basis', async () => {
    const id_school = notOptedIn.school.id_school;
    const token = notOptedIn.token;
    const got = await call('GET', `/ads-conversions/settings?id_school=${id_school}`, { token });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({
      ads_conversions_enabled: false,
      ads_send_hashed_contact: false,
      ads_consent_basis: null,
      metaReady: true,
      googleReady: true,
    });
    expect(JSON.stringify(got.body)).not.toContain('meta-token-secret');

    const refused = await call('PUT', '/ads-conversions/settings', {
      token,
      body: { id_school, ads_conversions_enabled: true },
      headers: { 'accept-language': 'en' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: expect.stringContaining('Record the basis for reporting conversions'),
    });
    const badBasis = await call('PUT', '/ads-conversions/settings', {
      token,
      body: { id_school, ads_conversions_enabled: true, ads_consent_basis: 'because' },
    });
    expect(badBasis.status).toBe(400);

    const saved = await call<{ data: Record<string, unknown> }>('PUT', '/ads-conversions/settings', {
      token,
      body: {
        id_school,
        ads_conversions_enabled: true,
        ads_consent_basis: 'guardian_consent',
        ads_consent_note: 'Consent box on the 2027 inquiry form',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      ads_conversions_enabled: true,
      ads_consent_basis: 'guardian_consent',
      ads_consent_note: 'Consent box on the 2027 inquiry form',
      ads_send_hashed_contact: false,
    });
    expect(saved.body.data.ads_consent_recorded_by).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(String(saved.body.data.ads_consent_recorded_at))).toBeLessThan(60_000);

    // the basis cannot be cleared while on
    const cleared = await call('PUT', '/ads-conversions/settings', {
      token,
      body: { id_school, ads_consent_basis: null },
    });
    expect(cleared.status).toBe(400);
    const off = await call('PUT', '/ads-conversions/settings', {
      token,
      body: { id_school, ads_conversions_enabled: false },
    });
    expect(off.status).toBe(200);
    const [audit] = rowsOf<{ changes: unknown }>(
      await ctx.db.execute(
        sql`SELECT changes FROM audit_log WHERE action = 'school.ads_conversions' AND id_school = ${id_school} ORDER BY id_audit_log DESC LIMIT 1`,
      ),
    );
    expect(audit.changes).toEqual({ ads_conversions_enabled: { from: true, to: false } });
  });

  it("lists the school's recent events with their attempts, and no other school's", async () => {
    const res = await call<Array<Record<string, unknown>>>(
      'GET',
      `/ads-conversions/events?id_school=${optedIn.school.id_school}`,
      { token: optedIn.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(3);
    expect(res.body.length).toBeLessThanOrEqual(20);
    expect(res.body[0]).toEqual(
      expect.objectContaining({
        platform: expect.stringMatching(/^(fbPixel|googleAds)$/),
        eventName: expect.stringMatching(/^(applied|enrolled)$/),
        attemptLog: expect.any(Array),
      }),
    );
    const retried = res.body.find((e) => e.attempts === 3)!;
    expect(retried).toMatchObject({ status: 'sent', platform: 'fbPixel' });
    const other = await call('GET', `/ads-conversions/events?id_school=${optedIn.school.id_school}`, {
      token: noContact.token,
    });
    expect([403, 404]).toContain(other.status);
  });
});
