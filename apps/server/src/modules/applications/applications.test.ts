import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, LIST_TYPE, STATUS, type StatusId } from '@openseat/shared/constants';
import type {
  ApplicationCreated,
  DuplicateCheck,
  ApplicationDetail,
  ApplicationPage,
  StatusHistoryRow,
  StatusMoveResult,
} from '@openseat/shared/schemas/applications';
import type { CampusYearGradeRow } from '@openseat/shared/schemas/enrollment';
import { allowedTargets, MOVE_TARGETS, STATUS_IDS, transitionOf } from '@openseat/shared/application-status';
import * as s from '../../db/schema/index';
import { listConditions, type TextMatch } from '../../db/application-filters';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool } from '../../test/factories';
import { createCampusGrades, createPeriod, createRoleWith, createTag } from '../../test/enrollment-factories';
import {
  applicationRow,
  createApplication,
  expectSeatsAndPlacesConsistent,
  historyOf,
  seatRow,
} from '../../test/application-factories';
import { tokenFor } from '../../test/session';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
const token = { school: '', campus: '', limited: '', foreign: '' };
type Period = Awaited<ReturnType<typeof createPeriod>>;
let period: Period;
let finalized: Period;
let foreignPeriod: Period;
let quietCampus: { id_school: number; id_campus: number };
type Refusal = { message: string; code: string; errors?: Array<{ path: string; message: string }> };

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  const school = await createSchool(ctx.db, 'Pipeline School');
  const other = await createSchool(ctx.db, 'Elsewhere School');
  const campus = await createCampus(ctx.db, school.id_school, 'Pipeline Campus');
  quietCampus = await createCampus(ctx.db, school.id_school, 'Quiet Campus');
  const foreign = await createCampus(ctx.db, other.id_school, 'Elsewhere Campus');
  await createCampusGrades(ctx.db, campus, [3, 4, 5]);
  await createCampusGrades(ctx.db, quietCampus, [3]);
  await createCampusGrades(ctx.db, foreign, [3]);
  // grade 3 (1st) has 2 seats, grade 4 has 50, grade 5 has none
  period = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 2, 4: 50, 5: 0 } });
  finalized = await createPeriod(ctx.db, campus, { id_school_year: 2, state: 'finalized', grades: { 3: 5 } });
  foreignPeriod = await createPeriod(ctx.db, foreign, { state: 'started', grades: { 3: 5 } });
  const limitedRole = await createRoleWith(ctx.db, CONTEXT_TYPE.CAMPUS, [
    ['applications', 'access'],
    ['application', 'access'],
    ['application', 'status_movement'],
  ]);
  token.school = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  token.campus = await tokenFor(ctx, {
    context: CONTEXT_TYPE.CAMPUS,
    id_school: school.id_school,
    id_campus: campus.id_campus,
  });
  token.limited = await tokenFor(ctx, {
    context: CONTEXT_TYPE.CAMPUS,
    id_school: school.id_school,
    id_campus: campus.id_campus,
    role: limitedRole.name,
  });
  token.foreign = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: other.id_school });
});

afterAll(() => ctx?.close());

// the invariants hold after every test, whatever it did
afterEach(() => expectSeatsAndPlacesConsistent(ctx.db));

const app = (spec: Parameters<typeof createApplication>[2] = {}) => createApplication(ctx.db, period, spec);
const move = (ids: number[], id_status: number, who = token.campus, lng = 'en') =>
  call<StatusMoveResult & Refusal>('PUT', '/application/status', {
    token: who,
    body: { applicationIds: ids, id_status },
    headers: { 'accept-language': lng },
  });
const list = (query: Record<string, string | number>, who = token.campus) =>
  call<ApplicationPage>(
    'GET',
    `/application?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    {
      token: who,
    },
  );
const statusOf = async (id: number) => (await applicationRow(ctx.db, id)).id_status;

/** Frees every seat and waiting place of the period's grades so each test starts from its own applications. */
async function clearPeriod() {
  await ctx.db
    .update(s.application)
    .set({ deletedAt: new Date(), waiting_list_position: null })
    .where(eq(s.application.id_campus_year, period.id_campus_year));
  await ctx.db
    .update(s.campusYearGrade)
    .set({ taken: 0 })
    .where(eq(s.campusYearGrade.id_campus_year, period.id_campus_year));
}

describe('lists', () => {
  const byStatus = {} as Record<number, number>;
  let historical: number;

  beforeAll(async () => {
    await clearPeriod();
    for (const st of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as StatusId[])
      byStatus[st] = (await app({ id_status: st, id_grade: 4, firstName: `List${st}` })).id_application;
    historical = (await createApplication(ctx.db, finalized, { id_status: STATUS.APPLIED })).id_application;
  });

  const idsOf = (page: ApplicationPage) => page.data.map((r) => r.id_application).sort((x, y) => x - y);
  const expected = (statuses: number[]) => statuses.map((st) => byStatus[st]).sort((x, y) => x - y);

  it.each([
    [LIST_TYPE.INBOX, [1, 2, 3, 10, 11]],
    [LIST_TYPE.SELECTED_LIST, [5, 7, 9]],
    [LIST_TYPE.WAITING_LIST, [6]],
    [LIST_TYPE.DECLINED, [8]],
    [LIST_TYPE.DENIED, [4]],
  ])('list type %i shows its default statuses and not the finalized period', async (type, statuses) => {
    const res = await list({ type, id_campus: period.id_campus });
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual(expected(statuses));
    expect(res.body.total).toBe(statuses.length);
  });

  it('historical shows the finalized periods only; school applications every period', async () => {
    const hist = await list({ type: LIST_TYPE.HISTORICAL, id_campus: period.id_campus });
    expect(hist.body.data.map((r) => r.id_application)).toEqual([historical]);
    const school = await list({ type: LIST_TYPE.SCHOOL_APPS }, token.school);
    expect(school.body.total).toBe(12);
  });

  it('narrows by ids_status inside the list, never outside it', async () => {
    const res = await list({ type: LIST_TYPE.INBOX, ids_status: '2,3,5', id_campus: period.id_campus });
    expect(idsOf(res.body)).toEqual(expected([2, 3]));
  });

  it('shows the columns of the list: contact, grade, status and the last move', async () => {
    const res = await list({ type: LIST_TYPE.SELECTED_LIST, id_status: STATUS.OFFERED });
    const [row] = res.body.data;
    expect(row).toMatchObject({
      id_application: byStatus[5],
      applicantName: expect.stringContaining('List5'),
      email: expect.stringContaining('@example.org'),
      grade: { id_grade: 4, name: expect.any(String) },
      status: { id_status: 5, name: 'offered' },
      lastMove: { from: { id_status: 1, name: 'lead' }, to: { id_status: 5, name: 'offered' } },
      tags: [],
    });
  });

  it('refuses a list the caller has no access to, and another school sees none of these', async () => {
    expect((await list({ type: LIST_TYPE.SELECTED_LIST }, token.limited)).status).toBe(403);
    const foreign = await list({ type: LIST_TYPE.INBOX }, token.foreign);
    expect(foreign.body.data.map((r) => r.id_application)).not.toContain(byStatus[1]);
    expect((await list({ type: LIST_TYPE.INBOX, id_campus: period.id_campus }, token.foreign)).status).toBe(404);
  });
});

describe('filters, search, sort and pages', () => {
  const ids: Record<string, number> = {};
  const names: Record<string, string> = {};

  beforeAll(async () => {
    await clearPeriod();
    // named so that their order by name is not the order they were made in
    const tag = await createTag(ctx.db, period, 'Zeta siblings');
    const spare = await createTag(ctx.db, period, 'Alpha visit');
    ids.ana = (
      await app({
        id_status: 1,
        id_grade: 3,
        firstName: 'Ana',
        lastName: 'Zúñiga',
        email: 'ana.z@mail.org',
        id_priority_item: 1,
      })
    ).id_application;
    ids.bruno = (
      await app({
        id_status: 2,
        id_grade: 4,
        firstName: 'bruno',
        lastName: 'Alvarez',
        guardianPhoneNumber: '+14805551234',
      })
    ).id_application;
    ids.carla = (
      await app({
        id_status: 3,
        id_grade: 4,
        firstName: 'Carla',
        lastName: 'Moreno',
        guardianEmail: 'MoReNo.fam@example.org',
      })
    ).id_application;
    for (const [id, t] of [
      [ids.ana, tag],
      [ids.ana, spare],
      [ids.bruno, spare],
    ] as const)
      await ctx.db
        .insert(s.applicationTag)
        .values({ id_school: period.id_school, id_application: id, id_tag: t.id_tag });
    ids.tag = tag.id_tag;
    ids.spare = spare.id_tag;
    names.tag = tag.name;
    names.spare = spare.name;
  });

  const found = async (query: Record<string, string | number>) =>
    (await list({ type: LIST_TYPE.INBOX, id_campus: period.id_campus, ...query })).body.data
      .map((r) => r.id_application)
      .sort((x, y) => x - y);

  it('filters by grade, priority item, status and tags (any of them)', async () => {
    expect(await found({ id_grade: 4 })).toEqual([ids.bruno, ids.carla]);
    expect(await found({ id_priority_item: 1 })).toEqual([ids.ana]);
    expect(await found({ id_status: 3 })).toEqual([ids.carla]);
    expect(await found({ tagIds: `${ids.tag}` })).toEqual([ids.ana]);
    expect(await found({ tagIds: `${ids.tag},${ids.spare}` })).toEqual([ids.ana, ids.bruno]);
  });

  it("shows each row's tags by name", async () => {
    const rows = (await list({ type: LIST_TYPE.INBOX, id_campus: period.id_campus })).body.data;
    const tagsOf = (id: number) => rows.find((r) => r.id_application === id)?.tags;
    expect(tagsOf(ids.ana)).toEqual([
      { id_tag: ids.spare, name: names.spare },
      { id_tag: ids.tag, name: names.tag },
    ]);
    expect(tagsOf(ids.bruno)).toEqual([{ id_tag: ids.spare, name: names.spare }]);
    expect(tagsOf(ids.carla)).toEqual([]);
  });

  it('searches names, e-mails, phones and the correlative, case-insensitively', async () => {
    expect(await found({ text: 'zúñ' })).toEqual([ids.ana]);
    expect(await found({ text: 'BRUNO' })).toEqual([ids.bruno]);
    expect(await found({ text: 'ana.z@' })).toEqual([ids.ana]);
    expect(await found({ text: 'moreno.FAM' })).toEqual([ids.carla]);
    expect(await found({ text: '5551234' })).toEqual([ids.bruno]);
    expect(await found({ text: 'carla moreno' })).toEqual([ids.carla]);
    expect(await found({ text: '100%_' })).toEqual([]);
    const { correlative } = await applicationRow(ctx.db, ids.carla);
    expect(await found({ text: String(correlative) })).toContain(ids.carla);
  });

  it('counts the same text-search matches with either form of the condition (join or sorted array)', async () => {
    const { correlative } = await applicationRow(ctx.db, ids.carla);
    const scope = { id_school: period.id_school, campusIds: null };
    const countWith = async (text: string, match: TextMatch) => {
      const filter = { type: LIST_TYPE.INBOX, statuses: [1, 2, 3] as StatusId[], id_campus: period.id_campus, text };
      const [row] = await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(s.application)
        .where(listConditions(scope, filter, match));
      return row.n;
    };
    for (const text of ['a', 'mor', 'zúñ', '5551234', String(correlative), 'nobody']) {
      const joined = await countWith(text, 'join');
      expect(await countWith(text, 'array')).toBe(joined);
    }
    expect(await countWith('a', 'array')).toBe(3);
    expect(await countWith('nobody', 'array')).toBe(0);
  });

  it('can answer the text search from the trigram index (no scan of every applicant)', async () => {
    const plan = await ctx.db.transaction(async (tx) => {
      // the planner prefers a scan on a handful of rows; forbidding it shows the index serves this very query
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const result = await tx.execute(
        sql`EXPLAIN SELECT s.id_applicant FROM applicant AS s WHERE s.search_text LIKE ${'%moreno.fam%'}`,
      );
      const rows = ((result as { rows?: unknown[] }).rows ?? result) as Array<Record<string, string>>;
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('applicant_search_trgm_idx');
  });

  it('sorts by correlative, applicant name and date, both ways', async () => {
    const order = async (sort: string, direction: string) =>
      (await list({ type: LIST_TYPE.INBOX, id_campus: period.id_campus, sort, direction })).body.data.map(
        (r) => r.id_application,
      );
    expect(await order('correlative', 'asc')).toEqual([ids.ana, ids.bruno, ids.carla]);
    expect(await order('correlative', 'desc')).toEqual([ids.carla, ids.bruno, ids.ana]);
    expect(await order('applicant', 'asc')).toEqual([ids.ana, ids.bruno, ids.carla]);
    expect(await order('createdAt', 'desc')).toEqual([ids.carla, ids.bruno, ids.ana]);
  });

  it('pages on the server and keeps the total; bad bounds are 400', async () => {
    const base = { type: LIST_TYPE.INBOX, id_campus: period.id_campus, sort: 'correlative', direction: 'asc' };
    const first = await list({ ...base, page: 0, pageSize: 2 });
    const second = await list({ ...base, page: 1, pageSize: 2 });
    const beyond = await list({ ...base, page: 50, pageSize: 2 });
    expect(first.body).toMatchObject({ total: 3, page: 0, pageSize: 2 });
    expect(first.body.data.map((r) => r.id_application)).toEqual([ids.ana, ids.bruno]);
    expect(second.body.data.map((r) => r.id_application)).toEqual([ids.carla]);
    expect(beyond.body).toMatchObject({ data: [], total: 3 });
    const bads: Array<Record<string, string | number>> = [
      { page: -1 },
      { pageSize: 0 },
      { pageSize: 201 },
      { sort: 'email' },
      { type: 7 },
    ];
    for (const bad of bads) expect((await list({ ...base, ...bad })).status).toBe(400);
  });

  it('reads pages near the end from the end and gives the same order as one long page, in every sort', async () => {
    const sorts: Array<Record<string, string>> = [
      {},
      { sort: 'correlative', direction: 'desc' },
      { sort: 'applicant' },
      { sort: 'createdAt' },
    ];
    for (const sort of sorts) {
      const base = { type: LIST_TYPE.INBOX, id_campus: period.id_campus, ...sort };
      const whole = (await list({ ...base, pageSize: 25 })).body.data.map((r) => r.id_application);
      const paged: number[] = [];
      for (const page of [0, 1, 2])
        paged.push(...(await list({ ...base, page, pageSize: 1 })).body.data.map((r) => r.id_application));
      expect(paged, JSON.stringify(sort)).toEqual(whole);
      expect(whole).toHaveLength(3);
    }
  });
});

/** Every move of the table, and every other pair of statuses (the table is the whole truth). */
const ALLOWED = STATUS_IDS.flatMap((from) => allowedTargets(from).map((to) => [from, to] as const));
const REFUSED = STATUS_IDS.flatMap((from) =>
  MOVE_TARGETS.filter((to) => !transitionOf(from, to)).map((to) => [from, to] as const),
);

describe('status moves', () => {
  beforeAll(clearPeriod);

  it('moves applied -> offered -> confirmed -> enrolled, each with its history row and one seat', async () => {
    const a = await app({ id_status: STATUS.APPLIED, id_grade: 4 });
    const seatsBefore = (await seatRow(ctx.db, period.id_campus_year, 4)).taken;
    for (const to of [STATUS.OFFERED, STATUS.CONFIRMED, STATUS.ENROLLED]) {
      const res = await move([a.id_application], to);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ message: 'Application moved.', nonTransferable: [], refused: [] });
      expect(await statusOf(a.id_application)).toBe(to);
    }
    const history = await historyOf(ctx.db, a.id_application);
    expect(history.slice(-3).map((h) => [h.id_status_from, h.id_status, h.id_status_movement_type])).toEqual([
      [3, 5, 1],
      [5, 7, 1],
      [7, 9, 1],
    ]);
    expect((await seatRow(ctx.db, period.id_campus_year, 4)).taken).toBe(seatsBefore + 1);
    expect((await applicationRow(ctx.db, a.id_application)).read).toBe(false);
  });

  it.each(ALLOWED)('allows %i -> %i with a history row', async (from, to) => {
    const a = await app({ id_status: from as StatusId, id_grade: 4 });
    const res = await move([a.id_application], to);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ id_application: a.id_application, id_status_from: from, id_status: to }),
    ]);
    const last = (await historyOf(ctx.db, a.id_application)).at(-1)!;
    expect(last).toMatchObject({ id_status_from: from, id_status: to, id_status_movement_type: 1, read: false });
  });

  it.each(REFUSED)('refuses %i -> %i with its message, changing nothing', async (from, to) => {
    const a = await app({ id_status: from as StatusId, id_grade: 4 });
    const before = await historyOf(ctx.db, a.id_application);
    const res = await move([a.id_application], to);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('MOVE_NOT_ALLOWED');
    expect(res.body.message).toBe(
      from === to
        ? 'The application is already in this status.'
        : 'This move is not allowed from the current status of the application.',
    );
    expect(await statusOf(a.id_application)).toBe(from);
    expect(await historyOf(ctx.db, a.id_application)).toEqual(before);
  });

  it('refuses a lead kind as a target before looking at any application (400)', async () => {
    const a = await app({ id_status: STATUS.CONTACTED });
    for (const to of [STATUS.LEAD, STATUS.LEAD_2, STATUS.LEAD_3, 99])
      expect((await move([a.id_application], to)).status).toBe(400);
  });

  it('answers refusals in Spanish', async () => {
    const a = await app({ id_status: STATUS.LEAD });
    const res = await move([a.id_application], STATUS.ENROLLED, token.campus, 'es');
    expect(res.body.message).toBe('Este movimiento no está permitido desde el estado actual de la solicitud.');
  });

  it('refuses a move without its permission (403, nothing changed)', async () => {
    const a = await app({ id_status: STATUS.APPLIED, id_grade: 4 });
    const res = await move([a.id_application], STATUS.OFFERED, token.limited);
    expect(res.status).toBe(403);
    expect(await statusOf(a.id_application)).toBe(STATUS.APPLIED);
    expect((await move([a.id_application], STATUS.CONTACTED, token.limited)).status).toBe(200);
  });

  it('refuses moves in a finalized period', async () => {
    const old = await createApplication(ctx.db, finalized, { id_status: STATUS.APPLIED });
    const res = await move([old.id_application], STATUS.OFFERED);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'PERIOD_FINALIZED' });
    expect(await statusOf(old.id_application)).toBe(STATUS.APPLIED);
    const back = await call<Refusal>('PUT', '/application/status/previous', {
      token: token.campus,
      body: { id_application: old.id_application },
    });
    expect(back.status).toBe(409);
    const priority = await call<Refusal>('PUT', '/application/priority', {
      token: token.campus,
      body: { id_application: old.id_application, id_priority_item: 1 },
    });
    expect(priority.body.code).toBe('PERIOD_FINALIZED');
    const edit = await call<Refusal>('PUT', '/application', {
      token: token.campus,
      body: {
        id_application: old.id_application,
        applicant: { firstName: 'Frozen', lastName: 'Record' },
        guardian: { name: 'Frozen', phoneNumber: '+14805550000' },
      },
    });
    expect(edit.body.code).toBe('PERIOD_FINALIZED');
    const removed = await call<Refusal>('DELETE', `/application/${old.id_application}`, { token: token.campus });
    expect(removed.body.code).toBe('PERIOD_FINALIZED');
    expect((await applicationRow(ctx.db, old.id_application)).deletedAt).toBeNull();
  });

  it('needs a grade to offer a seat', async () => {
    const a = await app({ id_status: STATUS.APPLIED, id_grade: null });
    const res = await move([a.id_application], STATUS.OFFERED);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Assign a grade to the application before offering it a spot.');
  });
});

describe('seats', () => {
  beforeEach(clearPeriod);

  it('offers up to the grade spots; the rest stay where they were as nonTransferable', async () => {
    const apps = [];
    for (let i = 0; i < 3; i++) apps.push(await app({ id_status: STATUS.APPLIED, id_grade: 3 }));
    const ids = apps.map((a) => a.id_application);
    const res = await move(ids, STATUS.OFFERED);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      "Some applications weren't offered a spot because there are no more spots available.",
    );
    expect(res.body.data.map((r) => r.id_application)).toEqual(ids.slice(0, 2));
    expect(res.body.nonTransferable).toEqual([ids[2]]);
    expect(await statusOf(ids[2])).toBe(STATUS.APPLIED);
    expect(await seatRow(ctx.db, period.id_campus_year, 3)).toMatchObject({ spots: 2, taken: 2 });
    const single = await move([ids[2]], STATUS.OFFERED);
    expect(single.body).toMatchObject({
      message: 'The application was not offered a spot because there are no more spots available.',
      nonTransferable: [ids[2]],
      data: [],
    });
    const none = await move(
      [ids[2], (await app({ id_status: STATUS.APPLIED, id_grade: 5 })).id_application],
      STATUS.OFFERED,
    );
    expect(none.body.message).toBe(
      'None of the applications was offered a spot because there are no more spots available.',
    );
  });

  it('frees the seat when an application leaves the seat-holding statuses', async () => {
    const a = await app({ id_status: STATUS.CONFIRMED, id_grade: 3 });
    expect((await seatRow(ctx.db, period.id_campus_year, 3)).taken).toBe(1);
    await move([a.id_application], STATUS.DECLINED);
    expect((await seatRow(ctx.db, period.id_campus_year, 3)).taken).toBe(0);
  });

  it('bulk move with ids missing or out of scope: 404 naming them, nothing changed', async () => {
    const mine = await app({ id_status: STATUS.APPLIED, id_grade: 4 });
    const theirs = await createApplication(ctx.db, foreignPeriod, { id_status: STATUS.APPLIED });
    const res = await move([mine.id_application, theirs.id_application, 2_000_000_000], STATUS.OFFERED);
    expect(res.status).toBe(404);
    expect(res.body.errors).toEqual([
      { path: 'applicationIds.1', message: 'Not found.' },
      { path: 'applicationIds.2', message: 'Not found.' },
    ]);
    expect(await statusOf(mine.id_application)).toBe(STATUS.APPLIED);
    expect(await statusOf(theirs.id_application)).toBe(STATUS.APPLIED);
    expect((await seatRow(ctx.db, period.id_campus_year, 4)).taken).toBe(0);
  });

  it('bulk move with some moves not allowed: the others move, the response names the refused', async () => {
    const ok = await app({ id_status: STATUS.APPLIED, id_grade: 4 });
    const lead = await app({ id_status: STATUS.LEAD, id_grade: 4 });
    const res = await move([ok.id_application, lead.id_application], STATUS.OFFERED);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r) => r.id_application)).toEqual([ok.id_application]);
    expect(res.body.refused).toEqual([
      {
        id_application: lead.id_application,
        code: 'MOVE_NOT_ALLOWED',
        message: 'This move is not allowed from the current status of the application.',
      },
    ]);
    expect(await statusOf(lead.id_application)).toBe(STATUS.LEAD);
  });

  it('declining with auto-move offers the freed seat to the head of the waiting list', async () => {
    await ctx.db
      .update(s.campusYear)
      .set({ auto_move_waiting_list_on_decline: true })
      .where(eq(s.campusYear.id_campus_year, period.id_campus_year));
    try {
      const holders = [
        await app({ id_status: STATUS.OFFERED, id_grade: 3 }),
        await app({ id_status: STATUS.OFFERED, id_grade: 3 }),
      ];
      const waiting = [];
      for (let i = 0; i < 3; i++) waiting.push(await app({ id_status: STATUS.WAITING_LIST, id_grade: 3 }));
      const res = await move([holders[0].id_application], STATUS.DECLINED);
      expect(res.status).toBe(200);
      expect(res.body.autoOffered).toEqual([
        expect.objectContaining({ id_application: waiting[0].id_application, id_status_from: 6, id_status: 5 }),
      ]);
      expect(await statusOf(waiting[0].id_application)).toBe(STATUS.OFFERED);
      expect((await applicationRow(ctx.db, waiting[1].id_application)).waiting_list_position).toBe(1);
      expect((await applicationRow(ctx.db, waiting[2].id_application)).waiting_list_position).toBe(2);
      expect((await historyOf(ctx.db, waiting[0].id_application)).at(-1)).toMatchObject({
        id_status_from: 6,
        id_status: 5,
        id_status_movement_type: 4,
      });
      expect(await seatRow(ctx.db, period.id_campus_year, 3)).toMatchObject({ taken: 2 });
      // declined from the waiting list frees no seat: nobody is offered
      const fromWaiting = await move([waiting[1].id_application], STATUS.DECLINED);
      expect(fromWaiting.body.autoOffered).toEqual([]);
    } finally {
      await ctx.db
        .update(s.campusYear)
        .set({ auto_move_waiting_list_on_decline: false })
        .where(eq(s.campusYear.id_campus_year, period.id_campus_year));
    }
  });

  it('without auto-move a decline only frees the seat', async () => {
    const holder = await app({ id_status: STATUS.OFFERED, id_grade: 3 });
    const waiting = await app({ id_status: STATUS.WAITING_LIST, id_grade: 3 });
    const res = await move([holder.id_application], STATUS.DECLINED);
    expect(res.body.autoOffered).toEqual([]);
    expect(await statusOf(waiting.id_application)).toBe(STATUS.WAITING_LIST);
    expect((await seatRow(ctx.db, period.id_campus_year, 3)).taken).toBe(0);
  });

  it('transfers a spot from one application to another of the same grade', async () => {
    const giver = await app({ id_status: STATUS.CONFIRMED, id_grade: 3 });
    const other = await app({ id_status: STATUS.OFFERED, id_grade: 3 });
    const receiver = await app({ id_status: STATUS.WAITING_LIST, id_grade: 3 });
    const transfer = (body: object) =>
      call<StatusMoveResult & Refusal>('POST', '/application/transfer-spot', { token: token.campus, body });
    const res = await transfer({
      id_application_from: giver.id_application,
      id_application_to: receiver.id_application,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await statusOf(giver.id_application)).toBe(STATUS.DECLINED);
    expect(await statusOf(receiver.id_application)).toBe(STATUS.OFFERED);
    expect(await seatRow(ctx.db, period.id_campus_year, 3)).toMatchObject({ spots: 2, taken: 2 });
    const wrongGrade = await app({ id_status: STATUS.APPLIED, id_grade: 4 });
    const refused = await transfer({
      id_application_from: other.id_application,
      id_application_to: wrongGrade.id_application,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A spot can only go to an application of the same school period and grade.');
    const noSeat = await transfer({
      id_application_from: wrongGrade.id_application,
      id_application_to: giver.id_application,
    });
    expect(noSeat.body.message).toBe('Only an offered, confirmed or enrolled application has a spot to transfer.');
  });
});

describe('the invariant check', () => {
  it('fails on a seat count that drifted from its holders and on a gap in a waiting list', async () => {
    await clearPeriod();
    const holder = await app({ id_status: STATUS.OFFERED, id_grade: 4 });
    await app({ id_status: STATUS.WAITING_LIST, id_grade: 4 });
    const waiting = await app({ id_status: STATUS.WAITING_LIST, id_grade: 4 });
    await expectSeatsAndPlacesConsistent(ctx.db);
    await ctx.db
      .update(s.campusYearGrade)
      .set({ taken: 0 })
      .where(eq(s.campusYearGrade.id_campus_year, period.id_campus_year));
    await expect(expectSeatsAndPlacesConsistent(ctx.db)).rejects.toThrow(/seats taken/);
    await ctx.db.update(s.campusYearGrade).set({ taken: 1 }).where(eq(s.campusYearGrade.id_grade, 4));
    await ctx.db
      .update(s.application)
      .set({ waiting_list_position: 3 })
      .where(eq(s.application.id_application, waiting.id_application));
    await expect(expectSeatsAndPlacesConsistent(ctx.db)).rejects.toThrow(/waiting list/);
    await ctx.db
      .update(s.application)
      .set({ waiting_list_position: 2 })
      .where(eq(s.application.id_application, waiting.id_application));
    expect(holder.id_status).toBe(STATUS.OFFERED);
  });
});

describe('waiting list places', () => {
  beforeEach(clearPeriod);

  it('stay dense through moves in, out, back, regrades and deletes', async () => {
    const w: number[] = [];
    for (let i = 0; i < 5; i++) w.push((await app({ id_status: STATUS.APPLIED, id_grade: 4 })).id_application);
    await move(w, STATUS.WAITING_LIST);
    const places = async () =>
      Promise.all(w.map(async (id) => (await applicationRow(ctx.db, id)).waiting_list_position));
    expect(await places()).toEqual([1, 2, 3, 4, 5]);
    await move([w[1]], STATUS.OFFERED);
    expect(await places()).toEqual([1, null, 2, 3, 4]);
    await expectSeatsAndPlacesConsistent(ctx.db);
    await move([w[1]], STATUS.DECLINED);
    await move([w[1]], STATUS.WAITING_LIST);
    expect(await places()).toEqual([1, 5, 2, 3, 4]);
    await call('PUT', '/application/grade', { token: token.campus, body: { id_application: w[2], id_grade: 5 } });
    expect(await places()).toEqual([1, 4, 1, 2, 3]);
    await expectSeatsAndPlacesConsistent(ctx.db);
    await call('DELETE', `/application/${w[0]}`, { token: token.campus });
    expect(await places()).toEqual([null, 3, 1, 1, 2]);
    await call('PUT', '/application/status/previous', { token: token.campus, body: { id_application: w[3] } });
    expect(await statusOf(w[3])).toBe(STATUS.APPLIED);
    expect(await places()).toEqual([null, 2, 1, null, 1]);
    const waitingList = await list({ type: LIST_TYPE.WAITING_LIST, id_campus: period.id_campus });
    expect(waitingList.body.data.map((r) => [r.id_grade, r.waiting_list_position])).toEqual([
      [4, 1],
      [4, 2],
      [5, 1],
    ]);
  });

  it('orders a bulk move into the list by id and closes gaps inside one bulk move', async () => {
    const w: number[] = [];
    for (let i = 0; i < 4; i++) w.push((await app({ id_status: STATUS.WAITING_LIST, id_grade: 4 })).id_application);
    const res = await move([w[0], w[2]], STATUS.OFFERED);
    expect(res.status).toBe(200);
    expect((await applicationRow(ctx.db, w[1])).waiting_list_position).toBe(1);
    expect((await applicationRow(ctx.db, w[3])).waiting_list_position).toBe(2);
    const out = await move([w[1], w[3]], STATUS.DECLINED);
    expect(out.body.data.map((r) => r.waiting_list_position)).toEqual([null, null]);
  });
});

describe('previous status', () => {
  beforeEach(clearPeriod);
  const back = (id: number) =>
    call<StatusMoveResult & Refusal>('PUT', '/application/status/previous', {
      token: token.campus,
      body: { id_application: id },
    });

  it('walks back the history, seat included, and never forward again', async () => {
    const a = await app({ id_status: STATUS.APPLIED, id_grade: 3, path: [1, 2, 3] });
    await move([a.id_application], STATUS.OFFERED);
    expect((await seatRow(ctx.db, period.id_campus_year, 3)).taken).toBe(1);
    const first = await back(a.id_application);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await statusOf(a.id_application)).toBe(STATUS.APPLIED);
    expect((await seatRow(ctx.db, period.id_campus_year, 3)).taken).toBe(0);
    await back(a.id_application);
    expect(await statusOf(a.id_application)).toBe(STATUS.CONTACTED);
    await back(a.id_application);
    expect(await statusOf(a.id_application)).toBe(STATUS.LEAD);
    const none = await back(a.id_application);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('This application has no previous status to go back to.');
    const history = await historyOf(ctx.db, a.id_application);
    expect(history.slice(-3).map((h) => h.id_status_movement_type)).toEqual([3, 3, 3]);
    const detail = await call<ApplicationDetail>('GET', `/application/${a.id_application}`, { token: token.campus });
    expect(detail.body.lastDeletedStatus.map((d) => d.id_status)).toEqual([2, 3, 5]);
    expect(detail.body.previousStatus).toBeNull();
  });

  it('going back into a seat needs a free seat', async () => {
    const a = await app({ id_status: STATUS.OFFERED, id_grade: 3 });
    await move([a.id_application], STATUS.DECLINED);
    await app({ id_status: STATUS.OFFERED, id_grade: 3 });
    await app({ id_status: STATUS.OFFERED, id_grade: 3 });
    const res = await back(a.id_application);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('NO_SPOTS');
    expect(await statusOf(a.id_application)).toBe(STATUS.DECLINED);
  });

  it('needs the previous-status permission', async () => {
    const a = await app({ id_status: STATUS.CONTACTED });
    const res = await call('PUT', '/application/status/previous', {
      token: token.limited,
      body: { id_application: a.id_application },
    });
    expect(res.status).toBe(403);
  });
});

describe('intake, detail and edits', () => {
  const intake = (body: object, who = token.campus) =>
    call<ApplicationCreated & Refusal>('POST', '/application', { token: who, body });
  const lead = (over: object = {}) => ({
    id_campus: period.id_campus,
    id_school_year: period.id_school_year,
    id_grade: 3,
    applicant: { firstName: 'Lucía', lastName: 'Paredes', dateOfBirth: '2019-02-03' },
    guardian: { name: 'Marta Paredes', email: 'marta.paredes@example.org', phoneNumber: '+16025550101' },
    ...over,
  });

  it("records the family's consent to texts only when staff say where it was given", async () => {
    const consentsOf = (phone: string) => ctx.db.select().from(s.smsConsent).where(eq(s.smsConsent.address, phone));
    const withConsent = await intake(
      lead({
        applicant: { firstName: 'Ines', lastName: 'Quiroga' },
        guardian: { name: 'Rosa Quiroga', phoneNumber: '+16025550177' },
        sms_consent_source: 'Said yes on the phone with the office',
      }),
    );
    expect(withConsent.status, JSON.stringify(withConsent.body)).toBe(200);
    expect(await consentsOf('+16025550177')).toMatchObject([
      {
        granted: true,
        source: 'staff',
        note: 'Said yes on the phone with the office',
        id_application: withConsent.body.data.id_application,
      },
    ]);
    const without = await intake(
      lead({
        applicant: { firstName: 'Ivo', lastName: 'Quiroga' },
        guardian: { name: 'Tomas Quiroga', phoneNumber: '+16025550178' },
        sms_consent_source: '  ',
      }),
    );
    expect(without.status).toBe(200);
    expect(await consentsOf('+16025550178')).toEqual([]);
  });

  it('creates an unread lead with the next correlative, its first history row and an audit row', async () => {
    const [{ max }] = await ctx.db
      .select({ max: s.application.correlative })
      .from(s.application)
      .where(eq(s.application.id_school, period.id_school))
      .orderBy(s.application.correlative)
      .then((rows) => [{ max: rows.at(-1)?.max ?? 0 }]);
    const res = await intake(lead());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      correlative: max + 1,
      id_status: STATUS.LEAD,
      read: false,
      applicant: { firstName: 'Lucía', guardianEmail: 'marta.paredes@example.org' },
      id_campus_year: period.id_campus_year,
      allowedStatuses: [2, 3, 4],
    });
    expect(res.body.duplicates).toEqual([]);
    expect(res.body.data.statuses).toEqual([expect.objectContaining({ id_status: 1, id_status_from: null })]);
    const audit = await ctx.db
      .select()
      .from(s.auditLog)
      .where(eq(s.auditLog.entityId, String(res.body.data.id_application)));
    expect(audit.map((r) => r.action)).toContain('application.create');
  });

  it('warns about the same child or the same guardian in the period', async () => {
    const again = await intake(lead({ guardian: { name: 'Other', phoneNumber: '+16025559999' } }));
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(
      'An application with the same applicant or guardian already exists in this school period.',
    );
    expect(again.body.duplicates).toEqual([expect.objectContaining({ reason: 'applicant' })]);
    const sibling = await intake(
      lead({
        applicant: { firstName: 'Tomás', lastName: 'Paredes' },
        guardian: { name: 'M', email: 'MARTA.paredes@example.org' },
      }),
    );
    expect(sibling.body.duplicates.map((d) => d.reason)).toContain('guardian');
  });

  it('answers the possible duplicates before saving, writing nothing; a campus admin checks only its campus', async () => {
    const countApps = async () =>
      (await ctx.db.select({ id: s.application.id_application }).from(s.application)).length;
    const before = await countApps();
    const check = (body: object, who = token.campus) =>
      call<DuplicateCheck & Refusal>('POST', '/application/duplicates', { token: who, body });
    const res = await check(lead({ guardian: { name: 'Other', phoneNumber: '+16025559999' } }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.duplicates[0]).toMatchObject({
      reason: 'applicant',
      applicantName: 'Lucía Paredes',
      status: { id_status: STATUS.LEAD },
    });
    const none = await check(
      lead({ applicant: { firstName: 'Nadie', lastName: 'Igual' }, guardian: { name: 'N', email: 'n@example.org' } }),
    );
    expect(none.body.duplicates).toEqual([]);
    expect(await countApps()).toBe(before);
    expect((await check(lead({ id_campus: quietCampus.id_campus }))).status).toBe(404);
    expect((await check(lead(), token.foreign)).status).toBe(404);
    expect((await check(lead(), token.limited)).status).toBe(403);
  });

  it('notes how the family heard and that staff took the application in', async () => {
    const res = await intake(
      lead({
        applicant: { firstName: 'Walk', lastName: 'In' },
        guardian: { name: 'W', email: 'walk.in@example.org' },
        heard_from: 'event',
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ heard_from: 'event', origin: 'staff' });
    expect((await intake(lead({ heard_from: 'radio' }))).status).toBe(400);
  });

  it('gives correlatives without gaps or repeats under concurrent intakes', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        intake(
          lead({
            applicant: { firstName: `Con${'abcdefgh'[i]}`, lastName: 'Current' },
            guardian: { name: 'G', phoneNumber: `+1602555${1000 + i}` },
          }),
        ),
      ),
    );
    const numbers = results.map((r) => r.body.data.correlative).sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(8);
    expect(numbers.at(-1)! - numbers[0]).toBe(7);
  });

  it('refuses a period that is not accepting applications, and bad input with the spec messages', async () => {
    const closed = await intake(lead({ id_school_year: 2 }));
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe('ENROLLMENT_ENDED');
    const quiet = await intake(lead({ id_campus: quietCampus.id_campus }), token.school);
    expect(quiet.status).toBe(409);
    expect(quiet.body.code).toBe('ENROLLMENT_NOT_STARTED');
    // beyond a campus user's own campus: not found, whatever its period
    expect((await intake(lead({ id_campus: quietCampus.id_campus }))).status).toBe(404);
    const bad = await intake(lead({ guardian: { name: 'X' }, applicant: { firstName: '', lastName: 'Y' } }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'applicant.firstName', message: 'Required field.' },
        { path: 'guardian.email', message: 'Enter an e-mail or a phone number of the guardian.' },
      ]),
    );
    const grade = await intake(lead({ id_grade: 9 }));
    expect(grade.body.errors).toEqual([{ path: 'id_grade', message: 'The campus does not offer this grade.' }]);
    expect((await intake(lead(), token.foreign)).status).toBe(404);
  });

  it('edits student and guardian info only once the application has a grade', async () => {
    const a = await app({ id_status: STATUS.LEAD, id_grade: null });
    const body = {
      id_application: a.id_application,
      applicant: { firstName: 'Nueva', lastName: 'Persona', email: 'np@example.org' },
      guardian: { name: 'Tutor', phoneNumber: '+14805550000' },
    };
    const refused = await call<Refusal>('PUT', '/application', { token: token.campus, body });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Assign a grade to the application before editing student info.');
    const graded = await call<{ data: ApplicationDetail }>('PUT', '/application/grade', {
      token: token.campus,
      body: { id_application: a.id_application, id_grade: 4 },
    });
    expect(graded.body.data.grade).toMatchObject({ id_grade: 4 });
    const saved = await call<{ data: ApplicationDetail }>('PUT', '/application', { token: token.campus, body });
    expect(saved.status).toBe(200);
    expect(saved.body.data.applicant).toMatchObject({ firstName: 'Nueva', guardianName: 'Tutor', guardianEmail: null });
    const found = await list({ type: LIST_TYPE.INBOX, id_campus: period.id_campus, text: 'nueva pers' });
    expect(found.body.data.map((r) => r.id_application)).toEqual([a.id_application]);
  });

  it('sets and removes the priority; moves a seat with the grade when the new grade has one', async () => {
    await clearPeriod();
    const a = await app({ id_status: STATUS.OFFERED, id_grade: 3 });
    const priority = await call<{ data: ApplicationDetail }>('PUT', '/application/priority', {
      token: token.campus,
      body: { id_application: a.id_application, id_priority_item: 2 },
    });
    expect(priority.body.data.priority_item).toMatchObject({ name: expect.any(String) });
    const none = await call<{ data: ApplicationDetail }>('PUT', '/application/priority', {
      token: token.campus,
      body: { id_application: a.id_application, id_priority_item: -1 },
    });
    expect(none.body.data.priority_item).toBeNull();
    const full = await call<Refusal>('PUT', '/application/grade', {
      token: token.campus,
      body: { id_application: a.id_application, id_grade: 5 },
    });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('The grade has no spots available.');
    const removed = await call<Refusal>('PUT', '/application/grade', {
      token: token.campus,
      body: { id_application: a.id_application, id_grade: null },
    });
    expect(removed.status).toBe(409);
    await call('PUT', '/application/grade', {
      token: token.campus,
      body: { id_application: a.id_application, id_grade: 4 },
    });
    expect((await seatRow(ctx.db, period.id_campus_year, 3)).taken).toBe(0);
    expect((await seatRow(ctx.db, period.id_campus_year, 4)).taken).toBe(1);
  });

  it('deletes softly: out of every list and count, seat freed, kept for the audit', async () => {
    const a = await app({ id_status: STATUS.OFFERED, id_grade: 4 });
    const before = (await seatRow(ctx.db, period.id_campus_year, 4)).taken;
    const limited = await call('DELETE', `/application/${a.id_application}`, { token: token.limited });
    expect(limited.status).toBe(403);
    const res = await call('DELETE', `/application/${a.id_application}`, { token: token.campus });
    expect(res.status).toBe(200);
    expect((await seatRow(ctx.db, period.id_campus_year, 4)).taken).toBe(before - 1);
    expect((await applicationRow(ctx.db, a.id_application)).deletedAt).not.toBeNull();
    expect((await call('GET', `/application/${a.id_application}`, { token: token.campus })).status).toBe(404);
    const selected = await list({ type: LIST_TYPE.SELECTED_LIST, id_campus: period.id_campus });
    expect(selected.body.data.map((r) => r.id_application)).not.toContain(a.id_application);
    expect((await move([a.id_application], STATUS.CONFIRMED)).status).toBe(404);
  });

  it('shows the detail with history, tags, notes and files; another school gets 404', async () => {
    const a = await app({ id_status: STATUS.APPLIED, id_grade: 4, id_priority_item: 1 });
    await ctx.db
      .insert(s.applicationNote)
      .values({ id_school: period.id_school, id_application: a.id_application, note: 'Called' });
    const tag = await createTag(ctx.db, period, 'Detail visit');
    await ctx.db
      .insert(s.applicationTag)
      .values({ id_school: period.id_school, id_application: a.id_application, id_tag: tag.id_tag });
    const detail = await call<ApplicationDetail>('GET', `/application/${a.id_application}`, { token: token.campus });
    const [grade] = await ctx.db.select().from(s.grade).where(eq(s.grade.id_grade, 4));
    const [priority] = await ctx.db.select().from(s.priorityItem).where(eq(s.priorityItem.id_priority_item, 1));
    const [school] = await ctx.db.select().from(s.school).where(eq(s.school.id_school, period.id_school));
    expect(detail.body).toMatchObject({
      id_application: a.id_application,
      grade: { id_grade: 4, name: grade.name, age: grade.age },
      priority_item: { name: priority.name },
      applicationTag: [{ id_tag: tag.id_tag, tag: { id_tag: tag.id_tag, name: 'Detail visit' } }],
      periodState: period.state,
      status: { id_status: 3, name: 'applied' },
      previousStatus: 1,
      allowedStatuses: [2, 4, 5, 6],
      notes: [expect.objectContaining({ note: 'Called', author: null })],
      applicationFiles: [],
      school_year: { id_school_year: period.id_school_year },
      campuses: [{ campus: { id_campus: period.id_campus, name: 'Pipeline Campus', school: { name: school.name } } }],
    });
    const history = await call<StatusHistoryRow[]>(
      'GET',
      `/application/status-historical?id_application=${a.id_application}`,
      {
        token: token.campus,
      },
    );
    expect(history.body.map((h) => h.id_status)).toEqual([3, 1]);
    expect((await call('GET', `/application/${a.id_application}`, { token: token.foreign })).status).toBe(404);
  });

  it('marks read and unread', async () => {
    const a = await app({ id_status: STATUS.APPLIED, id_grade: 4, read: false });
    expect((await call('PUT', `/application/read/${a.id_application}`, { token: token.campus })).status).toBe(200);
    expect((await applicationRow(ctx.db, a.id_application)).read).toBe(true);
    const unread = await call('PUT', '/application/unread', {
      token: token.campus,
      body: { applicationIds: [a.id_application] },
    });
    expect(unread.status).toBe(200);
    expect((await applicationRow(ctx.db, a.id_application)).read).toBe(false);
    expect((await call('PUT', `/application/read/${a.id_application}`, { token: token.foreign })).status).toBe(404);
  });

  it('answers the seats of a period per grade', async () => {
    const res = await call<CampusYearGradeRow[]>('GET', `/application/spots/${period.id_campus_year}`, {
      token: token.campus,
    });
    expect(res.status).toBe(200);
    expect(res.body.map((g) => [g.id_grade, g.spots])).toEqual([
      [3, 2],
      [4, 50],
      [5, 0],
    ]);
    expect(
      (await call('GET', `/application/spots/${foreignPeriod.id_campus_year}`, { token: token.campus })).status,
    ).toBe(404);
  });

  it('refuses anonymous calls on every route', async () => {
    for (const [method, path] of [
      ['GET', '/application'],
      ['GET', '/application/1'],
      ['POST', '/application'],
      ['PUT', '/application'],
      ['PUT', '/application/grade'],
      ['PUT', '/application/priority'],
      ['DELETE', '/application/1'],
      ['PUT', '/application/status'],
      ['PUT', '/application/status/previous'],
      ['POST', '/application/transfer-spot'],
      ['GET', '/application/status-historical?id_application=1'],
      ['PUT', '/application/read/1'],
      ['PUT', '/application/unread'],
      ['GET', `/application/spots/${period.id_campus_year}`],
    ])
      expect(
        (await call(method, path, { body: method === 'GET' || method === 'DELETE' ? undefined : {} })).status,
      ).toBe(401);
  });
});
