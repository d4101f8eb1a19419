import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MOVEMENT_TYPE } from '@openseat/shared/application-status';
import { CONTEXT_TYPE, LIST_TYPE, STATUS } from '@openseat/shared/constants';
import { translate } from '@openseat/shared/messages';
import type { ApplicationDetail, ApplicationPage } from '@openseat/shared/schemas/applications';
import type { WaitingListResult } from '@openseat/shared/schemas/waiting-list';
import * as s from '../../db/schema/index';
import { apiClient, startAppOn, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool } from '../../test/factories';
import { createCampusGrades, createPeriod, createRoleWith, setPriorityLevel } from '../../test/enrollment-factories';
import {
  applicationRow,
  createApplication,
  expectSeatsAndPlacesConsistent,
  historyOf,
  seatRow,
} from '../../test/application-factories';
import { tokenFor } from '../../test/session';
import { JOBS } from '../../jobs/registry';
import { expireOffersJob } from './offer-expiry.jobs';
import { expireOffers } from './waiting-list.service';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
const token = { campus: '', school: '', limited: '', foreign: '' };
type Campus = Awaited<ReturnType<typeof createCampus>>;
type Period = Awaited<ReturnType<typeof createPeriod>>;
let school: { id_school: number };
let campus: Campus;
let period: Period;
let finalized: Period;
let id_lottery: number;
type Refusal = { message: string; code: string; errors?: Array<{ path: string; message: string }> };

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  school = await createSchool(ctx.db, 'Waiting School');
  const other = await createSchool(ctx.db, 'Other School');
  campus = await createCampus(ctx.db, school.id_school, 'Waiting Campus');
  const foreign = await createCampus(ctx.db, other.id_school, 'Other Campus');
  await createCampusGrades(ctx.db, campus, [3, 4, 5]);
  await createCampusGrades(ctx.db, foreign, [3]);
  // sibling: level 1, staff child: level 2; no priority item = level 3 (after the last)
  await setPriorityLevel(ctx.db, campus, 1, 1);
  await setPriorityLevel(ctx.db, campus, 2, 2);
  period = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 0, 4: 0, 5: 2 } });
  finalized = await createPeriod(ctx.db, campus, { id_school_year: 2, state: 'finalized', grades: { 3: 0 } });
  const [lottery] = await ctx.db
    .insert(s.lottery)
    .values({
      id_school: school.id_school,
      id_campus_year: period.id_campus_year,
      state: 'drawn',
      algorithm: 'test',
      seed: '00',
      seedHash: '00',
      drawnAt: new Date(Date.now() - HOUR),
    })
    .returning();
  id_lottery = lottery.id_lottery;
  const limitedRole = await createRoleWith(ctx.db, CONTEXT_TYPE.CAMPUS, [
    ['applications', 'access'],
    ['application', 'access'],
    ['waiting_list', 'access'],
  ]);
  const campusUser = { context: CONTEXT_TYPE.CAMPUS, id_school: school.id_school, id_campus: campus.id_campus };
  token.campus = await tokenFor(ctx, campusUser);
  token.school = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  token.limited = await tokenFor(ctx, { ...campusUser, role: limitedRole.name });
  token.foreign = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: other.id_school });
});

afterAll(() => ctx?.close());
afterEach(() => expectSeatsAndPlacesConsistent(ctx.db));

const waiting = (id_grade: number, spec: Parameters<typeof createApplication>[2] = {}, p: Period = period) =>
  createApplication(ctx.db, p, { id_status: STATUS.WAITING_LIST, id_grade, ...spec });

async function drawn(id: number, fields: { number: number; level: number; order: number }) {
  await ctx.db
    .update(s.application)
    .set({ id_lottery, lottery_number: fields.number, lottery_level: fields.level, lottery_order: fields.order })
    .where(eq(s.application.id_application, id));
}

/** Moves the history row that put the application on the waiting list to `at`. */
async function arrivedAt(id: number, at: Date) {
  await ctx.db
    .update(s.applicationStatus)
    .set({ createdAt: at })
    .where(and(eq(s.applicationStatus.id_application, id), eq(s.applicationStatus.id_status, STATUS.WAITING_LIST)));
}

const placesOf = async (id_grade: number, p: Period = period) =>
  (
    await ctx.db
      .select({ id: s.application.id_application, place: s.application.waiting_list_position })
      .from(s.application)
      .where(
        and(
          eq(s.application.id_campus_year, p.id_campus_year),
          eq(s.application.id_grade, id_grade),
          eq(s.application.id_status, STATUS.WAITING_LIST),
        ),
      )
      .orderBy(s.application.waiting_list_position)
  ).map((r) => r.id);

const reorder = (body: Record<string, unknown>, who = token.campus, lng = 'en') =>
  call<WaitingListResult & Refusal>('POST', '/application/reorder-waiting-list', {
    token: who,
    body,
    headers: { 'accept-language': lng },
  });
const place = (id_application: number, waiting_list_position: number, who = token.campus) =>
  call<WaitingListResult & Refusal>('PUT', '/application/waiting-list/position', {
    token: who,
    body: { id_application, waiting_list_position },
  });
const REASON = 'Board approved the priority order';

describe('reorder by priorities', () => {
  it('puts the drawn first by level and lottery order, then the others by level and arrival; positions 1..M', async () => {
    const early = await waiting(3, { id_priority_item: 1 }); // never drawn, arrived before the draw
    const d1 = await waiting(3, { id_priority_item: 2 });
    const d2 = await waiting(3, { id_priority_item: null });
    const d3 = await waiting(3, { id_priority_item: 2 });
    const late1 = await waiting(3, { id_priority_item: 1 });
    const late2 = await waiting(3, { id_priority_item: null });
    await drawn(d1.id_application, { number: 2, level: 2, order: 3 });
    await drawn(d2.id_application, { number: 1, level: 1, order: 2 }); // moved to the sibling level
    await drawn(d3.id_application, { number: 1, level: 2, order: 1 });
    await arrivedAt(early.id_application, new Date(Date.now() - 2 * HOUR));

    const res = await reorder({
      id_campus_year: period.id_campus_year,
      id_grade: 3,
      acknowledged: true,
      reason: REASON,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(translate('waitingListReordered', 'en'));
    const expected = [d3, d1, d2, early, late1, late2].map((a) => a.id_application);
    expect(res.body.waitingList.map((r) => r.id_application)).toEqual(expected);
    expect(res.body.waitingList.map((r) => r.waiting_list_position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await placesOf(3)).toEqual(expected);
    const byId = new Map(res.body.waitingList.map((r) => [r.id_application, r]));
    expect(byId.get(d2.id_application)?.waitingReason).toEqual({
      kind: 'lottery',
      level: 1,
      lottery_number: 1,
      sibling: true,
    });
    expect(byId.get(d3.id_application)?.waitingReason).toEqual({
      kind: 'lottery',
      level: 2,
      lottery_number: 1,
      sibling: false,
    });
    expect(byId.get(early.id_application)?.waitingReason).toMatchObject({ kind: 'arrival', late: false });
    expect(byId.get(late1.id_application)?.waitingReason).toMatchObject({ kind: 'arrival', late: true });
    expect(byId.get(late2.id_application)?.priority_level).toBe(3);

    const [row] = await ctx.db
      .select()
      .from(s.waitingListReorder)
      .where(eq(s.waitingListReorder.id_campus_year, period.id_campus_year));
    expect(row).toMatchObject({ id_grade: 3, reason: REASON, acknowledged: true, id_school: school.id_school });
    expect(row.id_user).not.toBeNull();
    const [audit] = await ctx.db
      .select()
      .from(s.auditLog)
      .where(
        and(
          eq(s.auditLog.action, 'waiting_list.reorder'),
          eq(s.auditLog.entityId, String(row.id_waiting_list_reorder)),
        ),
      );
    const changes = audit.changes as { reason: string; before: number[]; after: number[] };
    expect(changes.reason).toBe(REASON);
    expect(changes.before).toEqual([early, d1, d2, d3, late1, late2].map((a) => a.correlative));
    expect(changes.after).toEqual([d3, d1, d2, early, late1, late2].map((a) => a.correlative));
  });

  it('never puts a late application ahead of a drawn one, whatever its level', async () => {
    const drawnLow = await waiting(4, { id_priority_item: null });
    const lateHigh = await waiting(4, { id_priority_item: 1 });
    await drawn(drawnLow.id_application, { number: 1, level: 3, order: 1 });
    await ctx.db
      .update(s.application)
      .set({ waiting_list_position: sql`3 - ${s.application.waiting_list_position}` })
      .where(sql`${s.application.id_application} IN (${drawnLow.id_application}, ${lateHigh.id_application})`);
    const res = await reorder({
      id_campus_year: period.id_campus_year,
      id_grade: 4,
      acknowledged: true,
      reason: REASON,
    });
    expect(res.status).toBe(200);
    expect(res.body.waitingList.map((r) => r.id_application)).toEqual([
      drawnLow.id_application,
      lateHigh.id_application,
    ]);
  });

  it('needs the acknowledgment and a reason of at least 10 characters (400, nothing written)', async () => {
    const before = await ctx.db.select().from(s.waitingListReorder);
    const base = { id_campus_year: period.id_campus_year, id_grade: 3 };
    for (const body of [
      { ...base, reason: REASON },
      { ...base, acknowledged: false, reason: REASON },
    ]) {
      const res = await reorder(body);
      expect(res.status).toBe(400);
      expect(res.body.errors).toContainEqual({ path: 'acknowledged', message: translate('reorderAcknowledge', 'en') });
    }
    const unknown = await reorder({ ...base, id_grade: 9999, acknowledged: true, reason: REASON });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toContainEqual({ path: 'id_grade', message: translate('unknownGrade', 'en') });
    const short = await reorder({ ...base, acknowledged: true, reason: 'too short' }, token.campus, 'es');
    expect(short.status).toBe(400);
    expect(short.body.errors).toContainEqual({ path: 'reason', message: translate('reorderReasonMin', 'es') });
    expect(await ctx.db.select().from(s.waitingListReorder)).toHaveLength(before.length);
  });

  it('answers 403 without the permission, 404 outside the scope, 409 in a finalized period', async () => {
    const body = { id_campus_year: period.id_campus_year, id_grade: 3, acknowledged: true, reason: REASON };
    const order = await placesOf(3);
    expect((await reorder(body, token.limited)).status).toBe(403);
    expect((await reorder(body, token.foreign)).status).toBe(404);
    const closed = await reorder({ ...body, id_campus_year: finalized.id_campus_year });
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe('PERIOD_FINALIZED');
    expect(await placesOf(3)).toEqual(order);
  });
});

describe('manual place', () => {
  it('moves one application up and down, the others shifted, 1..M kept', async () => {
    const list = [];
    for (let i = 0; i < 4; i++) list.push((await waiting(5)).id_application);
    const [a, b, c, d] = list;
    const up = await place(d, 1);
    expect(up.status).toBe(200);
    expect(up.body.waitingList.map((r) => r.id_application)).toEqual([d, a, b, c]);
    expect(await placesOf(5)).toEqual([d, a, b, c]);
    const down = await place(d, 3);
    expect(down.status).toBe(200);
    expect(await placesOf(5)).toEqual([a, b, d, c]);
    expect(down.body.waitingList.map((r) => r.waiting_list_position)).toEqual([1, 2, 3, 4]);
    const audits = await ctx.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, 'waiting_list.position'), eq(s.auditLog.entityId, String(d))));
    expect(audits.map((x) => x.changes)).toEqual([
      { waiting_list_position: { from: 4, to: 1 } },
      { waiting_list_position: { from: 1, to: 3 } },
    ]);
  });

  it('refuses a place beyond the list (400), an application not waiting (409), without permission (403)', async () => {
    const [first] = await placesOf(5);
    const beyond = await place(first, 99);
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toBe(translate('waitingPlaceOutOfRange', 'en'));
    const applied = await createApplication(ctx.db, period, { id_status: STATUS.APPLIED, id_grade: 5 });
    const notWaiting = await place(applied.id_application, 1);
    expect(notWaiting.status).toBe(409);
    expect(notWaiting.body.message).toBe(translate('notOnWaitingList', 'en'));
    expect((await place(first, 2, token.limited)).status).toBe(403);
    expect((await place(first, 2, token.foreign)).status).toBe(404);
    expect((await placesOf(5))[0]).toBe(first);
  });
});

describe('concurrent changes of one list', () => {
  it('keeps 1..M through places, a reorder and moves off the list racing each other', async () => {
    const p = await offerPeriod({ autoMove: false, acceptanceDays: 7, seats: 3 });
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push((await waiting(3, {}, p)).id_application);
    const results = await Promise.all([
      place(ids[7], 1, token.school),
      place(ids[0], 8, token.school),
      place(ids[3], 2, token.school),
      reorder({ id_campus_year: p.id_campus_year, id_grade: 3, acknowledged: true, reason: REASON }, token.school),
      call('PUT', '/application/status', {
        token: token.school,
        body: { applicationIds: [ids[5], ids[6]], id_status: STATUS.OFFERED },
      }),
    ]);
    for (const r of results) expect([200, 400, 409]).toContain(r.status);
    expect((await placesOf(3, p)).length).toBe(6);
  });
});

describe('lottery facts on the lists and the detail', () => {
  it('shows the lottery number, offer deadline, why this position and the siblings', async () => {
    const own = await createApplication(ctx.db, period, {
      id_status: STATUS.WAITING_LIST,
      id_grade: 4,
      id_priority_item: 2,
      guardianEmail: ' Parent.One@Example.org',
      guardianPhoneNumber: null,
    });
    await drawn(own.id_application, { number: 7, level: 2, order: 9 });
    const byMail = await createApplication(ctx.db, period, {
      id_status: STATUS.APPLIED,
      id_grade: 3,
      guardianEmail: 'parent.one@example.org',
      guardianPhoneNumber: '+1 (555) 123-4567',
      firstName: 'Sibling',
      lastName: 'One',
    });
    // linked through the first sibling's phone only (transitively)
    const byPhone = await createApplication(ctx.db, period, {
      id_status: STATUS.LEAD,
      id_grade: null,
      guardianEmail: 'someone.else@example.org',
      guardianPhoneNumber: '555.123.4567',
    });
    const stranger = await createApplication(ctx.db, period, { guardianEmail: 'parent.two@example.org' });
    const other = await createApplication(ctx.db, finalized, { guardianEmail: 'parent.one@example.org' });

    const detail = await call<ApplicationDetail>('GET', `/application/${own.id_application}`, { token: token.campus });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ lottery_number: 7, lottery_level: 2, offer_expires_at: null });
    expect(detail.body.waitingReason).toEqual({ kind: 'lottery', level: 2, lottery_number: 7, sibling: false });
    expect(detail.body.siblings).toEqual([
      {
        id_application: byMail.id_application,
        correlative: byMail.correlative,
        applicantName: 'Sibling One',
        grade: expect.any(String),
        id_status: STATUS.APPLIED,
      },
      expect.objectContaining({ id_application: byPhone.id_application, grade: null, id_status: STATUS.LEAD }),
    ]);
    const ids = detail.body.siblings.map((x) => x.id_application);
    expect(ids).not.toContain(stranger.id_application);
    expect(ids).not.toContain(other.id_application);
    const alone = await call<ApplicationDetail>('GET', `/application/${stranger.id_application}`, {
      token: token.campus,
    });
    expect(alone.body.siblings).toEqual([]);
    expect(alone.body.waitingReason).toBeNull();

    const list = await call<ApplicationPage>(
      'GET',
      `/application?type=${LIST_TYPE.WAITING_LIST}&id_campus=${campus.id_campus}&id_school_year=${period.id_school_year}&id_grade=4&pageSize=100`,
      { token: token.campus },
    );
    expect(list.status).toBe(200);
    const row = list.body.data.find((r) => r.id_application === own.id_application);
    expect(row).toMatchObject({ lottery_number: 7, lottery_level: 2, offer_expires_at: null });
    expect(row?.waitingReason).toEqual({ kind: 'lottery', level: 2, lottery_number: 7, sibling: false });
    for (const r of list.body.data) expect(r.waitingReason).not.toBeNull();
  });
});

/** A campus of its own with one started period: grade 3 has `seats` seats. */
async function offerPeriod(spec: { autoMove: boolean; acceptanceDays: number; seats?: number }) {
  const c = await createCampus(ctx.db, school.id_school);
  await createCampusGrades(ctx.db, c, [3]);
  return createPeriod(ctx.db, c, {
    state: 'started',
    grades: { 3: spec.seats ?? 1 },
    auto_move_waiting_list_on_decline: spec.autoMove,
    enrollment_acceptance_period: spec.acceptanceDays,
  });
}

/** An applied application offered through the API (MoveSession sets its deadline). */
async function offered(p: Period) {
  const app = await createApplication(ctx.db, p, { id_status: STATUS.APPLIED, id_grade: 3 });
  const res = await call('PUT', '/application/status', {
    token: token.school,
    body: { applicationIds: [app.id_application], id_status: STATUS.OFFERED },
  });
  expect(res.status).toBe(200);
  return app.id_application;
}

describe('offer expiry', () => {
  it('declines a lapsed offer and frees its seat (auto-move off); nothing before the deadline; twice is once', async () => {
    const p = await offerPeriod({ autoMove: false, acceptanceDays: 7 });
    const waitingOne = await waiting(3, {}, p);
    const id = await offered(p);
    const deadline = (await applicationRow(ctx.db, id)).offer_expires_at as Date;
    expect(deadline.getTime()).toBeGreaterThan(Date.now() + 7 * DAY - 60_000);
    expect((await seatRow(ctx.db, p.id_campus_year, 3)).taken).toBe(1);

    const early = await expireOffers(ctx, new Date(deadline.getTime() - 1000));
    expect(early.expired).not.toContain(id);
    expect((await applicationRow(ctx.db, id)).id_status).toBe(STATUS.OFFERED);

    const now = new Date(deadline.getTime() + 1000);
    const run = await expireOffers(ctx, now);
    expect(run.expired).toContain(id);
    const row = await applicationRow(ctx.db, id);
    expect(row).toMatchObject({ id_status: STATUS.DECLINED, offer_expires_at: null });
    expect((await seatRow(ctx.db, p.id_campus_year, 3)).taken).toBe(0);
    const last = (await historyOf(ctx.db, id)).at(-1);
    expect(last).toMatchObject({
      id_status: STATUS.DECLINED,
      id_status_from: STATUS.OFFERED,
      id_status_movement_type: MOVEMENT_TYPE.OFFER_EXPIRED,
      id_user: null,
    });
    // auto-move off: the waiting list stays as it was
    expect(await applicationRow(ctx.db, waitingOne.id_application)).toMatchObject({
      id_status: STATUS.WAITING_LIST,
      waiting_list_position: 1,
    });
    const audits = await ctx.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entityId, String(id)), eq(s.auditLog.action, 'application.status')));
    expect(audits.at(-1)?.id_user).toBeNull();

    const rowsBefore = (await historyOf(ctx.db, id)).length;
    const again = await expireOffers(ctx, now);
    expect(again.expired).not.toContain(id);
    expect((await historyOf(ctx.db, id)).length).toBe(rowsBefore);
    expect((await seatRow(ctx.db, p.id_campus_year, 3)).taken).toBe(0);
  });

  it('offers the freed seat to the head of the waiting list with auto-move on, the list renumbered', async () => {
    const p = await offerPeriod({ autoMove: true, acceptanceDays: 5 });
    const id = await offered(p);
    const w1 = await waiting(3, {}, p);
    const w2 = await waiting(3, {}, p);
    const deadline = (await applicationRow(ctx.db, id)).offer_expires_at as Date;
    const now = new Date(deadline.getTime() + HOUR);
    const run = await expireOffers(ctx, now);
    expect(run.expired).toContain(id);
    expect(run.offered).toContain(w1.id_application);
    expect((await applicationRow(ctx.db, id)).id_status).toBe(STATUS.DECLINED);
    const head = await applicationRow(ctx.db, w1.id_application);
    expect(head).toMatchObject({ id_status: STATUS.OFFERED, waiting_list_position: null });
    expect(head.offer_expires_at?.getTime()).toBe(now.getTime() + 5 * DAY);
    expect((await historyOf(ctx.db, w1.id_application)).at(-1)).toMatchObject({
      id_status: STATUS.OFFERED,
      id_status_movement_type: MOVEMENT_TYPE.AUTOMATIC,
    });
    expect(await applicationRow(ctx.db, w2.id_application)).toMatchObject({ waiting_list_position: 1 });
    expect((await seatRow(ctx.db, p.id_campus_year, 3)).taken).toBe(1);

    const historyBefore = (await historyOf(ctx.db, w1.id_application)).length;
    const again = await expireOffers(ctx, now);
    expect(again.expired).not.toContain(w1.id_application);
    expect((await historyOf(ctx.db, w1.id_application)).length).toBe(historyBefore);
    expect((await applicationRow(ctx.db, w1.id_application)).id_status).toBe(STATUS.OFFERED);
  });

  it('never expires an offer in a period with 0 acceptance days', async () => {
    const p = await offerPeriod({ autoMove: true, acceptanceDays: 0 });
    const id = await offered(p);
    expect((await applicationRow(ctx.db, id)).offer_expires_at).toBeNull();
    const run = await expireOffers(ctx, new Date(Date.now() + 3650 * DAY));
    expect(run.expired).not.toContain(id);
    expect((await applicationRow(ctx.db, id)).id_status).toBe(STATUS.OFFERED);
  });

  it('leaves a finalized period alone', async () => {
    const p = await offerPeriod({ autoMove: false, acceptanceDays: 3 });
    const id = await offered(p);
    await ctx.db
      .update(s.campusYear)
      .set({ state: 'finalized' })
      .where(eq(s.campusYear.id_campus_year, p.id_campus_year));
    const run = await expireOffers(ctx, new Date(Date.now() + 30 * DAY));
    expect(run.expired).not.toContain(id);
    expect((await applicationRow(ctx.db, id)).id_status).toBe(STATUS.OFFERED);
  });

  it('shows the deadline on the selected list rows', async () => {
    const p = await offerPeriod({ autoMove: false, acceptanceDays: 2 });
    const id = await offered(p);
    const deadline = (await applicationRow(ctx.db, id)).offer_expires_at as Date;
    const list = await call<ApplicationPage>(
      'GET',
      `/application?type=${LIST_TYPE.SELECTED_LIST}&id_campus=${p.id_campus}&id_school_year=${p.id_school_year}`,
      { token: token.school },
    );
    expect(list.body.data.find((r) => r.id_application === id)).toMatchObject({
      offer_expires_at: deadline.toISOString(),
      waitingReason: null,
      lottery_number: null,
    });
  });
});

describe('the offer-expiry job', () => {
  it('is in the registry and scheduled hourly in UTC', async () => {
    expect(JOBS).toContain(expireOffersJob);
    const rows = await ctx.db.execute<{ name: string; cron: string; timezone: string }>(
      sql`SELECT name, cron, timezone FROM pgboss.schedule WHERE name = ${expireOffersJob.name}`,
    );
    const list = (rows as { rows?: unknown[] }).rows ?? (rows as unknown[]);
    expect(list).toEqual([{ name: 'waiting-list.expire-offers', cron: '0 * * * *', timezone: 'UTC' }]);
  });

  it('starts and stops with the clock on (the timekeeper), registering the schedule once', async () => {
    const second = await startAppOn(ctx.database, { jobs: { schedule: true } });
    await second.close();
    const rows = await ctx.db.execute(sql`SELECT name FROM pgboss.schedule WHERE name = ${expireOffersJob.name}`);
    expect(((rows as { rows?: unknown[] }).rows ?? (rows as unknown[])).length).toBe(1);
  });

  it('runs the expiry when it is handled', async () => {
    const p = await offerPeriod({ autoMove: false, acceptanceDays: 1 });
    const id = await offered(p);
    await ctx.db
      .update(s.application)
      .set({ offer_expires_at: new Date(Date.now() - 1000) })
      .where(eq(s.application.id_application, id));
    const log = { info: () => undefined } as unknown as Parameters<typeof expireOffersJob.handle>[1]['log'];
    await expireOffersJob.handle({}, { db: ctx.db, log } as Parameters<typeof expireOffersJob.handle>[1], {
      number: 1,
      last: false,
    });
    expect((await applicationRow(ctx.db, id)).id_status).toBe(STATUS.DECLINED);
  });
});
