import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS, type StatusId } from '@openseat/shared/constants';
import type { FamilyApplication } from '@openseat/shared/schemas/family';
import * as s from '../../db/schema/index';
import { createApplication } from '../../test/application-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { contactOf, type Contact } from './family.contact';
import { waitingFigures } from './family.figures';
import { familyApplications } from './family.service';
import { guardianSessionKey } from '../../test/guardian-session';

/*
 * The waiting list's movement a family sees (issue 24): offers made from their grade's list per week this season and,
 * beside it, in the campus's previous school period, each counted from its list's first week. Counts only, of their
 * own campus and grade.
 */

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
type Period = Awaited<ReturnType<typeof createPeriod>>;
/** School years of the reference data: 1 = 2024-2025, 2 = 2025-2026, 3 = 2026-2027. */
const periods: Record<string, Period> = {};

const DAY = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(`${iso}T15:00:00Z`);
const NOW = Date.now();

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  const school = await createSchool(ctx.db, 'Movement School');
  const north = await createCampus(ctx.db, school.id_school, 'Movement North');
  const south = await createCampus(ctx.db, school.id_school, 'Movement South');
  const lonely = await createCampus(ctx.db, school.id_school, 'Movement New');
  for (const campus of [north, south, lonely]) await createCampusGrades(ctx.db, campus, [3, 4]);
  periods.northBefore = await createPeriod(ctx.db, north, { id_school_year: 1, state: 'finalized' });
  periods.northLast = await createPeriod(ctx.db, north, { id_school_year: 2, state: 'finalized' });
  periods.north = await createPeriod(ctx.db, north, { id_school_year: 3, state: 'started' });
  periods.southLast = await createPeriod(ctx.db, south, { id_school_year: 2, state: 'finalized' });
  periods.south = await createPeriod(ctx.db, south, { id_school_year: 3, state: 'started' });
  periods.lonely = await createPeriod(ctx.db, lonely, { id_school_year: 3, state: 'started' });

  // last season at North, 1st grade: the list began in the week of Monday 2 March 2026 (a Wednesday placement)
  await historyOf(periods.northLast, [placed(at('2026-03-04')), offered(at('2026-03-10'))]);
  await historyOf(periods.northLast, [placed(at('2026-03-05')), offered(at('2026-03-15'))]);
  await historyOf(periods.northLast, [placed(at('2026-03-05')), offered(at('2026-03-30'))]);
  // offered, back on the list, offered again: each offer counts in its own week
  await historyOf(periods.northLast, [
    placed(at('2026-03-06')),
    offered(at('2026-04-01')),
    [STATUS.OFFERED, STATUS.WAITING_LIST, at('2026-04-08')],
    offered(at('2026-04-14')),
  ]);
  // not counted: an offer made to an applicant who was not waiting, another grade, another campus, an older year
  await historyOf(periods.northLast, [[STATUS.APPLIED, STATUS.OFFERED, at('2026-03-10')]]);
  await historyOf(periods.northLast, [placed(at('2026-02-02')), offered(at('2026-03-11'))], 4);
  await historyOf(periods.southLast, [placed(at('2026-01-05')), offered(at('2026-03-10'))]);
  await historyOf(periods.northBefore, [placed(at('2025-02-03')), offered(at('2025-03-10'))]);

  // this season at North, 1st grade: the list began three weeks ago, one offer last week
  await historyOf(periods.north, [placed(new Date(NOW - 21 * DAY)), offered(new Date(NOW - 7 * DAY))]);

  // seen by the third test's families: South's 1st grade and North's 2nd grade last year
  await historyOf(periods.southLast, [placed(at('2026-01-07')), offered(at('2026-01-20'))]);
  await historyOf(periods.northLast, [placed(at('2026-01-12')), offered(at('2026-01-13'))], 4);
});
afterAll(() => ctx?.close());

/** An applicant of the period whose history is these moves (from, to, when): another family, never shown. */
async function historyOf(period: Period, moves: Array<[StatusId | null, StatusId, Date]>, id_grade = 3) {
  const app = await createApplication(ctx.db, period, { id_status: STATUS.APPLIED, id_grade });
  await ctx.db.insert(s.applicationStatus).values(
    moves.map(([from, to, when]) => ({
      id_school: period.id_school,
      id_application: app.id_application,
      id_status: to,
      id_status_from: from,
      createdAt: when,
    })),
  );
}
const placed = (when: Date): [StatusId, StatusId, Date] => [STATUS.APPLIED, STATUS.WAITING_LIST, when];
const offered = (when: Date): [StatusId, StatusId, Date] => [STATUS.WAITING_LIST, STATUS.OFFERED, when];

let families = 0;
/** A family waiting in the period's grade, signed in to the portal: their contact's session cookie. */
async function waitingFamily(period: Period, id_grade = 3) {
  const contact = `movement.${++families}@example.org`;
  const app = await createApplication(ctx.db, period, {
    id_status: STATUS.WAITING_LIST,
    id_grade,
    guardianEmail: contact,
  });
  const key = await guardianSessionKey(ctx.db, contact);
  return { app, cookie: key };
}

async function waitingOf(family: { app: { id_application: number }; cookie: string }) {
  const res = await call<FamilyApplication[]>('GET', '/family/applications', {
    headers: { cookie: `openseat_family=${family.cookie}` },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.map((a) => a.id_application)).toEqual([family.app.id_application]);
  return res.body[0].waiting;
}

describe("the list's movement, this season and last", () => {
  it('counts last season’s offers from the grade’s list per week, from the week its list began', async () => {
    const family = await waitingFamily(periods.north);
    const waiting = await waitingOf(family);
    expect(waiting?.lastSeason).toEqual({
      schoolYear: '2025-2026',
      movedPerWeek: [
        { week: 2, moved: 2 },
        { week: 5, moved: 2 },
        { week: 7, moved: 1 },
      ],
    });
    expect(waiting?.thisWeek).toBe(4);
    expect(waiting?.movedPerWeek).toEqual([expect.objectContaining({ week: 3, moved: 1 })]);
    const lastWeek = new Date(NOW - 7 * DAY);
    const monday = new Date(lastWeek.getTime() - ((lastWeek.getUTCDay() + 6) % 7) * DAY);
    expect(waiting?.movedPerWeek[0].weekStart).toBe(monday.toISOString().slice(0, 10));
  });

  it('has no last season for a campus without an earlier period, nor for a grade without a list then', async () => {
    const newCampus = await waitingFamily(periods.lonely);
    expect(await waitingOf(newCampus)).toMatchObject({ lastSeason: null, movedPerWeek: [], thisWeek: 1 });

    // South had a period last year, but no one waited for 2nd grade in it
    const noListThen = await waitingFamily(periods.south, 4);
    expect((await waitingOf(noListThen))?.lastSeason).toBeNull();
  });

  it('shows each guardian the figures of their own campus and grade only', async () => {
    const south1st = await waitingOf(await waitingFamily(periods.south));
    const north2nd = await waitingOf(await waitingFamily(periods.north, 4));
    // South's 1st-grade list began the week of Monday 5 January 2026: offers in weeks 3 and 10
    expect(south1st?.lastSeason).toEqual({
      schoolYear: '2025-2026',
      movedPerWeek: [
        { week: 3, moved: 1 },
        { week: 10, moved: 1 },
      ],
    });
    // North's 2nd-grade list began the week of Monday 12 January 2026, its earliest placement
    expect(north2nd?.lastSeason).toEqual({
      schoolYear: '2025-2026',
      movedPerWeek: [
        { week: 1, moved: 1 },
        { week: 9, moved: 1 },
      ],
    });
    expect(north2nd?.movedPerWeek).toEqual([]);
  });
});

describe("a family's place in its priority group", () => {
  it('counts the places of its group at or ahead of its own, and a kept read shows a move only when it is renewed', async () => {
    // the new campus's 2nd grade: four families waiting, priority groups (lottery levels) 1, 2, 1, 1
    const waiting = [];
    for (let i = 0; i < 4; i++) waiting.push(await waitingFamily(periods.lonely, 4));
    const [first, other, second, family] = waiting;
    const levels = new Map([first, other, second, family].map((f, i) => [f.app.id_application, [1, 2, 1, 1][i]]));
    for (const [id_application, lottery_level] of levels)
      await ctx.db.update(s.application).set({ lottery_level }).where(eq(s.application.id_application, id_application));
    const contact = contactOf(`movement.${families}@example.org`) as Contact;
    const kept = waitingFigures(ctx.db, 60_000);
    const rank = async (figures = waitingFigures(ctx.db)) =>
      (await familyApplications(ctx.db, contact, new Date(), figures))[0].waiting?.rankInGroup;

    expect((await waitingOf(family))?.position).toBe(4);
    expect(await rank(kept)).toBe(3);

    // the first of the group is offered a seat: its place leaves the list
    await ctx.db
      .update(s.application)
      .set({ id_status: STATUS.OFFERED, waiting_list_position: null })
      .where(eq(s.application.id_application, first.app.id_application));
    expect(await rank(kept)).toBe(3);
    expect(await rank()).toBe(2);
  });
});
