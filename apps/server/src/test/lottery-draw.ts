import type { LotteryResult, LotterySummary } from '@openseat/shared/schemas/lottery';
import type { Db } from '../db/client';
import type { Principal } from '../modules/auth/auth.types';
import { enterDice, freezeLottery } from '../modules/lottery/lottery.freeze';
import { runLottery } from '../modules/lottery/lottery.run';
import type { JobQueue } from '../jobs/job';
import type { PeriodSpec } from './enrollment-factories';

/*
 * A real draw in a test, the v2 way (docs/lottery-algorithm.md, "v2"; issue 23). The server's own seed is for
 * practice runs only: a real draw needs a frozen lottery. So the period's applications have closed (its last
 * enrollment day is in the past), the applications that take part were created before that, the lottery is frozen
 * on dice, two staff users enter the same digits, and then `POST /application/lottery` draws.
 */

/** The last enrollment day of a closed period. */
export const CLOSED_ON = '2026-01-31';
/** A moment before CLOSED_ON: an application created then takes part in the draw (after it, it is late). */
export const ON_TIME = new Date('2026-01-15T12:00:00Z');
/** Twenty digits, as read from the dice rolled at the meeting. */
export const DICE = '31415926535897932384';

/** `createPeriod` options of a started period whose applications closed on CLOSED_ON (a freeze needs that). */
export const closedLotteryPeriod = (spec: PeriodSpec = {}): PeriodSpec => ({
  state: 'started',
  enrollment_end_date: CLOSED_ON,
  ...spec,
});

type PeriodRef = { id_campus: number; id_school_year: number };
type Saved<T> = { message: string; data: T };
type Refusal = { message: string; code: string };
/** The tests' `apiClient`, or any client of its shape (the bench wraps its own). */
export type LotteryCall = <T>(
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<{ status: number; body: T }>;
/** Two different staff users of the school: the dice take two entries that agree. */
export type DiceTokens = readonly [string, string];

const periodBody = (period: PeriodRef) => ({ id_campus: period.id_campus, id_school_year: period.id_school_year });

/** Freezes the period on dice and has both users enter `digits`: the lottery ready to draw. Throws on a refusal. */
export async function freezeOnDice(
  call: LotteryCall,
  tokens: DiceTokens,
  period: PeriodRef,
  digits = DICE,
): Promise<LotterySummary> {
  const frozen = await call<Saved<LotterySummary>>('POST', '/lottery/freeze', {
    token: tokens[0],
    body: { ...periodBody(period), source: 'dice' },
  });
  if (frozen.status !== 200) throw new Error(`lottery freeze: ${frozen.status} ${JSON.stringify(frozen.body)}`);
  let summary = frozen.body.data;
  for (const token of tokens) {
    const entered = await call<Saved<LotterySummary>>('POST', `/lottery/${summary.id_lottery}/dice`, {
      token,
      body: { digits },
    });
    if (entered.status !== 200) throw new Error(`lottery dice: ${entered.status} ${JSON.stringify(entered.body)}`);
    summary = entered.body.data;
  }
  return summary;
}

/** The draw of a frozen lottery (`POST /application/lottery` naming it): its answer as is, for the test to check. */
export const drawOfFrozen = (call: LotteryCall, token: string, period: PeriodRef, id_lottery: number, lng = 'en') =>
  call<Saved<LotteryResult> & Refusal>('POST', '/application/lottery', {
    token,
    body: { ...periodBody(period), id_lottery },
    headers: { 'accept-language': lng },
  });

/**
 * A real draw of the period: frozen on dice (`freezeOnDice`), then drawn by the first user. Answers the draw's
 * response as is (its status is the test's to check) and the frozen lottery.
 */
export async function drawFrozen(
  call: LotteryCall,
  tokens: DiceTokens,
  period: PeriodRef,
  options: { digits?: string; lng?: string } = {},
) {
  const frozen = await freezeOnDice(call, tokens, period, options.digits);
  const res = await drawOfFrozen(call, tokens[0], period, frozen.id_lottery, options.lng);
  return Object.assign(res, { frozen });
}

/** A staff member of the school with every campus, as the services take a caller. */
const staffOf = (id_school: number) => (id_user: number) =>
  ({ id_user, id_school, scope: { id_school, campusIds: null } }) as Principal;

/**
 * `freezeOnDice` straight through the service, for fixtures built before any request (tenancy): the period frozen
 * on dice by the first user, both users entering `digits`. The users are staff of the period's school.
 */
export async function freezeOnDiceInDb(
  db: Db,
  period: PeriodRef & { id_school: number },
  id_users: readonly [number, number],
  digits = DICE,
): Promise<LotterySummary> {
  const as = staffOf(period.id_school);
  const frozen = await freezeLottery(db, as(id_users[0]), { ...periodBody(period), source: 'dice' });
  for (const id_user of id_users) await enterDice(db, as(id_user), frozen.id_lottery, { digits });
  return frozen;
}

/** `drawFrozen` straight through the services (fixtures built before any request): frozen on dice, then drawn. */
export async function drawOnDiceInDb(
  // not the harness's TestContext: the bench uses this file without the test runner's types
  ctx: { db: Db; jobs: JobQueue; secrets: { encryptionKey: Buffer } },
  period: PeriodRef & { id_school: number },
  id_users: readonly [number, number],
) {
  const frozen = await freezeOnDiceInDb(ctx.db, period, id_users);
  const deps = { db: ctx.db, jobs: ctx.jobs, drandRelays: [] };
  await runLottery(deps, staffOf(period.id_school)(id_users[0]), ctx.secrets.encryptionKey, {
    ...periodBody(period),
    id_lottery: frozen.id_lottery,
  });
  return frozen;
}
