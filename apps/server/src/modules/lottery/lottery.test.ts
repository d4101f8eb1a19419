import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MOVEMENT_TYPE } from '@openseat/shared/application-status';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import type {
  LotteryLog,
  LotteryOutcome,
  LotteryRecord,
  LotteryResult,
  LotterySummary,
  LotteryVerification,
} from '@openseat/shared/schemas/lottery';
import { LotteryResultSchema } from '@openseat/shared/schemas/lottery';
import { savedOf } from '@openseat/shared/schemas/responses';
import * as s from '../../db/schema/index';
import {
  applicationRow,
  createApplication,
  expectSeatsAndPlacesConsistent,
  historyOf,
  seatRow,
} from '../../test/application-factories';
import { createCampusGrades, createPeriod, createRoleWith, setPriorityLevel } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import {
  closedLotteryPeriod,
  DICE,
  drawFrozen,
  drawOfFrozen,
  freezeOnDice,
  ON_TIME,
  type DiceTokens,
} from '../../test/lottery-draw';
import { tokenFor } from '../../test/session';
import {
  draw,
  inputsHash,
  LOTTERY_ALGORITHM,
  resultHash,
  seedHash,
  type DrawInputs,
  type DrawOutcome,
} from './lottery.draw';
import { logFile } from './lottery.log-chain';
import { signatureOf } from './lottery.record';
import { seedOf } from './lottery.seed';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let school: { id_school: number };
const token = { admin: '', second: '', reader: '' };
/** The two staff users who enter the dice of a draw. */
const staff = (): DiceTokens => [token.admin, token.second];
type Period = Awaited<ReturnType<typeof createPeriod>>;
type Campus = { id_school: number; id_campus: number };
type Saved<T> = { message: string; data: T };
type Refusal = { message: string; code: string };
const VERIFIER = path.resolve(import.meta.dirname, '../../../../../scripts/verify-lottery.mjs');

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  school = await createSchool(ctx.db, 'Lottery School');
  token.admin = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  token.second = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  const readerRole = await createRoleWith(ctx.db, CONTEXT_TYPE.SCHOOL, [['enrollment_settings', 'access']]);
  token.reader = await tokenFor(ctx, {
    context: CONTEXT_TYPE.SCHOOL,
    id_school: school.id_school,
    role: readerRole.name,
  });
});

afterAll(() => ctx?.close());

afterEach(() => expectSeatsAndPlacesConsistent(ctx.db));

let campusCount = 0;

/**
 * A campus of its own (lottery on unless said otherwise) with a period whose applications closed on 31 January (a
 * real draw needs a freeze, a freeze needs that): one scenario per campus.
 */
async function scenario(
  grades: Record<number, number | { spots: number; taken: number }>,
  options: { lottery?: boolean; state?: string; sibling_priority?: boolean; enrollment_end_date?: string } = {},
) {
  const campus: Campus = await createCampus(ctx.db, school.id_school, `Lottery Campus ${++campusCount}`);
  await createCampusGrades(
    ctx.db,
    campus,
    Object.keys(grades).map((g) => Number(g)),
  );
  await ctx.db
    .update(s.campusConfiguration)
    .set({ is_lottery_campus: options.lottery ?? true })
    .where(eq(s.campusConfiguration.id_campus, campus.id_campus));
  const period = await createPeriod(
    ctx.db,
    campus,
    closedLotteryPeriod({
      state: options.state ?? 'started',
      sibling_priority: options.sibling_priority ?? false,
      ...(options.enrollment_end_date ? { enrollment_end_date: options.enrollment_end_date } : {}),
      grades,
    }),
  );
  return { campus, period };
}

const body = (period: Period, extra: Record<string, unknown> = {}) => ({
  id_campus: period.id_campus,
  id_school_year: period.id_school_year,
  ...extra,
});
/** `POST /application/lottery` as is (no freeze before it): for its refusals. */
const run = (period: Period, extra: Record<string, unknown> = {}, who = token.admin, lng = 'en') =>
  call<Saved<LotteryResult> & Refusal>('POST', '/application/lottery', {
    token: who,
    body: body(period, extra),
    headers: { 'accept-language': lng },
  });
/** A real draw: the period frozen on dice that two staff users enter, then drawn (test/lottery-draw.ts). */
const drawn = (period: Period) => drawFrozen(call, staff(), period);
const practice = (period: Period) =>
  call<Saved<LotteryResult> & Refusal>('POST', '/lottery/practice', { token: token.admin, body: body(period) });
const verify = (id: number) => call<LotteryVerification>('GET', `/lottery/${id}/verify`, { token: token.admin });
/** An applied application, created in time for the draw unless `createdAt` says otherwise. */
const applied = (period: Period, spec: Parameters<typeof createApplication>[2] = {}) =>
  createApplication(ctx.db, period, { id_status: STATUS.APPLIED, createdAt: ON_TIME, ...spec });
const ids = (outcomes: LotteryOutcome[]) => outcomes.map((o) => o.id_application);
/** The run and practice answers are exactly what their schema allows (nothing it would strip). */
const expectExactlyTheSchema = (body: unknown) => expect(savedOf(LotteryResultSchema).parse(body)).toStrictEqual(body);
/** The outcomes an answer shows in draw order (grade by grade, each grade's selected then its waiting list), once each. */
function inDrawOrder(data: Pick<LotteryResult, 'selectedList' | 'waitingList' | 'grades'>) {
  const all = [...data.selectedList, ...data.waitingList];
  expect(new Set(ids(all)).size).toBe(all.length);
  const rank = new Map(data.grades.map((g, i) => [g.id_grade, i]));
  return all.sort((x, y) => rank.get(x.id_grade)! - rank.get(y.id_grade)! || x.order - y.order);
}
const statusOf = async (id: number) => (await applicationRow(ctx.db, id)).id_status;

async function count(table: string) {
  const result = await ctx.db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  const rows = (result as { rows?: Array<{ n: number }> }).rows ?? (result as unknown as Array<{ n: number }>);
  return rows[0].n;
}

describe('the draw', () => {
  it('draws a lower priority level before a higher one, and stores the outcome as pipeline moves', async () => {
    const { campus, period } = await scenario({ 3: 3 });
    await setPriorityLevel(ctx.db, campus, 2, 1); // staff child
    await setPriorityLevel(ctx.db, campus, 3, 2); // in-district
    const staff = [];
    for (let i = 0; i < 3; i++) staff.push((await applied(period, { id_priority_item: 2 })).id_application);
    const district = [];
    for (let i = 0; i < 4; i++) district.push((await applied(period, { id_priority_item: 3 })).id_application);
    const none = [];
    for (let i = 0; i < 3; i++) none.push((await applied(period)).id_application);

    const res = await drawn(period);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('The lottery was drawn.');
    expectExactlyTheSchema(res.body);
    const data = res.body.data;
    expect(ids(data.selectedList).sort()).toEqual([...staff].sort());
    // the waiting list: every in-district applicant before every applicant without priority
    expect(ids(data.waitingList).slice(0, 4).sort()).toEqual([...district].sort());
    expect(ids(data.waitingList).slice(4).sort()).toEqual([...none].sort());
    expect(data.waitingList.map((o) => o.waiting_list_position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(inDrawOrder(data).map((o) => o.order)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(data.waitingList.slice(4).every((o) => o.level === 3)).toBe(true);
    expect(data.lottery?.state).toBe('drawn');
    expect(data.lottery?.seed).toBe(data.seed);
    expect(data.practice).toBe(false);

    expect((await seatRow(ctx.db, period.id_campus_year, 3)).taken).toBe(3);
    for (const id of staff) {
      const row = await applicationRow(ctx.db, id);
      expect(row.id_status).toBe(STATUS.OFFERED);
      expect(row.id_lottery).toBe(data.lottery?.id_lottery);
      expect(row.lottery_level).toBe(1);
      expect(row.lottery_number).toBeGreaterThan(0);
      // held: the deadline starts when the families are told (lottery-holds.test.ts)
      expect(row.offer_expires_at).toBeNull();
      const last = (await historyOf(ctx.db, id)).at(-1);
      expect(last).toMatchObject({
        id_status: STATUS.OFFERED,
        id_status_from: STATUS.APPLIED,
        id_status_movement_type: MOVEMENT_TYPE.LOTTERY,
      });
    }
    const waiter = data.waitingList[0];
    const row = await applicationRow(ctx.db, waiter.id_application);
    expect(row).toMatchObject({
      id_status: STATUS.WAITING_LIST,
      waiting_list_position: 1,
      lottery_order: waiter.order,
      lottery_number: waiter.lottery_number,
    });
    const audit = await ctx.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, 'lottery.draw'), eq(s.auditLog.entityId, String(data.lottery?.id_lottery))));
    expect(audit).toHaveLength(1);

    // a second run of the period is refused
    const again = await run(period);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'The lottery of this school period has already been drawn. Late applications join the end of the waiting list.',
    );
  });

  it("takes each application's weight from its campus priority (1 without one) into the stored inputs", async () => {
    const { campus, period } = await scenario({ 3: 1 });
    await setPriorityLevel(ctx.db, campus, 3, 1);
    await ctx.db
      .update(s.campusPriority)
      .set({ weight: 3 })
      .where(and(eq(s.campusPriority.id_campus, campus.id_campus), eq(s.campusPriority.id_priority_item, 3)));
    const heavy = await applied(period, { id_priority_item: 3 });
    const plain = await applied(period, { id_priority_item: 4 }); // not configured on the campus
    const res = await drawn(period);
    const outcome = (id: number) => inDrawOrder(res.body.data).find((o) => o.id_application === id)!;
    expect(outcome(heavy.id_application)).toMatchObject({ weight: 3, level: 1, priorityItem: 'in-district' });
    expect(outcome(plain.id_application)).toMatchObject({ weight: 1, level: 2, priorityItem: 'general' });
    const [stored] = await ctx.db
      .select()
      .from(s.lottery)
      .where(eq(s.lottery.id_lottery, res.body.data.lottery!.id_lottery));
    expect((stored.inputs as DrawInputs).entries.map((e) => [e.id_application, e.level, e.weight])).toEqual([
      [heavy.id_application, 1, 3],
      [plain.id_application, 2, 1],
    ]);
  });

  it('respects the seats of each grade', async () => {
    const { period } = await scenario({ 3: 2, 4: { spots: 3, taken: 2 } });
    for (let i = 0; i < 5; i++) await applied(period, { id_grade: 3 });
    for (let i = 0; i < 4; i++) await applied(period, { id_grade: 4 });
    // the seat already taken in grade 4 belongs to someone enrolled before the draw
    await ctx.db
      .update(s.campusYearGrade)
      .set({ taken: 0 })
      .where(and(eq(s.campusYearGrade.id_campus_year, period.id_campus_year), eq(s.campusYearGrade.id_grade, 4)));
    for (let i = 0; i < 2; i++) await createApplication(ctx.db, period, { id_status: STATUS.ENROLLED, id_grade: 4 });
    const res = await drawn(period);
    expect(res.status).toBe(200);
    const selected = res.body.data.selectedList;
    expect(selected.filter((o) => o.id_grade === 3)).toHaveLength(2);
    expect(selected.filter((o) => o.id_grade === 4)).toHaveLength(1);
    expect((await seatRow(ctx.db, period.id_campus_year, 3)).taken).toBe(2);
    expect((await seatRow(ctx.db, period.id_campus_year, 4)).taken).toBe(3);
    expect(res.body.data.waitingList.filter((o) => o.id_grade === 3).map((o) => o.waiting_list_position)).toEqual([
      1, 2, 3,
    ]);
  });

  it('offers everyone when there are fewer applicants than seats', async () => {
    const { period } = await scenario({ 3: 10 });
    const apps = [];
    for (let i = 0; i < 4; i++) apps.push((await applied(period)).id_application);
    const res = await drawn(period);
    expect(res.body.data.selectedList).toHaveLength(4);
    expect(res.body.data.waitingList).toHaveLength(0);
    for (const id of apps) expect(await statusOf(id)).toBe(STATUS.OFFERED);
    expect((await seatRow(ctx.db, period.id_campus_year, 3)).taken).toBe(4);
  });

  it('puts everyone on the waiting list after those already waiting when the grade has no seats', async () => {
    const { period } = await scenario({ 5: 0 });
    const before = [];
    for (let i = 0; i < 2; i++)
      before.push(
        (await createApplication(ctx.db, period, { id_status: STATUS.WAITING_LIST, id_grade: 5 })).id_application,
      );
    for (let i = 0; i < 3; i++) await applied(period, { id_grade: 5 });
    const res = await drawn(period);
    expect(res.status).toBe(200);
    expect(res.body.data.selectedList).toHaveLength(0);
    expect(res.body.data.waitingList.map((o) => o.waiting_list_position)).toEqual([3, 4, 5]);
    expect((await applicationRow(ctx.db, before[0])).waiting_list_position).toBe(1);
    expect((await applicationRow(ctx.db, before[1])).waiting_list_position).toBe(2);
  });

  it('leaves an applied application without a grade out, still applied', async () => {
    const { period } = await scenario({ 3: 1 });
    const graded = await applied(period);
    const gradeless = await applied(period, { id_grade: null });
    const res = await drawn(period);
    expect(res.status).toBe(200);
    expect(ids(res.body.data.selectedList)).toEqual([graded.id_application]);
    expect(res.body.data.skipped).toEqual([
      { id_application: gradeless.id_application, correlative: gradeless.correlative, reason: 'lotteryNeedsGrade' },
    ]);
    expect(await statusOf(gradeless.id_application)).toBe(STATUS.APPLIED);
  });
});

describe('refusals', () => {
  it('refuses without the campus lottery enabled, with the message (en and es)', async () => {
    const { period } = await scenario({ 3: 1 }, { lottery: false });
    await applied(period);
    const res = await run(period);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'The lottery is not enabled on this campus. Enable it in the campus configuration first.',
    );
    const es = await run(period, {}, token.admin, 'es');
    expect(es.body.message).toBe(
      'La lotería no está habilitada en este campus. Habilítela primero en la configuración del campus.',
    );
  });

  it('refuses a period that is not started', async () => {
    const { period } = await scenario({ 3: 1 }, { state: 'not_started' });
    await applied(period);
    const res = await run(period);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The lottery can only be run for a school period that has started.');
    expect((await practice(period)).status).toBe(409);
  });

  it('refuses a period with no applied applications (the freeze, before any draw)', async () => {
    const { period } = await scenario({ 3: 1 });
    await createApplication(ctx.db, period, { id_status: STATUS.LEAD, createdAt: ON_TIME });
    const res = await call<Refusal>('POST', '/lottery/freeze', {
      token: token.admin,
      body: body(period, { source: 'dice' }),
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('There are no applied applications to draw in this school period.');
  });

  it('refuses a real draw without a frozen lottery: the server seed is for practice only (en and es)', async () => {
    const { period } = await scenario({ 3: 1 });
    const app = await applied(period);
    const res = await run(period);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      code: 'LOTTERY_NEEDS_FREEZE',
      message:
        'A real draw needs frozen inputs and a public source of randomness. Freeze the lottery first; the server seed is for practice only.',
    });
    expect((await run(period, {}, token.admin, 'es')).body.message).toBe(
      'Un sorteo real necesita datos congelados y una fuente pública de azar. Congele primero la lotería; la semilla del servidor es solo para ensayos.',
    );
    // a seed an older server committed for presentation mode (v1) draws nothing either
    const seed = 'c3'.repeat(32);
    const [committed] = await ctx.db
      .insert(s.lottery)
      .values({
        id_school: period.id_school,
        id_campus_year: period.id_campus_year,
        state: 'committed',
        algorithm: LOTTERY_ALGORITHM,
        seed,
        seedHash: seedHash(seed),
      })
      .returning();
    expect((await run(period, { id_lottery: committed.id_lottery })).body.code).toBe('LOTTERY_NEEDS_FREEZE');
    // nor does a lottery frozen and then unfrozen
    const frozen = await freezeOnDice(call, staff(), period);
    const unfrozen = await call('POST', '/lottery/unfreeze', {
      token: token.admin,
      body: body(period, { reason: 'A guardian email was wrong' }),
    });
    expect(unfrozen.status).toBe(200);
    expect((await run(period, { id_lottery: frozen.id_lottery })).body.code).toBe('LOTTERY_NEEDS_FREEZE');
    expect((await run(period)).body.code).toBe('LOTTERY_NEEDS_FREEZE');
    // presentation mode's committed seed is gone
    expect((await call('POST', '/lottery/commit', { token: token.admin, body: body(period) })).status).toBe(404);
    expect(await count(`lottery WHERE id_campus_year = ${period.id_campus_year} AND state = 'drawn'`)).toBe(0);
    expect(await statusOf(app.id_application)).toBe(STATUS.APPLIED);
  });

  it('answers 400 to bad input, 401 anonymous, 403 without the permission, 404 outside the scope', async () => {
    const { period } = await scenario({ 3: 1 });
    await applied(period);
    expect((await call('POST', '/application/lottery', { token: token.admin, body: { id_campus: 'x' } })).status).toBe(
      400,
    );
    expect((await call('POST', '/lottery/practice', { token: token.admin, body: {} })).status).toBe(400);
    expect((await call('GET', '/lottery/abc', { token: token.admin })).status).toBe(400);
    expect((await call('POST', '/application/lottery', { body: body(period) })).status).toBe(401);
    expect((await call('GET', `/lottery?id_campus_year=${period.id_campus_year}`, {})).status).toBe(401);
    expect((await run(period, {}, token.reader)).status).toBe(403);
    expect(
      (await call('POST', '/lottery/freeze', { token: token.reader, body: body(period, { source: 'dice' }) })).status,
    ).toBe(403);
    expect(
      (await call('GET', `/lottery?id_campus_year=${period.id_campus_year}`, { token: token.reader })).status,
    ).toBe(200);
    expect((await run(period, { id_lottery: 999999 })).status).toBe(404);
    expect(await count(`lottery WHERE id_campus_year = ${period.id_campus_year}`)).toBe(0);
  });
});

describe('all or nothing', () => {
  it('changes nothing when the draw fails midway: the lottery stays frozen, ready to draw again', async () => {
    const { period } = await scenario({ 3: 2 });
    const apps = [];
    for (let i = 0; i < 5; i++) apps.push((await applied(period)).id_application);
    const frozen = await freezeOnDice(call, staff(), period);
    const history = await count('application_status');
    const audits = await count('audit_log');
    await ctx.db.execute(sql`
      CREATE OR REPLACE FUNCTION lottery_test_fail() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'injected failure'; END; $$ LANGUAGE plpgsql`);
    await ctx.db.execute(sql`
      CREATE TRIGGER lottery_test_fail BEFORE INSERT ON application_status
      FOR EACH ROW WHEN (NEW.id_status_movement_type = 2) EXECUTE FUNCTION lottery_test_fail()`);
    try {
      const res = await drawOfFrozen(call, token.admin, period, frozen.id_lottery);
      expect(res.status).toBe(500);
    } finally {
      await ctx.db.execute(sql`DROP TRIGGER lottery_test_fail ON application_status`);
      await ctx.db.execute(sql`DROP FUNCTION lottery_test_fail()`);
    }
    for (const id of apps) {
      const row = await applicationRow(ctx.db, id);
      expect(row).toMatchObject({ id_status: STATUS.APPLIED, waiting_list_position: null, id_lottery: null });
    }
    expect((await seatRow(ctx.db, period.id_campus_year, 3)).taken).toBe(0);
    const lotteries = await ctx.db.select().from(s.lottery).where(eq(s.lottery.id_campus_year, period.id_campus_year));
    expect(lotteries.map((l) => [l.id_lottery, l.state, l.seed, l.result, l.logHash])).toEqual([
      [frozen.id_lottery, 'frozen', null, null, null],
    ]);
    const [periodRow] = await ctx.db
      .select({ frozen: s.campusYear.lotteryFrozen })
      .from(s.campusYear)
      .where(eq(s.campusYear.id_campus_year, period.id_campus_year));
    expect(periodRow.frozen).toBe(true);
    expect(await count(`lottery_log WHERE id_campus_year = ${period.id_campus_year}`)).toBe(1);
    expect(await count('application_status')).toBe(history);
    expect(await count('audit_log')).toBe(audits);
    // and the draw goes through once the failure is gone
    expect((await drawOfFrozen(call, token.admin, period, frozen.id_lottery)).status).toBe(200);
  });
});

/**
 * A v1 record as servers drew them before the freeze existed (the server's seed, signed): a v2 draw of the period
 * rewritten into one, its result re-drawn from a v1 seed, so that it names real applications.
 */
async function v1Record(period: Period) {
  const res = await drawn(period);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = res.body.data.lottery!.id_lottery;
  const [row] = await ctx.db.select().from(s.lottery).where(eq(s.lottery.id_lottery, id));
  const inputs = row.inputs as DrawInputs;
  const seed = '5e'.repeat(32);
  const result = draw(seed, inputs);
  const facts = {
    algorithm: LOTTERY_ALGORITHM,
    seedHash: seedHash(seed),
    inputsHash: inputsHash(inputs),
    resultHash: resultHash(result),
    drawnAt: row.drawnAt!,
  };
  const signature = signatureOf(ctx.secrets.encryptionKey, { ...facts, id_campus_year: row.id_campus_year });
  await ctx.db
    .update(s.lottery)
    .set({
      ...facts,
      seed,
      result,
      signature,
      frozenAt: null,
      source: null,
      diceDigits: null,
      diceFirstEntry: null,
      diceFirstUser: null,
      logHash: null,
    })
    .where(eq(s.lottery.id_lottery, id));
  return { id, seed, result };
}

describe('proof', () => {
  it('the seed is made from the frozen inputs and the dice; the same seed and inputs give the same result', async () => {
    const { campus, period } = await scenario({ 3: 2, 4: 1 });
    await setPriorityLevel(ctx.db, campus, 3, 1);
    for (let i = 0; i < 4; i++) await applied(period, { id_grade: 3, id_priority_item: i % 2 ? 3 : null });
    for (let i = 0; i < 3; i++) await applied(period, { id_grade: 4 });
    const res = await drawn(period);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.lottery!.id_lottery;
    expect(id).toBe(res.frozen.id_lottery);
    const [stored] = await ctx.db.select().from(s.lottery).where(eq(s.lottery.id_lottery, id));
    expect(stored).toMatchObject({
      state: 'drawn',
      algorithm: 'openseat-lottery-v2',
      inputsHash: res.frozen.inputsHash,
    });
    expect(stored.seed).toBe(seedOf(res.frozen.inputsHash!, { kind: 'dice', digits: DICE }));
    expect(res.body.data.seed).toBe(stored.seed);
    const again = draw(stored.seed ?? '', stored.inputs as DrawInputs);
    expect(again).toEqual(stored.result);
    expect(resultHash(again)).toBe(stored.resultHash);

    const checked = await verify(id);
    expect(checked.status).toBe(200);
    expect(checked.body.checks.filter((c) => !c.ok)).toEqual([]);
    expect(checked.body.valid).toBe(true);

    const record = await call<LotteryRecord>('GET', `/lottery/${id}`, { token: token.reader });
    expect(record.status).toBe(200);
    expect(record.body.outcomes.map((o) => o.id_application)).toEqual(
      (stored.result as DrawOutcome[]).map((o) => o.id_application),
    );
    expect(record.body.seed).toBe(stored.seed);
    expect(record.body.outcomes[0].applicantName).toMatch(/^Child/);
    const list = await call<LotterySummary[]>('GET', `/lottery?id_campus_year=${period.id_campus_year}`, {
      token: token.reader,
    });
    expect(list.body.map((l) => l.id_lottery)).toEqual([id]);
  });

  it('downloads the drawn record as CSV, which the independent verifier accepts with the log', async () => {
    const { period } = await scenario({ 3: 1, 4: 2 });
    for (let i = 0; i < 3; i++) await applied(period, { id_grade: 3 });
    for (let i = 0; i < 3; i++) await applied(period, { id_grade: 4 });
    const answer = (await drawn(period)).body.data;
    const res = await call<string>('GET', `/lottery/${answer.lottery!.id_lottery}/csv`, { token: token.reader });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = res.body;
    expect(text).toContain(answer.seed);
    expect(text).toContain(answer.lottery!.resultHash!);
    const log = await call<LotteryLog>('GET', `/lottery/log?id_campus_year=${period.id_campus_year}`, {
      token: token.reader,
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lottery-'));
    fs.writeFileSync(path.join(dir, 'record.csv'), text);
    fs.writeFileSync(path.join(dir, 'log.jsonl'), logFile(log.body.entries));
    await expect(
      promisify(execFile)(process.execPath, [VERIFIER, path.join(dir, 'record.csv'), path.join(dir, 'log.jsonl')]),
    ).resolves.toBeTruthy();
    // a lottery only frozen has no record file yet
    const { period: other } = await scenario({ 3: 1 });
    await applied(other);
    const frozen = await freezeOnDice(call, staff(), other);
    expect((await call('GET', `/lottery/${frozen.id_lottery}/csv`, { token: token.admin })).status).toBe(404);
  });

  it('still reads, verifies and downloads a v1 record drawn before the freeze existed', async () => {
    const { period } = await scenario({ 3: 1, 4: 1 });
    for (let i = 0; i < 3; i++) await applied(period, { id_grade: 3 });
    for (let i = 0; i < 2; i++) await applied(period, { id_grade: 4 });
    const { id, seed, result } = await v1Record(period);
    const checked = await verify(id);
    expect(checked.body.valid).toBe(true);
    expect(checked.body.checks.map((c) => [c.name, c.ok])).toEqual([
      ['seedHash', true],
      ['inputsHash', true],
      ['result', true],
      ['signature', true],
    ]);
    const record = await call<LotteryRecord>('GET', `/lottery/${id}`, { token: token.reader });
    expect(record.status).toBe(200);
    expect(record.body).toMatchObject({ state: 'drawn', algorithm: LOTTERY_ALGORITHM, seed });
    expect(record.body.outcomes.map((o) => o.id_application)).toEqual(result.map((o) => o.id_application));
    const csv = await call<string>('GET', `/lottery/${id}/csv`, { token: token.reader });
    expect(csv.status).toBe(200);
    expect(csv.body).toContain(`# seed: ${seed}`);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lottery-v1-')), 'record.csv');
    fs.writeFileSync(file, csv.body);
    await expect(promisify(execFile)(process.execPath, [VERIFIER, file])).resolves.toBeTruthy();
  });

  it('detects a v1 record changed after the draw, naming the failing check', async () => {
    const { period } = await scenario({ 3: 1 });
    for (let i = 0; i < 4; i++) await applied(period);
    const { id } = await v1Record(period);
    const [original] = await ctx.db.select().from(s.lottery).where(eq(s.lottery.id_lottery, id));
    const failing = async () => (await verify(id)).body.checks.filter((c) => !c.ok).map((c) => c.name);

    const result = original.result as DrawOutcome[];
    const swapped = [
      { ...result[0], id_application: result[1].id_application },
      { ...result[1], id_application: result[0].id_application },
      ...result.slice(2),
    ];
    await ctx.db.update(s.lottery).set({ result: swapped }).where(eq(s.lottery.id_lottery, id));
    expect((await verify(id)).body.valid).toBe(false);
    expect(await failing()).toEqual(['result']);
    // rewriting the result hash as well is caught by the signature
    await ctx.db
      .update(s.lottery)
      .set({ resultHash: resultHash(swapped) })
      .where(eq(s.lottery.id_lottery, id));
    expect(await failing()).toContain('signature');

    await ctx.db
      .update(s.lottery)
      .set({ result: original.result, resultHash: original.resultHash })
      .where(eq(s.lottery.id_lottery, id));
    expect((await verify(id)).body.valid).toBe(true);

    const inputs = original.inputs as DrawInputs;
    const changed = { ...inputs, entries: inputs.entries.map((e, i) => (i === 0 ? { ...e, level: 0 } : e)) };
    await ctx.db.update(s.lottery).set({ inputs: changed }).where(eq(s.lottery.id_lottery, id));
    expect(await failing()).toContain('inputsHash');
    await ctx.db.update(s.lottery).set({ inputs: original.inputs }).where(eq(s.lottery.id_lottery, id));

    await ctx.db
      .update(s.lottery)
      .set({ seed: 'ab'.repeat(32) })
      .where(eq(s.lottery.id_lottery, id));
    expect(await failing()).toContain('seedHash');
    await ctx.db.update(s.lottery).set({ seed: original.seed }).where(eq(s.lottery.id_lottery, id));
    expect((await verify(id)).body.valid).toBe(true);
  });
});

describe('practice run', () => {
  it('draws with a fresh seed and writes nothing', async () => {
    const { period } = await scenario({ 3: 1 });
    const apps = [];
    for (let i = 0; i < 4; i++) apps.push((await applied(period)).id_application);
    const before = [await count('application_status'), await count('lottery'), await count('audit_log')];
    const res = await practice(period);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Practice run: nothing was saved.');
    expectExactlyTheSchema(res.body);
    expect(res.body.data).toMatchObject({ practice: true, lottery: null });
    expect(res.body.data.selectedList).toHaveLength(1);
    expect(res.body.data.waitingList).toHaveLength(3);
    expect(res.body.data.seed).toMatch(/^[0-9a-f]{64}$/);
    expect([await count('application_status'), await count('lottery'), await count('audit_log')]).toEqual(before);
    for (const id of apps) expect(await statusOf(id)).toBe(STATUS.APPLIED);
    expect((await seatRow(ctx.db, period.id_campus_year, 3)).taken).toBe(0);
  });
});

describe('late applications', () => {
  it('a late application lands at the bottom of its waiting list, after the drawn ones', async () => {
    const { period } = await scenario({ 3: 1 }, { enrollment_end_date: '2026-01-31' });
    const late = await applied(period, { createdAt: new Date('2026-02-01T12:00:00Z') });
    const lateSecond = await applied(period, { createdAt: new Date('2026-02-02T12:00:00Z') });
    // the last evening of the end date in New York is still on time
    const onTime = [(await applied(period, { createdAt: new Date('2026-02-01T02:00:00Z') })).id_application];
    for (let i = 0; i < 2; i++)
      onTime.push((await applied(period, { createdAt: new Date('2026-01-15T12:00:00Z') })).id_application);
    // the practice run shows where they would land, and moves nobody
    const rehearsal = await practice(period);
    expect(rehearsal.body.data.late.map((o) => [o.id_application, o.waiting_list_position])).toEqual([
      [late.id_application, 3],
      [lateSecond.id_application, 4],
    ]);
    const res = await drawn(period);
    expect(res.status).toBe(200);
    expect(ids(inDrawOrder(res.body.data)).sort()).toEqual(onTime.sort());
    expect(res.body.data.waitingList.map((o) => o.waiting_list_position)).toEqual([1, 2]);
    expect(ids(res.body.data.late)).toEqual([late.id_application, lateSecond.id_application]);
    expectExactlyTheSchema(res.body);
    expect(res.body.data.late.map((o) => o.waiting_list_position)).toEqual([3, 4]);
    const row = await applicationRow(ctx.db, late.id_application);
    expect(row).toMatchObject({ id_status: STATUS.WAITING_LIST, waiting_list_position: 3, id_lottery: null });
    expect((await historyOf(ctx.db, late.id_application)).at(-1)?.id_status_movement_type).toBe(
      MOVEMENT_TYPE.LATE_APPLICATION,
    );

    // after the draw, new applied applications join the end in arrival order
    const after = await applied(period, { createdAt: new Date() });
    const added = await call<Saved<LotteryOutcome[]>>('POST', '/lottery/late', {
      token: token.admin,
      body: body(period),
    });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Late applications joined the end of the waiting list.');
    expect(added.body.data.map((o) => [o.id_application, o.waiting_list_position])).toEqual([
      [after.id_application, 5],
    ]);
    const none = await call<Refusal>('POST', '/lottery/late', { token: token.admin, body: body(period) });
    expect(none.status).toBe(409);
  });
});

describe('siblings', () => {
  it('after one sibling wins, the other is drawn at the sibling level', async () => {
    const { campus, period } = await scenario({ 3: 1, 4: 1 }, { sibling_priority: true });
    await setPriorityLevel(ctx.db, campus, 1, 1); // sibling
    await setPriorityLevel(ctx.db, campus, 3, 2); // in-district
    const family = { guardianEmail: 'Parent@Example.org' };
    const older = await applied(period, { id_grade: 3, ...family, id_priority_item: 3 });
    const younger = await applied(period, { id_grade: 4, guardianEmail: ' parent@example.ORG ' });
    // grade 4 has in-district applicants, who would beat the younger sibling without the rule
    for (let i = 0; i < 4; i++) await applied(period, { id_grade: 4, id_priority_item: 3 });
    const res = await drawn(period);
    expect(res.status).toBe(200);
    const outcome = (id: number) => inDrawOrder(res.body.data).find((o) => o.id_application === id)!;
    expect(outcome(older.id_application)).toMatchObject({ result: 'selected', sibling: false, level: 2 });
    expect(outcome(younger.id_application)).toMatchObject({ result: 'selected', sibling: true, level: 1 });
    expect((await applicationRow(ctx.db, younger.id_application)).lottery_level).toBe(1);
  });

  it('without the period rule, siblings are drawn at their own level', async () => {
    const { campus, period } = await scenario({ 3: 1, 4: 1 });
    await setPriorityLevel(ctx.db, campus, 3, 1);
    await applied(period, { id_grade: 3, guardianEmail: 'same@example.org', id_priority_item: 3 });
    const younger = await applied(period, { id_grade: 4, guardianEmail: 'same@example.org' });
    for (let i = 0; i < 3; i++) await applied(period, { id_grade: 4, id_priority_item: 3 });
    const res = await drawn(period);
    const outcome = inDrawOrder(res.body.data).find((o) => o.id_application === younger.id_application)!;
    expect(outcome).toMatchObject({ result: 'waiting', sibling: false, level: 2 });
  });
});
