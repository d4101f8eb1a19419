import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import type { LotteryLogEntry } from '@openseat/shared/schemas/lottery';
import {
  LotteryPublicPageSchema,
  type LotteryPublicPage,
  type LotteryReport,
  type ReportCount,
} from '@openseat/shared/schemas/lottery-public';
import * as s from '../../db/schema/index';
import { createApplication } from '../../test/application-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool, createUser } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { closedLotteryPeriod, DICE, drawFrozen, ON_TIME } from '../../test/lottery-draw';
import { tokenFor } from '../../test/session';
import { draw, inputsHash, LOTTERY_ALGORITHM, resultHash, seedHash, type DrawInputs } from './lottery.draw';
import { chainProblems, GENESIS_HASH, nextEntry } from './lottery.log-chain';
import { lotteryReport } from './lottery.report';

/*
 * The public lottery page (issue 23, parts 4 and 5) over real HTTP: a period's page by its token, its log, lotteries,
 * results report and files, with nobody's name in any answer, and nothing of another period.
 */

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;

/** Names and addresses of the fixture's people: none may appear in a public answer. */
const PEOPLE = ['Zephyrine', 'Quillfeather', 'zephyrine.family@example.test', 'guardian.quill@example.test'];
const STAFF_NAME = 'Staffer Wexfordmoor';
const STAFF_EMAIL = 'wexfordmoor.staff@example.test';

const TOKEN_A = 'publicTokenOfPeriodA_0001';
const TOKEN_B = 'publicTokenOfPeriodB_0002';
const TOKEN_UNKNOWN = 'publicTokenNobodyHas_0003';

type Period = Awaited<ReturnType<typeof createPeriod>>;
let periodA: Period;
let drawnId = 0;
let supersededId = 0;
const logA: LotteryLogEntry[] = [];
const logB: LotteryLogEntry[] = [];

const publicGet = (path: string, headers: Record<string, string> = {}) =>
  call<string | Record<string, unknown>>('GET', `/public/lottery/${path}`, { headers });
const page = async (token: string) => {
  const res = await call<LotteryPublicPage>('GET', `/public/lottery/${token}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // exactly what the schema allows: nothing it would strip
  expect(LotteryPublicPageSchema.parse(res.body)).toStrictEqual(res.body);
  return res.body;
};

/** Appends entries to a period's log as the server does (hash-chained), straight in the table. */
async function appendLog(period: Period, log: LotteryLogEntry[], kind: LotteryLogEntry['kind'], facts: object) {
  const entry = nextEntry(log.at(-1), kind, new Date(Date.UTC(2026, 10, 1, 15, log.length)), { ...facts });
  await ctx.db.insert(s.lotteryLog).values({
    id_school: period.id_school,
    id_campus_year: period.id_campus_year,
    ...entry,
    at: new Date(entry.at),
  });
  log.push(entry);
}

/** A drawn record of `period` over its applied applications (all of priority level 1 unless said), straight in the table. */
async function insertDraw(
  period: Period,
  apps: Array<{ id_application: number; id_grade: number; level?: number }>,
  seats: Record<number, number>,
  state: 'drawn' | 'superseded',
  seed: string,
  id_user: number,
) {
  const inputs: DrawInputs = {
    grades: Object.entries(seats).map(([id, n]) => ({
      id_grade: Number(id),
      position: Number(id),
      seats: n,
      waitingBefore: 0,
    })),
    entries: apps.map((a) => ({
      id_application: a.id_application,
      id_grade: a.id_grade,
      level: a.level ?? 1,
      weight: 1,
      family: null,
    })),
    siblingLevel: null,
    seatedFamilies: [],
  };
  const result = draw(seed, inputs);
  const [row] = await ctx.db
    .insert(s.lottery)
    .values({
      id_school: period.id_school,
      id_campus_year: period.id_campus_year,
      state,
      algorithm: LOTTERY_ALGORITHM,
      seed,
      seedHash: seedHash(seed),
      id_user,
      inputs,
      inputsHash: inputsHash(inputs),
      result,
      resultHash: resultHash(result),
      consideredCount: result.length,
      selectedCount: result.filter((o) => o.result === 'selected').length,
      waitingCount: result.filter((o) => o.result === 'waiting').length,
      drawnAt: new Date('2026-11-01T16:00:00Z'),
      frozenAt: new Date('2026-11-01T15:00:00Z'),
      source: 'dice',
      diceDigits: '12345678901234567890',
    })
    .returning();
  return row;
}

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  const school = await createSchool(ctx.db, 'Public Lottery School');
  const staff = await createUser(ctx.db, {
    context: CONTEXT_TYPE.SCHOOL,
    id_school: school.id_school,
    email: STAFF_EMAIL,
  });
  await ctx.db.update(s.user).set({ name: STAFF_NAME }).where(eq(s.user.id_user, staff.id_user));

  // period A: grade 3 has 12 seats for 15 applicants (3 wait), grade 4 has 10 seats for 5 applicants
  const campusA = await createCampus(ctx.db, school.id_school, 'North Campus');
  await createCampusGrades(ctx.db, campusA, [3, 4]);
  periodA = await createPeriod(ctx.db, campusA, { state: 'started', grades: { 3: 12, 4: 10 } });
  const apps: Array<{ id_application: number; id_grade: number; level: number }> = [];
  for (let i = 0; i < 20; i++) {
    const id_grade = i < 15 ? 3 : 4;
    const app = await createApplication(ctx.db, periodA, {
      id_status: STATUS.APPLIED,
      id_grade,
      firstName: `${PEOPLE[0]}${i}`,
      lastName: PEOPLE[1],
      email: i === 0 ? PEOPLE[2] : null,
      guardianEmail: i === 0 ? PEOPLE[3] : `guardian.${i}@example.test`,
    });
    // grade 3: three priority levels, so the lowest level reached is the last one among the selected
    apps.push({ id_application: app.id_application, id_grade, level: id_grade === 3 ? 1 + (i % 3) : 1 });
  }
  const superseded = await insertDraw(periodA, apps, { 3: 12, 4: 10 }, 'superseded', 'cd'.repeat(32), staff.id_user);
  const drawn = await insertDraw(periodA, apps, { 3: 12, 4: 10 }, 'drawn', 'ab'.repeat(32), staff.id_user);
  supersededId = superseded.id_lottery;
  drawnId = drawn.id_lottery;
  await ctx.db
    .update(s.campusYear)
    .set({ lotteryPublicToken: TOKEN_A })
    .where(eq(s.campusYear.id_campus_year, periodA.id_campus_year));
  const freeze = { algorithm: 'openseat-lottery-v2', source: 'dice' };
  await appendLog(periodA, logA, 'freeze', { id_lottery: supersededId, ...freeze, inputs_sha256: 'a'.repeat(64) });
  await appendLog(periodA, logA, 'draw', { id_lottery: supersededId, seed: 'cd'.repeat(32) });
  await appendLog(periodA, logA, 'rerun', { id_lottery: supersededId, reason: 'The seats of grade 3 were wrong.' });
  await appendLog(periodA, logA, 'freeze', { id_lottery: drawnId, ...freeze, inputs_sha256: 'b'.repeat(64) });
  await appendLog(periodA, logA, 'draw', { id_lottery: drawnId, seed: 'ab'.repeat(32) });

  // period B: another campus of the school, frozen, not drawn
  const campusB = await createCampus(ctx.db, school.id_school, 'South Campus');
  await createCampusGrades(ctx.db, campusB, [3]);
  const periodB = await createPeriod(ctx.db, campusB, { state: 'started', grades: { 3: 5 } });
  await createApplication(ctx.db, periodB, { id_status: STATUS.APPLIED, firstName: PEOPLE[0], lastName: PEOPLE[1] });
  const [frozenB] = await ctx.db
    .insert(s.lottery)
    .values({
      id_school: periodB.id_school,
      id_campus_year: periodB.id_campus_year,
      state: 'frozen',
      algorithm: 'openseat-lottery-v2',
      inputsHash: 'e'.repeat(64),
      frozenAt: new Date('2026-11-02T10:00:00Z'),
      source: 'drand',
      beaconChain: 'f'.repeat(64),
      beaconRound: 1234567,
      roundAt: new Date('2026-11-03T10:00:00Z'),
      id_user: staff.id_user,
    })
    .returning();
  await ctx.db
    .update(s.campusYear)
    .set({ lotteryPublicToken: TOKEN_B })
    .where(eq(s.campusYear.id_campus_year, periodB.id_campus_year));
  await appendLog(periodB, logB, 'freeze', { id_lottery: frozenB.id_lottery, source: 'drand', round: 1234567 });
});

afterAll(() => ctx?.close());

const COLUMNS = ['applicants', 'offers', 'waiting'] as const;

/** The report of a draw over `grades` ([seats, applicants] each, all of level 1): straight from the record. */
function reportOf(grades: Array<[number, number]>): LotteryReport {
  let id = 0;
  const inputs: DrawInputs = {
    grades: grades.map(([seats], i) => ({ id_grade: i + 1, position: i, seats, waitingBefore: 0 })),
    entries: grades.flatMap(([, n], i) =>
      Array.from({ length: n }, () => ({ id_application: ++id, id_grade: i + 1, level: 1, weight: 1, family: null })),
    ),
    siblingLevel: null,
    seatedFamilies: [],
  };
  return lotteryReport(1, inputs, draw('ab'.repeat(32), inputs), (g) => `Grade ${g}`);
}

/**
 * The hidden counts a reader can work out from a report: a grade with a waiting list (a hidden count is never 0) has
 * offers equal to its seats; then every sum (applicants = offers + waiting in a row, a column's total = its grades),
 * again and again, gives its one unknown count away, and unknown counts that can only all be 1 (none is 0) or all be
 * their seats (a grade without a waiting list). Offers that are seats of grades with a waiting list are left out: they
 * are the school's own numbers.
 */
function derivable(report: LotteryReport, seats: number[]): string[] {
  const rows = [...report.grades, report.total!];
  const known = new Map<ReportCount, number>();
  for (const r of rows) for (const c of COLUMNS) if (!r[c].suppressed) known.set(r[c], r[c].value!);
  const full = (i: number) => rows[i].waiting.suppressed || rows[i].waiting.value! > 0;
  report.grades.forEach((g, i) => full(i) && known.set(g.offers, seats[i]));
  // a grade's offers, or the total's, that are all seats of grades with a waiting list (and zeros)
  const seatsOnly = (i: number) =>
    i < report.grades.length ? full(i) : report.grades.every((g, j) => full(j) || g.offers.value === 0);
  const most = (cell: ReportCount) => {
    const i = report.grades.findIndex((g) => g.applicants === cell || g.offers === cell);
    return i >= 0 && !full(i) ? seats[i] : Infinity;
  };
  const sums = [
    ...rows.map((r) => [r.applicants, r.offers, r.waiting]),
    ...COLUMNS.map((c) => [report.total![c], ...report.grades.map((g) => g[c])]),
  ];
  const found: string[] = [];
  const learn = (cell: ReportCount, n: number) => {
    known.set(cell, n);
    const i = rows.findIndex((r) => COLUMNS.some((c) => r[c] === cell));
    const column = COLUMNS.find((c) => rows[i][c] === cell)!;
    if (!(column === 'offers' && seatsOnly(i))) found.push(`row ${i} ${column} = ${n}`);
  };
  for (let learnt = true; learnt;) {
    learnt = false;
    for (const [total, ...parts] of sums) {
      const open = parts.filter((c) => !known.has(c));
      if (!known.has(total)) {
        if (open.length) continue;
        learn(
          total,
          parts.reduce((n, c) => n + known.get(c)!, 0),
        );
      } else {
        const rest = parts.reduce((n, c) => n - (known.get(c) ?? 0), known.get(total)!);
        const each = open.length === 1 ? [rest] : open.map(() => 1);
        const ceiling = open.reduce((n, c) => n + most(c), 0);
        if (open.length === 1 || (open.length && rest === open.length)) open.forEach((c, i) => learn(c, each[i]));
        else if (open.length && rest === ceiling) open.forEach((c) => learn(c, most(c)));
        else continue;
      }
      learnt = true;
    }
  }
  return found;
}

describe('the public page of a drawn period', () => {
  it('shows the school, campus, year, the log in order, the lotteries and the report, signed out', async () => {
    const body = await page(TOKEN_A);
    expect(body.school).toBe('Public Lottery School');
    expect(body.campus).toBe('North Campus');
    expect(body.schoolYear).toBeTruthy();
    expect(body.log).toEqual(logA);
    expect(body.log.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(body.log[0].prevHash).toBe(GENESIS_HASH);
    expect(chainProblems(body.log)).toEqual([]);

    expect(body.lotteries.map((l) => [l.id_lottery, l.state])).toEqual([
      [supersededId, 'superseded'],
      [drawnId, 'drawn'],
    ]);
    const drawn = body.lotteries[1];
    expect(drawn.seed).toBe('ab'.repeat(32));
    expect(drawn.seedHash).toBe(seedHash('ab'.repeat(32)));
    expect(drawn).toMatchObject({ source: 'dice', frozenAt: '2026-11-01T15:00:00.000Z' });
    expect(drawn.inputsHash).toMatch(/^[0-9a-f]{64}$/);
    expect(body.lotteries[0].seed).toBe('cd'.repeat(32));
  });

  it('reports per grade with counts from 1 to 9 suppressed, their complements too, 10 and more exact, and a total', async () => {
    const { report } = await page(TOKEN_A);
    expect(report.id_lottery).toBe(drawnId);
    const [k, first] = report.grades;
    // grade 3's 3 waiting are hidden, and its 15 applicants with them: its 12 offers are its 12 seats, as it has a
    // waiting list, so 15 would give 3 away
    expect(k).toMatchObject({
      id_grade: 3,
      seats: 12,
      applicants: { value: null, suppressed: true },
      offers: { value: 12, suppressed: false },
      waiting: { value: null, suppressed: true },
    });
    // 15 applicants over levels 1, 2, 3 (5 each) for 12 seats: the draw reaches level 3
    expect(k.lowestLevel).toBe(3);
    expect(first).toMatchObject({
      id_grade: 4,
      seats: 10,
      applicants: { value: null, suppressed: true },
      offers: { value: null, suppressed: true },
      waiting: { value: 0, suppressed: false },
      lowestLevel: 1,
    });
    // the total's 17 offers hidden too: 20 - 17 would give its 3 waiting away
    expect(report.total).toEqual({
      seats: 22,
      applicants: { value: 20, suppressed: false },
      offers: { value: null, suppressed: true },
      waiting: { value: null, suppressed: true },
    });
    expect(derivable(report, [12, 10])).toEqual([]);
  });

  it('serves the log as JSON Lines, the report and the record as CSV files', async () => {
    const log = await publicGet(`${TOKEN_A}/log.jsonl`);
    expect(log.status).toBe(200);
    expect(log.headers.get('content-type')).toContain('application/jsonl');
    expect(log.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.jsonl"$/);
    const lines = String(log.body).trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line).hash)).toEqual(logA.map((e) => e.hash));
    expect(Object.keys(JSON.parse(lines[0]))).toEqual(['seq', 'kind', 'at', 'body', 'prev_hash', 'hash']);

    const record = await publicGet(`${TOKEN_A}/record.csv`);
    expect(record.status).toBe(200);
    expect(record.headers.get('content-disposition')).toContain(`lottery-${drawnId}.csv`);
    const text = String(record.body);
    expect(text).toContain(`# seed: ${'ab'.repeat(32)}`);
    expect(text).toMatch(/^# drawn_by: $/m);
    expect(text).not.toContain('cd'.repeat(32));
  });

  it('writes the report CSV headers in English or Spanish, by ?lang or the request language', async () => {
    const en = await publicGet(`${TOKEN_A}/report.csv`);
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toContain('text/csv');
    expect(en.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"$/);
    const enLines = String(en.body)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(enLines).toEqual([
      'Grade,Seats,Applicants,Offers,Waiting list,Lowest priority level reached',
      expect.stringMatching(/^[^,]+,12,suppressed,12,suppressed,3$/),
      expect.stringMatching(/^[^,]+,10,suppressed,suppressed,0,1$/),
      'Total,22,20,suppressed,suppressed,',
    ]);
    const es = await publicGet(`${TOKEN_A}/report.csv?lang=es`);
    expect(
      String(es.body)
        .replace(/^\uFEFF/, '')
        .split('\n')[0],
    ).toBe('Grado,Cupos,Solicitantes,Ofertas,Lista de espera,Nivel de prioridad más bajo alcanzado');
    expect(String(es.body)).toContain('Total,22,20,suprimido,suprimido,');
    const byHeader = await publicGet(`${TOKEN_A}/report.csv`, { 'accept-language': 'es-MX,es;q=0.9' });
    expect(String(byHeader.body)).toContain('Grado,Cupos');
    expect((await publicGet(`${TOKEN_A}/report.csv?lang=fr`)).status).toBe(400);
  });

  it('names no applicant, guardian or staff member in any of its answers', async () => {
    const answers = await Promise.all(
      [TOKEN_A, `${TOKEN_A}/log.jsonl`, `${TOKEN_A}/report.csv`, `${TOKEN_A}/record.csv`].map(async (path) => {
        const res = await publicGet(path);
        expect(res.status).toBe(200);
        return typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
      }),
    );
    for (const text of answers)
      for (const word of [...PEOPLE, STAFF_NAME, STAFF_EMAIL, 'guardian.1@', 'Guardian'])
        expect(text.toLowerCase(), word).not.toContain(word.toLowerCase());
  });
});

describe('complementary suppression', () => {
  const S = { value: null, suppressed: true };
  const n = (value: number) => ({ value, suppressed: false });

  it('hides a complement in a grade with one small count: its applicants, as its offers are its seats', () => {
    const report = reportOf([
      [20, 25],
      [30, 50],
    ]);
    expect(report.grades[0]).toMatchObject({ applicants: S, offers: n(20), waiting: S });
    // the waiting column then had one hidden count: the other grade's waiting are hidden, and its applicants with them
    expect(report.grades[1]).toMatchObject({ applicants: S, offers: n(30), waiting: S });
    expect(report.total).toMatchObject({ applicants: n(75), offers: n(50), waiting: n(25) });
    expect(derivable(report, [20, 30])).toEqual([]);
  });

  it('hides a complement in a column with one small count: the smallest other grade, not one with a waiting list', () => {
    const report = reportOf([
      [10, 6],
      [30, 20],
      [30, 40],
    ]);
    expect(report.grades[0]).toMatchObject({ applicants: S, offers: S, waiting: n(0) });
    expect(report.grades[1]).toMatchObject({ applicants: S, offers: S, waiting: n(0) });
    expect(report.grades[2]).toMatchObject({ applicants: n(40), offers: n(30), waiting: n(10) });
    expect(report.total).toMatchObject({ applicants: n(66), offers: n(56), waiting: n(10) });
    expect(derivable(report, [10, 30, 30])).toEqual([]);
  });

  it('keeps zeros published, and hides the total when no other grade can hide the count', () => {
    const report = reportOf([
      [10, 0],
      [10, 4],
      [30, 40],
    ]);
    expect(report.grades[0]).toMatchObject({ applicants: n(0), offers: n(0), waiting: n(0) });
    expect(report.grades[1]).toMatchObject({ applicants: S, offers: S, waiting: n(0) });
    expect(report.grades[2]).toMatchObject({ applicants: S, offers: n(30), waiting: S });
    expect(report.total).toMatchObject({ applicants: n(44), offers: S, waiting: S });
    expect(derivable(report, [10, 10, 30])).toEqual([]);
  });

  it('hides one more count when the hidden ones of a sum can only all be 1', () => {
    const report = reportOf([
      [10, 1],
      [10, 1],
      [30, 40],
    ]);
    expect(report.grades[2].applicants).toEqual(S);
    expect(derivable(report, [10, 10, 30])).toEqual([]);
  });

  it('leaves no hidden count to work out from the published ones, hides every 1 to 9 and publishes every 0', () => {
    let state = 7;
    const next = (below: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state % below;
    };
    for (let t = 0; t < 400; t++) {
      // 2 seats or more: a grade of 1 seat and no waiting list gives its 1 applicant away (see lottery.report.ts)
      const grades = Array.from({ length: 1 + next(5) }, (): [number, number] => [
        2 + next(25),
        next(3) ? next(14) : next(45),
      ]);
      const report = reportOf(grades);
      const label = JSON.stringify(grades);
      expect(
        derivable(
          report,
          grades.map(([seats]) => seats),
        ),
        label,
      ).toEqual([]);
      grades.forEach(([seats, applicants], i) => {
        const counts = { applicants, offers: Math.min(seats, applicants), waiting: Math.max(0, applicants - seats) };
        for (const c of COLUMNS) {
          const cell = report.grades[i][c];
          if (counts[c] > 0 && counts[c] < 10) expect(cell, label).toEqual(S);
          if (counts[c] === 0) expect(cell, label).toEqual(n(0));
          if (!cell.suppressed) expect(cell.value, label).toBe(counts[c]);
        }
      });
    }
  });
});

describe('the token', () => {
  it('of another period shows that period only: its log and lottery, no report, no record', async () => {
    const body = await page(TOKEN_B);
    expect(body.campus).toBe('South Campus');
    expect(body.log).toEqual(logB);
    expect(body.lotteries).toHaveLength(1);
    expect(body.lotteries[0]).toMatchObject({
      state: 'frozen',
      source: 'drand',
      beaconRound: 1234567,
      roundAt: '2026-11-03T10:00:00.000Z',
      seed: null,
    });
    expect(body.report).toEqual({ id_lottery: null, grades: [], total: null });
    const ids = body.lotteries.map((l) => l.id_lottery);
    expect(ids).not.toContain(drawnId);
    expect(ids).not.toContain(supersededId);

    const log = await publicGet(`${TOKEN_B}/log.jsonl`);
    expect(String(log.body).trimEnd().split('\n')).toHaveLength(1);
    expect((await publicGet(`${TOKEN_B}/record.csv`)).status).toBe(404);
    const report = await publicGet(`${TOKEN_B}/report.csv`);
    expect(
      String(report.body)
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\n'),
    ).toHaveLength(1);
  });

  it('unknown: 404 on every route', async () => {
    for (const path of ['', '/log.jsonl', '/report.csv', '/record.csv']) {
      const res = await publicGet(`${TOKEN_UNKNOWN}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('malformed: 400 or 404, never a server error', async () => {
    const bad = [
      'short',
      'x'.repeat(65),
      'has%20a%20space%20in%20it%20ok',
      "quote'OR'1'='1'--abcdefgh",
      '%00'.repeat(8) + 'abcdefghijklmnopqrstu',
      '..%2F..%2Fetc%2Fpasswd%2Fabcdefgh',
      '%E2%80%AE'.repeat(10),
    ];
    for (const token of bad)
      for (const path of ['', '/log.jsonl', '/report.csv', '/record.csv']) {
        const res = await publicGet(`${token}${path}`);
        expect([400, 404], `${token}${path}: ${res.status}`).toContain(res.status);
      }
    expect((await publicGet('short')).status).toBe(400);
  });
});

describe('a v2 draw through the staff API', () => {
  it('is published by the token its freeze made: the record and log files verify with scripts/verify-lottery.mjs', async () => {
    const school = await createSchool(ctx.db, 'Dice School');
    const staff = [
      await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school }),
      await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school }),
    ];
    const campus = await createCampus(ctx.db, school.id_school, 'Dice Campus');
    await createCampusGrades(ctx.db, campus, [3]);
    await ctx.db
      .update(s.campusConfiguration)
      .set({ is_lottery_campus: true })
      .where(eq(s.campusConfiguration.id_campus, campus.id_campus));
    const period = await createPeriod(ctx.db, campus, closedLotteryPeriod({ grades: { 3: 2 } }));
    for (let i = 0; i < 4; i++)
      await createApplication(ctx.db, period, {
        id_status: STATUS.APPLIED,
        firstName: PEOPLE[0],
        lastName: PEOPLE[1],
        createdAt: ON_TIME,
      });
    const drawn = await drawFrozen(call, [staff[0], staff[1]], period);
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    const id_lottery = drawn.frozen.id_lottery;
    const { publicToken } = (
      await call<{ publicToken: string | null }>('GET', `/lottery/log?id_campus_year=${period.id_campus_year}`, {
        token: staff[0],
      })
    ).body;
    expect(publicToken).toEqual(expect.any(String));

    const body = await page(publicToken!);
    expect(body.log.map((e) => e.kind)).toEqual(['freeze', 'draw']);
    expect(body.lotteries).toEqual([expect.objectContaining({ id_lottery, state: 'drawn', source: 'dice' })]);
    expect(body.report.grades).toEqual([
      expect.objectContaining({
        seats: 2,
        applicants: { value: null, suppressed: true },
        lowestLevel: expect.any(Number),
      }),
    ]);

    const record = String((await publicGet(`${publicToken}/record.csv`)).body);
    const log = String((await publicGet(`${publicToken}/log.jsonl`)).body);
    expect(record).toMatch(/^# drawn_by: $/m);
    expect(record).toContain(`# source: dice,${DICE}`);
    for (const word of PEOPLE) expect(record + log).not.toContain(word);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-public-'));
    try {
      fs.writeFileSync(path.join(dir, 'record.csv'), record);
      fs.writeFileSync(path.join(dir, 'log.jsonl'), log);
      const script = path.resolve(import.meta.dirname, '../../../../../scripts/verify-lottery.mjs');
      const run = await promisify(execFile)(process.execPath, [
        script,
        path.join(dir, 'record.csv'),
        path.join(dir, 'log.jsonl'),
      ]);
      expect(run.stdout).toMatch(/log/i);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
