import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { STATUS } from '@openseat/shared/constants';
import * as s from '../../db/schema/index';
import type { TestContext } from '../harness';
import { createCampus } from '../factories';
import { createCampusGrades, createDrawnLottery, createPeriod } from '../enrollment-factories';
import { createApplication } from '../application-factories';
import { closedLotteryPeriod, drawOnDiceInDb, freezeOnDiceInDb, ON_TIME } from '../lottery-draw';
import type { Fixtures, Row } from './kit';

// the lottery: a lottery campus of A (practice), one of A frozen on dice (the draw), one for late applications, one of B
type LotteryFixtures = Awaited<ReturnType<typeof buildLotteryFixtures>>;
let lf: LotteryFixtures;
const SECRET_LOTTERY = ['Secret-Lottery-B', 'beta-lottery-seed'];

async function buildLotteryFixtures(ctx: Pick<TestContext, 'db' | 'jobs' | 'secrets'>, x: Fixtures) {
  const { db } = ctx;
  /** `closed`: applications closed on 31 January (a freeze needs that), the children applied before. */
  const lotteryCampus = async (id_school: number, name: string, child: string, closed = false) => {
    const campus = await createCampus(db, id_school, name);
    await createCampusGrades(db, campus, [3]);
    await db
      .update(s.campusConfiguration)
      .set({ is_lottery_campus: true })
      .where(eq(s.campusConfiguration.id_campus, campus.id_campus));
    const period = await createPeriod(
      db,
      campus,
      closed ? closedLotteryPeriod({ grades: { 3: 1 } }) : { state: 'started', grades: { 3: 1 } },
    );
    for (let i = 0; i < 3; i++)
      await createApplication(db, period, {
        id_status: STATUS.APPLIED,
        firstName: child,
        lastName: 'Tenancy',
        ...(closed ? { createdAt: ON_TIME } : {}),
      });
    return period;
  };
  /** A lottery frozen on dice (as the freeze writes it, minus the inputs document nobody reads here). */
  const frozenOn = async (p: { id_school: number; id_campus_year: number }) => {
    await db.update(s.campusYear).set({ lotteryFrozen: true }).where(eq(s.campusYear.id_campus_year, p.id_campus_year));
    const [row] = await db
      .insert(s.lottery)
      .values({
        id_school: p.id_school,
        id_campus_year: p.id_campus_year,
        state: 'frozen',
        algorithm: 'openseat-lottery-v2',
        source: 'dice',
        frozenAt: new Date(),
      })
      .returning();
    return row;
  };
  const own = await lotteryCampus(x.schoolA.id_school, 'Alpha Lottery', 'Lottery-A-Child');
  const late = await lotteryCampus(x.schoolA.id_school, 'Alpha Late', 'Late-A-Child');
  const other = await lotteryCampus(x.schoolB.id_school, 'Beta Lottery', 'Secret-Lottery-B');
  const record = async (p: typeof own, seed: string) =>
    (
      await db
        .insert(s.lottery)
        .values({
          id_school: p.id_school,
          id_campus_year: p.id_campus_year,
          state: 'committed',
          algorithm: 'openseat-lottery-v1',
          seed,
          seedHash: `hash-of-${seed}`,
        })
        .returning()
    )[0];
  // a drawn record (of an empty draw) on an older period of A's lottery campus, for the record file
  const older = await createPeriod(db, { id_school: own.id_school, id_campus: own.id_campus }, { id_school_year: 2 });
  const drawnLottery = await createDrawnLottery(db, older);
  const toFreeze = await lotteryCampus(x.schoolA.id_school, 'Alpha Freeze', 'Freeze-A-Child', true);
  const toUnfreeze = await lotteryCampus(x.schoolA.id_school, 'Alpha Unfreeze', 'Unfreeze-A-Child', true);
  const diced = await lotteryCampus(x.schoolA.id_school, 'Alpha Dice', 'Dice-A-Child', true);
  const otherClosed = await lotteryCampus(x.schoolB.id_school, 'Beta Closed', 'Secret-Lottery-B', true);
  // a real draw needs a frozen lottery: this one is frozen on dice two staff users of A entered
  const toDraw = await lotteryCampus(x.schoolA.id_school, 'Alpha Draw', 'Draw-A-Child', true);
  await freezeOnDiceInDb(db, toDraw, [x.users.schoolA.id_user, x.users.campusAdminA.id_user]);
  // a draw whose messages are still held: it can be re-run
  const toRerun = await lotteryCampus(x.schoolA.id_school, 'Alpha Rerun', 'Rerun-A-Child', true);
  await drawOnDiceInDb(ctx, toRerun, [x.users.schoolA.id_user, x.users.campusAdminA.id_user]);
  return {
    own,
    late,
    other,
    toFreeze,
    toUnfreeze,
    toDraw,
    toRerun,
    otherClosed,
    unfreezeLottery: await frozenOn(toUnfreeze),
    diceLottery: await frozenOn(diced),
    otherFrozen: await frozenOn(otherClosed),
    ownLottery: await record(late, 'alpha-lottery-seed'),
    otherLottery: await record(other, 'beta-lottery-seed'),
    drawnLottery,
    ownHold: await heldMessages(db, own),
    otherHold: await heldMessages(db, other),
  };
}

/** Held status messages of a campus (the draw's, in life), to release or schedule. */
async function heldMessages(db: TestContext['db'], campus: { id_school: number; id_campus: number }) {
  const [hold] = await db
    .insert(s.messageHold)
    .values({ ...campus, batch: randomUUID(), moves: '', offers: 0, families: 0 })
    .returning();
  return hold;
}

const periodOf = (p: { id_campus: number; id_school_year: number }) => ({
  id_campus: p.id_campus,
  id_school_year: p.id_school_year,
});

const practiceQuery = (p: { id_campus: number; id_school_year: number }) =>
  new URLSearchParams({ ...periodOf(p), seed: 'cd'.repeat(32) } as never).toString();

export const LOTTERY_ROWS: Row[] = [
  {
    route: 'POST /lottery/practice',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: '/lottery/practice', body: periodOf(lf.own) }),
    other: () => ({ method: 'POST', path: '/lottery/practice', body: periodOf(lf.other) }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'GET /lottery/practice/csv',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/lottery/practice/csv?${practiceQuery(lf.own)}` }),
    other: () => ({ method: 'GET', path: `/lottery/practice/csv?${practiceQuery(lf.other)}` }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'POST /application/lottery',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: '/application/lottery', body: periodOf(lf.toDraw) }),
    other: () => ({ method: 'POST', path: '/application/lottery', body: periodOf(lf.other) }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'POST /application/lottery',
    case: "another school's lottery is not found",
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: '/lottery/practice', body: periodOf(lf.late) }),
    other: () => ({
      method: 'POST',
      path: '/application/lottery',
      body: { ...periodOf(lf.late), id_lottery: lf.otherLottery.id_lottery },
    }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'POST /lottery/freeze',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: '/lottery/freeze', body: { ...periodOf(lf.toFreeze), source: 'dice' } }),
    other: () => ({ method: 'POST', path: '/lottery/freeze', body: { ...periodOf(lf.other), source: 'dice' } }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'POST /lottery/unfreeze',
    actor: 'schoolA',
    own: () => ({
      method: 'POST',
      path: '/lottery/unfreeze',
      body: { ...periodOf(lf.toUnfreeze), reason: 'A tenancy check of the unfreeze' },
    }),
    other: () => ({
      method: 'POST',
      path: '/lottery/unfreeze',
      body: { ...periodOf(lf.otherClosed), reason: 'A tenancy check of the unfreeze' },
    }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'POST /lottery/rerun',
    actor: 'schoolA',
    own: () => ({
      method: 'POST',
      path: '/lottery/rerun',
      body: { ...periodOf(lf.toRerun), reason: 'A tenancy check of the re-run' },
    }),
    other: () => ({
      method: 'POST',
      path: '/lottery/rerun',
      body: { ...periodOf(lf.otherClosed), reason: 'A tenancy check of the re-run' },
    }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'POST /lottery/:id/dice',
    actor: 'schoolA',
    own: () => ({
      method: 'POST',
      path: `/lottery/${lf.diceLottery.id_lottery}/dice`,
      body: { digits: '12345678901234567890' },
    }),
    other: () => ({
      method: 'POST',
      path: `/lottery/${lf.otherFrozen.id_lottery}/dice`,
      body: { digits: '12345678901234567890' },
    }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'GET /lottery/log',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/lottery/log?id_campus_year=${lf.own.id_campus_year}` }),
    other: () => ({ method: 'GET', path: `/lottery/log?id_campus_year=${lf.other.id_campus_year}` }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'POST /lottery/late',
    actor: 'campusAdminA',
    own: () => ({ method: 'POST', path: '/lottery/late', body: periodOf(lf.late) }),
    other: () => ({ method: 'POST', path: '/lottery/late', body: periodOf(lf.other) }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'GET /lottery',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/lottery?id_campus_year=${lf.own.id_campus_year}` }),
    other: () => ({ method: 'GET', path: `/lottery?id_campus_year=${lf.other.id_campus_year}` }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'GET /lottery/:id',
    actor: 'campusAdminA',
    own: () => ({ method: 'GET', path: `/lottery/${lf.ownLottery.id_lottery}` }),
    other: () => ({ method: 'GET', path: `/lottery/${lf.otherLottery.id_lottery}` }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'GET /lottery/:id/summary',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/lottery/${lf.drawnLottery.id_lottery}/summary` }),
    other: () => ({ method: 'GET', path: `/lottery/${lf.otherLottery.id_lottery}/summary` }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'GET /lottery/:id/csv',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/lottery/${lf.drawnLottery.id_lottery}/csv` }),
    other: () => ({ method: 'GET', path: `/lottery/${lf.otherLottery.id_lottery}/csv` }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'GET /lottery/:id/verify',
    actor: 'campusA1',
    ownActor: 'schoolA',
    own: () => ({ method: 'GET', path: `/lottery/${lf.ownLottery.id_lottery}/verify` }),
    // a campus user of a1 does not see the lotteries of another campus of its school
    other: () => ({ method: 'GET', path: `/lottery/${lf.ownLottery.id_lottery}/verify` }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'GET /lottery/plan',
    actor: 'schoolA',
    own: () => ({
      method: 'GET',
      path: `/lottery/plan?id_campus=${lf.late.id_campus}&id_school_year=${lf.late.id_school_year}`,
    }),
    other: () => ({
      method: 'GET',
      path: `/lottery/plan?id_campus=${lf.other.id_campus}&id_school_year=${lf.other.id_school_year}`,
    }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'GET /lottery/holds',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/lottery/holds?id_campus=${lf.own.id_campus}` }),
    other: () => ({ method: 'GET', path: `/lottery/holds?id_campus=${lf.other.id_campus}` }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'PUT /lottery/holds/:id/release-at',
    actor: 'schoolA',
    own: () => ({
      method: 'PUT',
      path: `/lottery/holds/${lf.ownHold.id_message_hold}/release-at`,
      body: { release_on: '2099-01-01', release_time: '09:00' },
    }),
    other: () => ({
      method: 'PUT',
      path: `/lottery/holds/${lf.otherHold.id_message_hold}/release-at`,
      body: { release_on: '2099-01-01', release_time: '09:00' },
    }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'POST /lottery/holds/:id/release',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: `/lottery/holds/${lf.ownHold.id_message_hold}/release` }),
    other: () => ({ method: 'POST', path: `/lottery/holds/${lf.otherHold.id_message_hold}/release` }),
    foreign: () => SECRET_LOTTERY,
  },
];

/** Builds the records of this part's rows (once, before the rows run). */
export async function setupLottery(ctx: Pick<TestContext, 'db' | 'jobs' | 'secrets'>, x: Fixtures) {
  lf = await buildLotteryFixtures(ctx, x);
}
