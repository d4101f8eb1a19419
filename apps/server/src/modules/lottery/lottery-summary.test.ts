import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVEMENT_TYPE } from '@openseat/shared/application-status';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import {
  LOTTERY_PAGE_SIZE,
  LotteryResultSchema,
  type LotteryOutcome,
  type LotteryRecord,
  type LotteryResult,
  type LotterySummary,
} from '@openseat/shared/schemas/lottery';
import { savedOf } from '@openseat/shared/schemas/responses';
import * as s from '../../db/schema/index';
import { createApplication, expectSeatsAndPlacesConsistent } from '../../test/application-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { closedLotteryPeriod, drawFrozen, freezeOnDice, ON_TIME, type DiceTokens } from '../../test/lottery-draw';
import { tokenFor } from '../../test/session';

/*
 * The answer of a draw is a summary (docs/api-lottery.md, "The answer"): counts per grade and the first page of each
 * grade's lists. With more applications than a page, its counts are the database's and the record's, its pages the
 * record's first outcomes, and the moves it made are held for the families exactly as every draw's are.
 */

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
const token = { admin: '', second: '', other: '' };
/** The two staff users who enter the dice of a draw. */
const staff = (): DiceTokens => [token.admin, token.second];
let school: { id_school: number };
type Saved<T> = { message: string; data: T };

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  school = await createSchool(ctx.db, 'Summary School');
  token.admin = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  token.second = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  const other = await createSchool(ctx.db, 'Another School');
  token.other = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: other.id_school });
});
afterAll(() => ctx?.close());

let campuses = 0;

/**
 * A lottery campus whose started period, closed on 31 January, has `seats` per grade and `applied` applications per
 * grade made before it closed.
 */
async function period(seats: Record<number, number>, applied: Record<number, number>) {
  const campus = await createCampus(ctx.db, school.id_school, `Summary Campus ${++campuses}`);
  await createCampusGrades(ctx.db, campus, Object.keys(seats).map(Number));
  await ctx.db
    .update(s.campusConfiguration)
    .set({ is_lottery_campus: true })
    .where(eq(s.campusConfiguration.id_campus, campus.id_campus));
  const p = await createPeriod(ctx.db, campus, closedLotteryPeriod({ grades: seats }));
  const ids: number[] = [];
  for (const [grade, n] of Object.entries(applied))
    for (let i = 0; i < n; i++)
      ids.push(
        (await createApplication(ctx.db, p, { id_status: STATUS.APPLIED, id_grade: Number(grade), createdAt: ON_TIME }))
          .id_application,
      );
  return { campus, period: p, ids, body: { id_campus: p.id_campus, id_school_year: p.id_school_year } };
}

const countBy = <T>(rows: readonly T[], key: (row: T) => string) => {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[key(row)] = (counts[key(row)] ?? 0) + 1;
  return counts;
};
const firstOfEach = (outcomes: readonly LotteryOutcome[]) =>
  Object.values(
    outcomes.reduce<Record<string, LotteryOutcome[]>>((lists, o) => {
      (lists[`${o.id_grade}`] ??= []).push(o);
      return lists;
    }, {}),
  ).flatMap((list) => list.slice(0, LOTTERY_PAGE_SIZE));

describe('the answer of a draw with more applications than a page', () => {
  let drawn: { period: Awaited<ReturnType<typeof period>>; answer: LotteryResult };

  beforeAll(async () => {
    const p = await period({ 3: 3, 4: 2 }, { 3: 60, 4: 30 });
    const skipped = await createApplication(ctx.db, p.period, {
      id_status: STATUS.APPLIED,
      id_grade: null,
      createdAt: ON_TIME,
    });
    const res = await drawFrozen(call, staff(), p.period);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(savedOf(LotteryResultSchema).parse(res.body)).toStrictEqual(res.body);
    expect(res.body.data.skipped).toEqual([
      { id_application: skipped.id_application, correlative: skipped.correlative, reason: 'lotteryNeedsGrade' },
    ]);
    drawn = { period: p, answer: res.body.data };
    await expectSeatsAndPlacesConsistent(ctx.db);
  });

  it('counts what the database holds and what the record says, per grade and in all', async () => {
    const { answer } = drawn;
    const id_lottery = answer.lottery!.id_lottery;
    const rows = await ctx.db
      .select({ id_grade: s.application.id_grade, id_status: s.application.id_status })
      .from(s.application)
      .where(eq(s.application.id_lottery, id_lottery));
    const inDb = countBy(rows, (r) => `${r.id_grade}:${r.id_status}`);
    const record = (await call<LotteryRecord>('GET', `/lottery/${id_lottery}`, { token: token.admin })).body;
    const inRecord = countBy(record.outcomes, (o) => `${o.id_grade}:${o.result}`);
    expect(answer.grades.map((g) => [g.id_grade, g.considered, g.selected, g.waiting, g.late])).toEqual([
      [3, 60, 3, 57, 0],
      [4, 30, 2, 28, 0],
    ]);
    for (const g of answer.grades) {
      expect(inDb[`${g.id_grade}:${STATUS.OFFERED}`]).toBe(g.selected);
      expect(inDb[`${g.id_grade}:${STATUS.WAITING_LIST}`]).toBe(g.waiting);
      expect(inRecord[`${g.id_grade}:selected`]).toBe(g.selected);
      expect(inRecord[`${g.id_grade}:waiting`]).toBe(g.waiting);
    }
    expect(answer.counts).toEqual({ considered: 90, selected: 5, waiting: 85, late: 0, skipped: 1 });
    expect([record.consideredCount, record.selectedCount, record.waitingCount]).toEqual([90, 5, 85]);
  });

  it("shows the first page of each grade's lists: the record's first outcomes, in draw order", async () => {
    const { answer } = drawn;
    const record = (await call<LotteryRecord>('GET', `/lottery/${answer.lottery!.id_lottery}`, { token: token.admin }))
      .body;
    expect(answer.pageSize).toBe(LOTTERY_PAGE_SIZE);
    expect(answer.selectedList).toEqual(firstOfEach(record.outcomes.filter((o) => o.result === 'selected')));
    expect(answer.waitingList).toEqual(firstOfEach(record.outcomes.filter((o) => o.result === 'waiting')));
    expect(answer.waitingList).toHaveLength(2 * LOTTERY_PAGE_SIZE);
    expect(answer.waitingList.filter((o) => o.id_grade === 3).map((o) => o.waiting_list_position)).toEqual(
      Array.from({ length: LOTTERY_PAGE_SIZE }, (_, i) => i + 1),
    );
    // 55 outcomes named, not 90: the answer grows with the pages, not with the applications
    expect(answer.selectedList.length + answer.waitingList.length).toBe(3 + 2 + 2 * LOTTERY_PAGE_SIZE);
  });

  it('answers the same summary from the record afterwards (GET /lottery/:id/summary)', async () => {
    const { answer } = drawn;
    const res = await call<LotteryResult>('GET', `/lottery/${answer.lottery!.id_lottery}/summary`, {
      token: token.admin,
    });
    expect(res.status).toBe(200);
    // the record holds the draw: the applications it left out are not in it
    expect(res.body).toEqual({
      ...answer,
      counts: { ...answer.counts, skipped: 0 },
      skipped: [],
    });
    const other = await call('GET', `/lottery/${answer.lottery!.id_lottery}/summary`, { token: token.other });
    expect(other.status).toBe(404);
  });

  it("holds every move's message for the families, as every draw does, and queues none", async () => {
    const { answer, period: p } = drawn;
    const id_lottery = answer.lottery!.id_lottery;
    const holds = await ctx.db.select().from(s.messageHold).where(eq(s.messageHold.id_lottery, id_lottery));
    expect(holds).toHaveLength(1);
    expect([holds[0].id_campus, holds[0].offers, holds[0].families, holds[0].releasedAt]).toEqual([
      p.campus.id_campus,
      5,
      90,
      null,
    ]);
    // packed `id_application,id_campus,from,to;...`: one per move, from applied to what the draw gave
    const moves = (holds[0].moves ?? '').split(';').map((m) => m.split(',').map(Number));
    const moved = await ctx.db
      .select({ id: s.application.id_application, status: s.application.id_status })
      .from(s.application)
      .where(eq(s.application.id_lottery, id_lottery));
    expect(moves.map(([id, campus, from, to]) => [id, campus, from, to]).sort((x, y) => x[0] - y[0])).toEqual(
      moved.map((m) => [m.id, p.campus.id_campus, STATUS.APPLIED, m.status]).sort((x, y) => x[0] - y[0]),
    );
    expect(await ctx.db.select().from(s.messageOutbox).where(inArray(s.messageOutbox.id_application, p.ids))).toEqual(
      [],
    );
    // one history row per move, movement 'Lottery', with the place the answer shows
    const history = await ctx.db
      .select()
      .from(s.applicationStatus)
      .where(
        and(
          inArray(s.applicationStatus.id_application, p.ids),
          eq(s.applicationStatus.id_status_movement_type, MOVEMENT_TYPE.LOTTERY),
        ),
      );
    expect(history).toHaveLength(90);
    const place = new Map(history.map((h) => [h.id_application, h.waiting_list_position]));
    for (const o of answer.waitingList) expect(place.get(o.id_application)).toBe(o.waiting_list_position);
  });
});

describe('the practice run', () => {
  it('answers a summary, and its every outcome as a record file the independent verifier accepts', async () => {
    const p = await period({ 3: 2 }, { 3: 30 });
    const res = await call<Saved<LotteryResult>>('POST', '/lottery/practice', { token: token.admin, body: p.body });
    expect(res.status).toBe(200);
    expect(savedOf(LotteryResultSchema).parse(res.body)).toStrictEqual(res.body);
    const practice = res.body.data;
    expect([practice.counts.selected, practice.counts.waiting, practice.waitingList.length]).toEqual([
      2,
      28,
      LOTTERY_PAGE_SIZE,
    ]);
    const query = `id_campus=${p.body.id_campus}&id_school_year=${p.body.id_school_year}`;
    const csv = await call<string>('GET', `/lottery/practice/csv?${query}&seed=${practice.seed}`, {
      token: token.admin,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.body).toContain(`# seed: ${practice.seed}`);
    expect(csv.body).toContain('# practice: ');
    // the same seed draws the same result: the outcomes the answer showed are the file's
    for (const o of [...practice.selectedList, ...practice.waitingList])
      expect(csv.body).toContain(`result,${o.id_application},${o.id_grade},${o.result},${o.order},`);
    expect(csv.body.match(/^result,/gm)).toHaveLength(30);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lottery-practice-')), 'practice.csv');
    fs.writeFileSync(file, csv.body);
    const script = path.resolve(import.meta.dirname, '../../../../../scripts/verify-lottery.mjs');
    await expect(promisify(execFile)(process.execPath, [script, file])).resolves.toBeTruthy();
    // nothing was written
    const lotteries = await call<LotterySummary[]>('GET', `/lottery?id_campus_year=${p.period.id_campus_year}`, {
      token: token.admin,
    });
    expect(lotteries.body).toEqual([]);
    expect((await call('GET', `/lottery/practice/csv?${query}&seed=xyz`, { token: token.admin })).status).toBe(400);
    expect(
      (await call('GET', `/lottery/practice/csv?${query}&seed=${practice.seed}`, { token: token.other })).status,
    ).toBe(404);
  });

  it('has no summary for a lottery only frozen', async () => {
    const p = await period({ 3: 1 }, { 3: 1 });
    const frozen = await freezeOnDice(call, staff(), p.period);
    const res = await call('GET', `/lottery/${frozen.id_lottery}/summary`, { token: token.admin });
    expect(res.status).toBe(404);
  });
});
