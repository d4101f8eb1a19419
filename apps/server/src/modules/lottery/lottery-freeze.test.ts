import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import type { LotteryLog, LotteryResult, LotterySummary, LotteryVerification } from '@openseat/shared/schemas/lottery';
import * as s from '../../db/schema/index';
import { applicationRow, createApplication } from '../../test/application-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { CLOSED_ON, closedLotteryPeriod, ON_TIME } from '../../test/lottery-draw';
import { tokenFor } from '../../test/session';
import { expireOffers } from '../waiting-list/waiting-list.service';
import { BEACON_CHAINS } from './lottery.beacon';
import { chainProblems, logFile } from './lottery.log-chain';
import { seedOf } from './lottery.seed';

/*
 * The freeze of v2 (issue 23): inputs fixed before any randomness exists, every kind of input change refused while
 * frozen, unfreezing logged with its reason, dice entered by two users, a drand round checked against the chain key.
 *
 * Real quicknet rounds, as https://api.drand.sh/52db9ba7.../public/2 and /3 publish them (recorded in ChainSafe
 * Forest's drand signature tests, src/beacon/signatures/tests.rs; lottery.beacon.test.ts cites the same).
 */
const QUICKNET_3 = {
  round: 3,
  signature: 'b3fab6df720b68cc47175f2c777e86d84187caab5770906f515ff1099cb01e4deaa027075d860823e49477b93c72bd64',
};
const QUICKNET_2_SIGNATURE =
  'b6b6a585449b66eb12e875b64fcbab3799861a00e4dbf092d99e969a5eac57dd3f798acf61e705fe4f093db926626807';
/** Round 3 of quicknet was published at genesis + 2 periods: 2023-08-23T15:09:33Z. */
const ROUND_3_AT = new Date((BEACON_CHAINS.quicknet.genesisTime + 6) * 1000);

const run = promisify(execFile);
let ctx: TestContext;
/** The lottery's clock: null is the system's; the drand tests go back to the day round 3 was published. */
let clock: Date | null = null;
let call: ReturnType<typeof apiClient>;
let relay: http.Server;
let school: { id_school: number };
const token = { admin: '', second: '' };
type Period = Awaited<ReturnType<typeof createPeriod>>;
type Saved<T> = { message: string; data: T };
type Refusal = { message: string; code: string };

beforeAll(async () => {
  // a drand relay of our own, serving the real round 3 (the test machine has no internet)
  relay = http.createServer((req, res) => {
    const served = req.url === `/${BEACON_CHAINS.quicknet.hash}/public/3`;
    res.writeHead(served ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(served ? QUICKNET_3 : { error: 'not found' }));
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
  ctx = await startTestApp({
    env: { DRAND_RELAYS: `http://127.0.0.1:1, ${relayUrl}` },
    clock: () => clock ?? new Date(),
  });
  call = apiClient(ctx.baseUrl);
  school = await createSchool(ctx.db, 'Freeze School');
  token.admin = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  token.second = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
});

afterAll(async () => {
  await ctx?.close();
  relay?.close();
});

let campusCount = 0;

/** A lottery campus whose applications closed on 31 January, with three applied children in grade 3 (one seat). */
async function closedPeriod(options: { enrollment_end_date?: string; createdAt?: Date } = {}) {
  const campus = await createCampus(ctx.db, school.id_school, `Freeze Campus ${++campusCount}`);
  await createCampusGrades(ctx.db, campus, [3, 4]);
  await ctx.db
    .update(s.campusConfiguration)
    .set({ is_lottery_campus: true })
    .where(eq(s.campusConfiguration.id_campus, campus.id_campus));
  const period = await createPeriod(
    ctx.db,
    campus,
    closedLotteryPeriod({ enrollment_end_date: options.enrollment_end_date ?? CLOSED_ON, grades: { 3: 1, 4: 2 } }),
  );
  const apps = [];
  for (let i = 0; i < 3; i++)
    apps.push(
      await createApplication(ctx.db, period, {
        id_status: STATUS.APPLIED,
        createdAt: options.createdAt ?? ON_TIME,
      }),
    );
  return { campus, period, apps };
}

const periodBody = (period: Period, extra: Record<string, unknown> = {}) => ({
  id_campus: period.id_campus,
  id_school_year: period.id_school_year,
  ...extra,
});
const post = <T>(path: string, body: unknown, who = token.admin, lng = 'en') =>
  call<Saved<T> & Refusal>('POST', path, { token: who, body, headers: { 'accept-language': lng } });
const freeze = (period: Period, extra: Record<string, unknown> = { source: 'dice' }) =>
  post<LotterySummary>('/lottery/freeze', periodBody(period, extra));
const logOf = async (period: Period) =>
  (await call<LotteryLog>('GET', `/lottery/log?id_campus_year=${period.id_campus_year}`, { token: token.admin })).body;

/**
 * A drawn v2 lottery verifies on the server (every v2 check), and its published record with the period's log
 * verifies with the independent script.
 */
async function expectVerifiedEverywhere(period: Period, id_lottery: number) {
  const verified = (await call<LotteryVerification>('GET', `/lottery/${id_lottery}/verify`, { token: token.admin }))
    .body;
  expect(verified.checks.map((c) => [c.name, c.ok])).toEqual(
    ['source', 'roundAfterFreeze', 'seed', 'log', 'inputsHash', 'result', 'signature'].map((name) => [name, true]),
  );
  expect(verified.valid).toBe(true);
  const csv = await call<string>('GET', `/lottery/${id_lottery}/csv`, { token: token.admin });
  expect(csv.status).toBe(200);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-v2-'));
  fs.writeFileSync(path.join(dir, 'record.csv'), csv.body);
  fs.writeFileSync(path.join(dir, 'log.jsonl'), logFile((await logOf(period)).entries));
  const script = path.resolve(import.meta.dirname, '../../../../../scripts/verify-lottery.mjs');
  const { stdout } = await run(process.execPath, [script, path.join(dir, 'record.csv'), path.join(dir, 'log.jsonl')]);
  expect(stdout).toMatch(/log/);
  fs.rmSync(dir, { recursive: true, force: true });
}

/** The guard's refusal as the database raises it under any path (migration 0026). */
async function expectRefusedByGuard(change: () => Promise<unknown>) {
  const error = await change().then(
    () => null,
    (e: unknown) => e,
  );
  expect(JSON.stringify(error, Object.getOwnPropertyNames(error ?? {})) + String(error)).toMatch(/OSL01|frozen/);
}

describe('freezing the inputs', () => {
  it('writes the inputs fingerprint, the committed drand round after the draw time, and a log entry', async () => {
    const { period } = await closedPeriod();
    const drawAt = new Date(Date.now() + 3_600_000);
    const res = await freeze(period, { source: 'drand', drawAt: drawAt.toISOString() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const frozen = res.body.data;
    expect(frozen).toMatchObject({ state: 'frozen', algorithm: 'openseat-lottery-v2', source: 'drand', seed: null });
    expect(frozen.beaconChain).toBe(BEACON_CHAINS.quicknet.hash);
    const roundAt = new Date(frozen.roundAt!);
    expect(roundAt.getTime()).toBeGreaterThanOrEqual(drawAt.getTime());
    expect(roundAt.getTime() - drawAt.getTime()).toBeLessThan(3_000);
    expect(frozen.inputsHash).toMatch(/^[0-9a-f]{64}$/);

    const log = await logOf(period);
    expect(log.publicToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(log.entries.map((e) => e.kind)).toEqual(['freeze']);
    expect(JSON.parse(log.entries[0].body)).toMatchObject({
      id_lottery: frozen.id_lottery,
      inputs_sha256: frozen.inputsHash,
      round: frozen.beaconRound,
      chain: BEACON_CHAINS.quicknet.hash,
    });
    expect(chainProblems(log.entries)).toEqual([]);
    // a second freeze of the same period is refused
    expect((await freeze(period)).body.code).toBe('LOTTERY_FROZEN');
  });

  it('refuses while applications are still open, a draw time in the past, and a chain it does not have', async () => {
    const open = await closedPeriod({ enrollment_end_date: '2099-12-31' });
    const early = await freeze(open.period);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'LOTTERY_NOT_CLOSED' });
    const { period } = await closedPeriod();
    const past = await freeze(period, { source: 'drand', drawAt: '2026-01-01T00:00:00Z' });
    expect(past.status).toBe(400);
    const es = await post(
      '/lottery/freeze',
      periodBody(period, { source: 'drand', drawAt: '2026-01-01T00:00:00Z' }),
      token.admin,
      'es',
    );
    expect(es.body.message).toBe('La hora anunciada del sorteo debe estar en el futuro.');
    // the end-to-end tests' own chain exists only on a server started with its key
    const testChain = await freeze(period, { source: 'drand', chain: 'test', drawAt: '2099-01-01T00:00:00Z' });
    expect(testChain.status).toBe(400);
  });

  it('needs a freeze before a draw that names a lottery, and draws only the frozen one', async () => {
    const { period } = await closedPeriod();
    const frozen = (await freeze(period)).body.data;
    expect(
      (await post('/application/lottery', periodBody(period, { id_lottery: frozen.id_lottery + 1000 }))).status,
    ).toBe(404);
    const noDice = await post<LotteryResult>(
      '/application/lottery',
      periodBody(period, { id_lottery: frozen.id_lottery }),
    );
    expect(noDice.status).toBe(409);
    expect(noDice.body.code).toBe('LOTTERY_DICE');
  });
});

describe('practice runs', () => {
  it('are counted in the public log (seed fingerprint and inputs), and change nothing else', async () => {
    const { period, apps } = await closedPeriod();
    for (let i = 0; i < 2; i++) expect((await post('/lottery/practice', periodBody(period))).status).toBe(200);
    const log = await logOf(period);
    expect(log.entries.map((e) => e.kind)).toEqual(['practice', 'practice']);
    expect(Object.keys(JSON.parse(log.entries[0].body))).toEqual(['seed_sha256', 'inputs_sha256']);
    expect(chainProblems(log.entries)).toEqual([]);
    expect((await applicationRow(ctx.db, apps[0].id_application)).id_status).toBe(STATUS.APPLIED);
  });
});

describe('while frozen, no input changes: each kind is refused', () => {
  it('a status move through the API answers 409 with the frozen message (en and es)', async () => {
    const { period, apps } = await closedPeriod();
    await freeze(period);
    const move = (lng: string) =>
      call<Refusal>('PUT', '/application/status', {
        token: token.admin,
        body: { applicationIds: [apps[0].id_application], id_status: STATUS.WAITING_LIST },
        headers: { 'accept-language': lng },
      });
    const en = await move('en');
    expect(en.status, JSON.stringify(en.body)).toBe(409);
    expect(en.body).toMatchObject({ code: 'LOTTERY_FROZEN' });
    expect(en.body.message).toMatch(/frozen/);
    expect((await move('es')).body.message).toMatch(/congelada/);
    expect((await applicationRow(ctx.db, apps[0].id_application)).id_status).toBe(STATUS.APPLIED);
  });

  it('a new application dated before the freeze, and a deleted one', async () => {
    const { period, apps } = await closedPeriod();
    await freeze(period);
    await expectRefusedByGuard(() =>
      createApplication(ctx.db, period, { id_status: STATUS.APPLIED, createdAt: ON_TIME }),
    );
    await expectRefusedByGuard(() =>
      ctx.db
        .update(s.application)
        .set({ deletedAt: new Date() })
        .where(eq(s.application.id_application, apps[0].id_application)),
    );
    await expectRefusedByGuard(() =>
      ctx.db.delete(s.application).where(eq(s.application.id_application, apps[1].id_application)),
    );
    // one arriving now is late: not an input, so it is taken
    const late = await createApplication(ctx.db, period, { id_status: STATUS.APPLIED });
    expect(late.id_application).toBeGreaterThan(0);
  });

  it('a grade, a priority, a weight, seats and a sibling link', async () => {
    const { campus, period, apps } = await closedPeriod();
    await ctx.db.insert(s.campusPriority).values({
      id_school: campus.id_school,
      id_campus: campus.id_campus,
      id_priority_item: 2,
      priority_level: 1,
    });
    await freeze(period);
    const app = eq(s.application.id_application, apps[0].id_application);
    await expectRefusedByGuard(() => ctx.db.update(s.application).set({ id_grade: 4 }).where(app));
    await expectRefusedByGuard(() => ctx.db.update(s.application).set({ id_priority_item: 2 }).where(app));
    await expectRefusedByGuard(() =>
      ctx.db.update(s.campusPriority).set({ weight: 3 }).where(eq(s.campusPriority.id_campus, campus.id_campus)),
    );
    await expectRefusedByGuard(() =>
      ctx.db
        .update(s.campusYearGrade)
        .set({ spots: 5 })
        .where(eq(s.campusYearGrade.id_campus_year, period.id_campus_year)),
    );
    const applicant = (await applicationRow(ctx.db, apps[0].id_application)).id_applicant;
    await expectRefusedByGuard(() =>
      ctx.db
        .update(s.applicant)
        .set({ guardianEmail: 'shared@example.org' })
        .where(eq(s.applicant.id_applicant, applicant)),
    );
    await expectRefusedByGuard(() =>
      ctx.db
        .update(s.campusYear)
        .set({ sibling_priority: true })
        .where(eq(s.campusYear.id_campus_year, period.id_campus_year)),
    );
  });

  it('a statement is checked as a whole: one frozen row refuses it all; the columns the draw does not read pass', async () => {
    const open = await closedPeriod();
    const { period, apps } = await closedPeriod();
    await freeze(period);
    const both = inArray(s.application.id_application, [open.apps[0].id_application, apps[0].id_application]);
    await expectRefusedByGuard(() => ctx.db.update(s.application).set({ id_status: STATUS.DENIED }).where(both));
    expect((await applicationRow(ctx.db, open.apps[0].id_application)).id_status).toBe(STATUS.APPLIED);
    await ctx.db.update(s.application).set({ read: false }).where(both);
    expect((await applicationRow(ctx.db, apps[0].id_application)).read).toBe(false);
  });

  it('the log is append-only: an entry is never changed or removed', async () => {
    const { period } = await closedPeriod();
    await freeze(period);
    const where = eq(s.lotteryLog.id_campus_year, period.id_campus_year);
    for (const change of [
      () => ctx.db.update(s.lotteryLog).set({ body: '{}' }).where(where),
      () => ctx.db.delete(s.lotteryLog).where(where),
    ])
      expect(
        String(
          await change().then(
            () => 'changed',
            (e: unknown) => JSON.stringify(e, Object.getOwnPropertyNames(e)) + String(e),
          ),
        ),
      ).toMatch(/OSL02|append-only/);
    expect((await logOf(period)).entries).toHaveLength(1);
  });

  it("leaves a frozen period's lapsed offers to the run after the freeze, and expires the other periods' offers", async () => {
    const frozen = await closedPeriod();
    const open = await closedPeriod();
    const offer = { id_status: STATUS.OFFERED, createdAt: ON_TIME } as const;
    const held = await createApplication(ctx.db, frozen.period, offer);
    const expiring = await createApplication(ctx.db, open.period, offer);
    await ctx.db
      .update(s.application)
      .set({ offer_expires_at: new Date(Date.now() - 60_000) })
      .where(inArray(s.application.id_application, [held.id_application, expiring.id_application]));
    await freeze(frozen.period);
    const outcome = await expireOffers(ctx, new Date());
    expect(outcome.expired).toContain(expiring.id_application);
    expect(outcome.expired).not.toContain(held.id_application);
    expect((await applicationRow(ctx.db, held.id_application)).id_status).toBe(STATUS.OFFERED);
  });

  it('unfreezing takes a reason, logs it, and gives the inputs back', async () => {
    const { period, apps } = await closedPeriod();
    await freeze(period);
    const short = await post('/lottery/unfreeze', periodBody(period, { reason: 'typo' }));
    expect(short.status).toBe(400);
    const res = await post<LotterySummary>(
      '/lottery/unfreeze',
      periodBody(period, { reason: 'A sibling link was missing' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.state).toBe('unfrozen');
    const log = await logOf(period);
    expect(log.entries.map((e) => e.kind)).toEqual(['freeze', 'unfreeze']);
    expect(JSON.parse(log.entries[1].body)).toMatchObject({ reason: 'A sibling link was missing' });
    expect(chainProblems(log.entries)).toEqual([]);
    await ctx.db
      .update(s.application)
      .set({ id_grade: 4 })
      .where(eq(s.application.id_application, apps[0].id_application));
    expect((await post('/lottery/unfreeze', periodBody(period, { reason: 'Nothing is frozen now' }))).body.code).toBe(
      'LOTTERY_NOT_FROZEN',
    );
  });
});

describe('dice rolled at the meeting', () => {
  const DIGITS = '3 1 4 1 5 9 2 6 5 3 5 8 9 7 9 3 2 3 8 4';
  const dice = (id: number, digits: string, who: string) =>
    post<LotterySummary>(`/lottery/${id}/dice`, { digits }, who);

  it('needs two users who agree; the same user twice and a mismatch are refused; then it draws', async () => {
    const { period } = await closedPeriod();
    const frozen = (await freeze(period)).body.data;
    expect((await dice(frozen.id_lottery, '12345', token.admin)).status).toBe(400);
    const first = await dice(frozen.id_lottery, DIGITS, token.admin);
    expect(first.status).toBe(200);
    expect(first.body.data.diceEntries).toBe(1);
    expect(JSON.stringify(first.body)).not.toContain('31415');
    const again = await dice(frozen.id_lottery, DIGITS, token.admin);
    expect(again.body).toMatchObject({ code: 'LOTTERY_DICE', message: expect.stringMatching(/another staff user/) });
    const mismatch = await dice(frozen.id_lottery, DIGITS.replace(/4$/, '5'), token.second);
    expect(mismatch.body).toMatchObject({ code: 'LOTTERY_DICE', message: expect.stringMatching(/differ/) });
    // both were cleared: two fresh entries are needed
    expect((await dice(frozen.id_lottery, DIGITS, token.second)).body.data.diceEntries).toBe(1);
    const confirmed = await dice(frozen.id_lottery, DIGITS, token.admin);
    expect(confirmed.body.data.diceEntries).toBe(2);

    const drawn = await post<LotteryResult>(
      '/application/lottery',
      periodBody(period, { id_lottery: frozen.id_lottery }),
    );
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    const record = drawn.body.data.lottery!;
    expect(record.state).toBe('drawn');
    const digits = DIGITS.replace(/ /g, '');
    expect(record.seed).toBe(seedOf(frozen.inputsHash!, { kind: 'dice', digits }));
    const log = await logOf(period);
    expect(log.entries.map((e) => e.kind)).toEqual(['freeze', 'draw']);
    expect(JSON.parse(log.entries[1].body)).toMatchObject({
      id_lottery: frozen.id_lottery,
      source: `dice,${digits}`,
      seed: record.seed,
      result_sha256: record.resultHash,
    });
    expect(chainProblems(log.entries)).toEqual([]);
    await expectVerifiedEverywhere(period, frozen.id_lottery);
    // the guard stepped aside for the draw only: the period is no longer frozen
    const [row] = await ctx.db
      .select({ frozen: s.campusYear.lotteryFrozen })
      .from(s.campusYear)
      .where(eq(s.campusYear.id_campus_year, period.id_campus_year));
    expect(row.frozen).toBe(false);
  });
});

describe('a drand round', () => {
  afterEach(() => {
    clock = null;
  });

  /**
   * Frozen on quicknet on 23 August 2023, its applications closed on 1 August, with the draw announced two seconds
   * before round 3 (so round 3 is the committed one); then the clock moves to `drawAt`.
   */
  async function frozenOnRound3(announced = new Date(ROUND_3_AT.getTime() - 2_000)) {
    const { period } = await closedPeriod({ enrollment_end_date: '2023-08-01', createdAt: new Date('2023-07-15') });
    clock = new Date(ROUND_3_AT.getTime() - 30_000);
    const res = await freeze(period, { source: 'drand', drawAt: announced.toISOString() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    clock = new Date(ROUND_3_AT.getTime() + 60_000);
    return { period, frozen: res.body.data };
  }
  const drawWith = (period: Period, id_lottery: number, extra: Record<string, unknown>) =>
    post<LotteryResult>('/application/lottery', periodBody(period, { id_lottery, ...extra }));
  const flip = (hex: string) => hex.slice(0, -1) + (hex.endsWith('0') ? '1' : '0');

  it('a genuine round draws; a flipped bit, a wrong round, another chain or no round are refused', async () => {
    const { period, frozen } = await frozenOnRound3();
    const flipped = await drawWith(period, frozen.id_lottery, {
      beacon: { ...QUICKNET_3, signature: flip(QUICKNET_3.signature) },
    });
    expect(flipped.status).toBe(422);
    expect(flipped.body.code).toBe('LOTTERY_BEACON');
    const wrongRound = await drawWith(period, frozen.id_lottery, {
      beacon: { round: 2, signature: QUICKNET_2_SIGNATURE },
    });
    expect(wrongRound.body.code).toBe('LOTTERY_ROUND');
    const otherRoundAsThree = await drawWith(period, frozen.id_lottery, {
      beacon: { round: 3, signature: QUICKNET_2_SIGNATURE },
    });
    expect(otherRoundAsThree.status).toBe(422);
    const otherChain = await drawWith(period, frozen.id_lottery, {
      beacon: {
        round: 3,
        signature:
          'a7b0877eaea7a0222f4c39a2c03434c34f5fe3ea47c533d24b88e5c3053b84775ccb78e984addcb55173f40428513f280cc6e0fccc3c89bb1625c7c0b477deb6faae43fc6ec036f09233bf38da16586b3042dd01a7e9ed97c8bafa343cc6071e',
      },
    });
    expect(otherChain.status).toBe(400);
    expect((await drawWith(period, frozen.id_lottery, {})).body.code).toBe('LOTTERY_ROUND');

    const drawn = await drawWith(period, frozen.id_lottery, { beacon: QUICKNET_3 });
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    expect(drawn.body.data.lottery).toMatchObject({ state: 'drawn', beaconRound: 3 });
    await expectVerifiedEverywhere(period, frozen.id_lottery);
    // a record rewritten in the database no longer verifies
    await ctx.db
      .update(s.lottery)
      .set({ beaconSignature: flip(QUICKNET_3.signature) })
      .where(eq(s.lottery.id_lottery, frozen.id_lottery));
    const tampered = (
      await call<LotteryVerification>('GET', `/lottery/${frozen.id_lottery}/verify`, { token: token.admin })
    ).body;
    expect(tampered.valid).toBe(false);
    expect(tampered.checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(['source', 'seed']);
  });

  it('is fetched from the relays when asked (the first one down, the next serving it)', async () => {
    const { period, frozen } = await frozenOnRound3();
    const drawn = await drawWith(period, frozen.id_lottery, { fetchBeacon: true });
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    const [row] = await ctx.db.select().from(s.lottery).where(eq(s.lottery.id_lottery, frozen.id_lottery));
    expect(row.beaconSignature).toBe(QUICKNET_3.signature);
  });

  it('a round not yet published, and a round not after the freeze, are refused', async () => {
    const { period, frozen } = await frozenOnRound3();
    clock = new Date(ROUND_3_AT.getTime() - 10_000);
    expect((await drawWith(period, frozen.id_lottery, { beacon: QUICKNET_3 })).body.message).toMatch(
      /not published yet/,
    );
    clock = new Date(ROUND_3_AT.getTime() + 60_000);
    // a freeze can only commit to a later round; a row rewritten to say otherwise is refused all the same
    await ctx.db
      .update(s.lottery)
      .set({ frozenAt: new Date(ROUND_3_AT.getTime() + 1_000) })
      .where(eq(s.lottery.id_lottery, frozen.id_lottery));
    expect((await drawWith(period, frozen.id_lottery, { beacon: QUICKNET_3 })).body.message).toMatch(
      /not after the freeze/,
    );
  });
});

describe('the draw checks the inputs it froze', () => {
  it('refuses when they changed under the guard (a path the triggers do not see)', async () => {
    const { period, apps } = await closedPeriod();
    const frozen = (await freeze(period)).body.data;
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx
        .update(s.application)
        .set({ id_grade: 4 })
        .where(eq(s.application.id_application, apps[0].id_application));
    });
    await post(`/lottery/${frozen.id_lottery}/dice`, { digits: '11111111112222222222' }, token.admin);
    await post(`/lottery/${frozen.id_lottery}/dice`, { digits: '11111111112222222222' }, token.second);
    const res = await post<LotteryResult>(
      '/application/lottery',
      periodBody(period, { id_lottery: frozen.id_lottery }),
    );
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('LOTTERY_INPUTS_CHANGED');
  });
});

describe('a requested re-run', () => {
  afterEach(() => {
    clock = null;
  });

  const rerun = (period: Period, reason = 'The grade 4 seats were entered wrong.', lng = 'en') =>
    post<LotterySummary>('/lottery/rerun', periodBody(period, { reason }), token.admin, lng);
  const dice = (id: number, digits: string, who: string) =>
    post<LotterySummary>(`/lottery/${id}/dice`, { digits }, who);
  /** Frozen on dice by both users and drawn: answers the draw's lottery id. */
  async function drawnOnDice(period: Period, digits = '11111222223333344444') {
    const frozen = (await freeze(period)).body.data;
    for (const who of [token.admin, token.second]) await dice(frozen.id_lottery, digits, who);
    const drawn = await post<LotteryResult>(
      '/application/lottery',
      periodBody(period, { id_lottery: frozen.id_lottery }),
    );
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    return frozen.id_lottery;
  }
  const heldOf = (id_lottery: number) =>
    ctx.db.select().from(s.messageHold).where(eq(s.messageHold.id_lottery, id_lottery));
  const statusesOf = async (apps: Array<{ id_application: number }>) =>
    Promise.all(apps.map(async (a) => (await applicationRow(ctx.db, a.id_application)).id_status));

  it('sets an untold draw aside: its moves undone, its messages dropped, superseded and logged', async () => {
    const { period, apps } = await closedPeriod();
    const first = await drawnOnDice(period);
    expect((await statusesOf(apps)).sort()).toEqual([STATUS.OFFERED, STATUS.WAITING_LIST, STATUS.WAITING_LIST].sort());
    expect((await rerun(period, 'short')).status).toBe(400);

    const res = await rerun(period);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ id_lottery: first, state: 'superseded' });
    expect(await statusesOf(apps)).toEqual([STATUS.APPLIED, STATUS.APPLIED, STATUS.APPLIED]);
    for (const app of apps)
      expect(await applicationRow(ctx.db, app.id_application)).toMatchObject({
        id_lottery: null,
        lottery_number: null,
        waiting_list_position: null,
      });
    const [seat] = await ctx.db
      .select({ taken: s.campusYearGrade.taken })
      .from(s.campusYearGrade)
      .where(eq(s.campusYearGrade.id_campus_year, period.id_campus_year))
      .orderBy(s.campusYearGrade.id_grade);
    expect(seat.taken).toBe(0);
    expect(await heldOf(first)).toEqual([]);
    const queued = await ctx.db
      .select()
      .from(s.messageOutbox)
      .where(
        inArray(
          s.messageOutbox.id_application,
          apps.map((a) => a.id_application),
        ),
      );
    expect(queued).toEqual([]);
    const log = await logOf(period);
    expect(log.entries.map((e) => e.kind)).toEqual(['freeze', 'draw', 'rerun']);
    expect(JSON.parse(log.entries[2].body)).toEqual({
      id_lottery: first,
      reason: 'The grade 4 seats were entered wrong.',
    });
    expect(chainProblems(log.entries)).toEqual([]);

    // nothing to draw until a new freeze; nothing left to re-run
    const again = await post<LotteryResult>('/application/lottery', periodBody(period));
    expect(again.body.code).toBe('LOTTERY_NEEDS_FREEZE');
    expect((await rerun(period, 'Once more, please.', 'es')).body).toMatchObject({
      code: 'LOTTERY_RERUN',
      message: expect.stringMatching(/no tiene un sorteo/),
    });

    // the new draw needs new dice; then both draws stay visible, and both verify
    const frozen = (await freeze(period)).body.data;
    expect((await dice(frozen.id_lottery, '11111222223333344444', token.admin)).body).toMatchObject({
      code: 'LOTTERY_DICE',
      message: expect.stringMatching(/set-aside draw/),
    });
    const second = await drawnOnDiceAfterFreeze(frozen.id_lottery, period);
    const listed = await call<LotterySummary[]>('GET', `/lottery?id_campus_year=${period.id_campus_year}`, {
      token: token.admin,
    });
    expect(listed.body.map((l) => [l.id_lottery, l.state])).toEqual([
      [second, 'drawn'],
      [first, 'superseded'],
    ]);
    expect((await logOf(period)).entries.map((e) => e.kind)).toEqual(['freeze', 'draw', 'rerun', 'freeze', 'draw']);
    await expectVerifiedEverywhere(period, first);
    await expectVerifiedEverywhere(period, second);
  });

  async function drawnOnDiceAfterFreeze(id_lottery: number, period: Period) {
    for (const who of [token.admin, token.second]) await dice(id_lottery, '55555666667777788888', who);
    const drawn = await post<LotteryResult>('/application/lottery', periodBody(period, { id_lottery }));
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    return id_lottery;
  }

  it('is refused once the families were told, or when an application moved since: the draw stands', async () => {
    const told = await closedPeriod();
    const toldDraw = await drawnOnDice(told.period);
    const [hold] = await heldOf(toldDraw);
    expect((await post(`/lottery/holds/${hold.id_message_hold}/release`, {})).status).toBe(200);
    expect((await rerun(told.period)).body).toMatchObject({
      code: 'LOTTERY_RERUN',
      message: expect.stringMatching(/families were told/),
    });

    const moved = await closedPeriod();
    const movedDraw = await drawnOnDice(moved.period);
    const before = await statusesOf(moved.apps);
    const waiting = moved.apps[before.indexOf(STATUS.WAITING_LIST)];
    const staffMove = await call('PUT', '/application/status', {
      token: token.admin,
      body: { applicationIds: [waiting.id_application], id_status: STATUS.DECLINED },
    });
    expect(staffMove.status, JSON.stringify(staffMove.body)).toBe(200);
    expect((await rerun(moved.period)).body).toMatchObject({
      code: 'LOTTERY_RERUN',
      message: expect.stringMatching(/moved/),
    });
    // nothing changed: the draw and its hold are as they were
    const after = await statusesOf(moved.apps);
    expect(after.filter((st, i) => i !== moved.apps.indexOf(waiting))).toEqual(
      before.filter((st, i) => i !== moved.apps.indexOf(waiting)),
    );
    expect(await heldOf(movedDraw)).toHaveLength(1);
    expect((await logOf(moved.period)).entries.map((e) => e.kind)).toEqual(['freeze', 'draw']);
  });

  it('cannot draw on the same round again: a re-run needs a new round', async () => {
    const { period } = await closedPeriod({ enrollment_end_date: '2023-08-01', createdAt: new Date('2023-07-15') });
    const announced = new Date(ROUND_3_AT.getTime() - 2_000).toISOString();
    const freezeOnRound3 = async () => {
      clock = new Date(ROUND_3_AT.getTime() - 30_000);
      const res = await freeze(period, { source: 'drand', drawAt: announced });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      clock = new Date(ROUND_3_AT.getTime() + 60_000);
      return res.body.data;
    };
    const first = await freezeOnRound3();
    const body = (id_lottery: number) => periodBody(period, { id_lottery, beacon: QUICKNET_3 });
    expect((await post<LotteryResult>('/application/lottery', body(first.id_lottery))).status).toBe(200);
    expect((await rerun(period)).status).toBe(200);
    // a clock set back lets the freeze name round 3 again; the draw on it is refused
    const second = await freezeOnRound3();
    expect(second.beaconRound).toBe(3);
    const refused = await post<LotteryResult>('/application/lottery', body(second.id_lottery));
    expect(refused.body).toMatchObject({ code: 'LOTTERY_ROUND', message: expect.stringMatching(/new round/) });
  });
});
