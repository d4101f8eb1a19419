import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import * as s from '../../db/schema/index';
import { SYSTEM_SCOPE } from '../../lib/scope';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool } from '../../test/factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { applicationRow, createApplication } from '../../test/application-factories';
import { tokenFor } from '../../test/session';
import { releaseHold } from '../communication/message-holds.service';
import { expireOffers } from './waiting-list.service';

/*
 * An offer's deadline by its period's rule (docs/api-waiting-list.md, "Offer deadline rule"), on the campus's clock:
 * at the move that makes the offer, or at the release of a held offer; a period without days or a fixed date keeps
 * its acceptance days. The school is in New York (the default time zone).
 */

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let token = '';
let id_school = 0;

const DAY = 24 * 60 * 60 * 1000;
/** Friday, December 4, 2026, 7:30 PM in New York (EST, UTC-5). */
const FRIDAY_EVENING = new Date('2026-12-05T00:30:00Z');

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  ({ id_school } = await createSchool(ctx.db, 'Deadline School'));
  token = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school });
});
afterAll(async () => {
  await ctx?.close();
});

type Rule = Partial<typeof s.campusYear.$inferInsert>;

/** A campus of its own, one started period with 2 seats in grade 3 and this rule. */
async function periodWith(rule: Rule) {
  const campus = await createCampus(ctx.db, id_school);
  await createCampusGrades(ctx.db, campus, [3]);
  return createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 2 }, ...rule });
}

/**
 * An offer that lapsed just before `now`, and the head of the waiting list: the expiry run declines the first and
 * offers its seat to the head (auto-move), with `now` as the offer's publication. Answers the head's deadline.
 */
async function offeredByExpiryAt(rule: Rule, now: Date) {
  const period = await periodWith({ auto_move_waiting_list_on_decline: true, ...rule });
  const lapsed = await createApplication(ctx.db, period, { id_status: STATUS.OFFERED, id_grade: 3 });
  await ctx.db
    .update(s.application)
    .set({ offer_expires_at: new Date(now.getTime() - 1000) })
    .where(eq(s.application.id_application, lapsed.id_application));
  const head = await createApplication(ctx.db, period, { id_status: STATUS.WAITING_LIST, id_grade: 3 });
  const run = await expireOffers(ctx, now);
  expect(run.offered).toEqual([head.id_application]);
  const row = await applicationRow(ctx.db, head.id_application);
  expect(row.id_status).toBe(STATUS.OFFERED);
  return row.offer_expires_at;
}

describe('the deadline of an offer made by a move', () => {
  it('skips the weekend: an offer on Friday evening with 1 day lapses on Monday at the time of day', async () => {
    const rule = { offer_deadline_days: 1, offer_deadline_time: '17:00', offer_deadline_skip_weekends: true };
    // Monday, December 7, 5:00 PM EST
    expect(await offeredByExpiryAt(rule, FRIDAY_EVENING)).toEqual(new Date('2026-12-07T22:00:00Z'));
  });

  it('skips a holiday after the weekend, and takes the earlier fixed date', async () => {
    const holiday = {
      offer_deadline_days: 1,
      offer_deadline_skip_weekends: true,
      offer_deadline_holidays: ['2026-12-07'],
    };
    expect(await offeredByExpiryAt(holiday, FRIDAY_EVENING)).toEqual(new Date('2026-12-08T22:00:00Z'));
    const fixed = { offer_deadline_days: 10, offer_deadline_date: '2026-12-06', offer_deadline_time: '09:30' };
    // Sunday, December 6, 9:30 AM EST: before the tenth day
    expect(await offeredByExpiryAt(fixed, FRIDAY_EVENING)).toEqual(new Date('2026-12-06T14:30:00Z'));
  });

  it('reads the days on the campus clock (its own time zone, else the school one)', async () => {
    const period = await periodWith({ offer_deadline_days: 1, offer_deadline_time: '17:00' });
    await ctx.db
      .insert(s.campusConfiguration)
      .values({ id_school, id_campus: period.id_campus, time_zone: 'America/Phoenix' })
      .onConflictDoUpdate({ target: s.campusConfiguration.id_campus, set: { time_zone: 'America/Phoenix' } });
    const app = await createApplication(ctx.db, period, { id_status: STATUS.APPLIED, id_grade: 3 });
    const res = await call('PUT', '/application/status', {
      token,
      body: { applicationIds: [app.id_application], id_status: STATUS.OFFERED },
    });
    expect(res.status).toBe(200);
    const deadline = (await applicationRow(ctx.db, app.id_application)).offer_expires_at as Date;
    // 5:00 PM in Phoenix (UTC-7, no daylight saving) on a later day
    expect(deadline.getUTCHours()).toBe(0);
    expect(deadline.getUTCMinutes()).toBe(0);
    expect(deadline.getTime()).toBeGreaterThan(Date.now());
    expect(deadline.getTime()).toBeLessThanOrEqual(Date.now() + 2 * DAY);
  });

  it('falls back to the acceptance days (from the hour of the offer) when the rule has neither days nor a date', async () => {
    const deadline = await offeredByExpiryAt({ enrollment_acceptance_period: 3 }, FRIDAY_EVENING);
    expect(deadline).toEqual(new Date(FRIDAY_EVENING.getTime() + 3 * DAY));
    const never = await offeredByExpiryAt({ enrollment_acceptance_period: 0 }, FRIDAY_EVENING);
    expect(never).toBeNull();
  });
});

describe('the deadline of a held offer', () => {
  it('starts at the release, not at the move', async () => {
    const period = await periodWith({
      offer_deadline_days: 1,
      offer_deadline_time: '17:00',
      offer_deadline_skip_weekends: true,
    });
    const app = await createApplication(ctx.db, period, { id_status: STATUS.APPLIED, id_grade: 3 });
    const moved = await call('PUT', '/application/status', {
      token,
      body: { applicationIds: [app.id_application], id_status: STATUS.OFFERED, holdMessages: true },
    });
    expect(moved.status).toBe(200);
    expect((await applicationRow(ctx.db, app.id_application)).offer_expires_at).toBeNull();
    const [hold] = await ctx.db
      .select({ id: s.messageHold.id_message_hold })
      .from(s.messageHold)
      .where(eq(s.messageHold.id_campus, period.id_campus));
    const actor = { scope: SYSTEM_SCOPE, id_user: null, id_school: null };
    await releaseHold({ db: ctx.db, jobs: ctx.jobs }, actor, hold.id, FRIDAY_EVENING);
    expect((await applicationRow(ctx.db, app.id_application)).offer_expires_at).toEqual(
      new Date('2026-12-07T22:00:00Z'),
    );
  });
});
