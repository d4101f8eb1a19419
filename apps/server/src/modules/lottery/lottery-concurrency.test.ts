import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import { openDatabase, type Database } from '../../db/client';
import * as s from '../../db/schema/index';
import { createApplication, expectSeatsAndPlacesConsistent, seatRow } from '../../test/application-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, openTestDatabase, startAppOn, type TestContext } from '../../test/harness';
import { closedLotteryPeriod, freezeOnDice, ON_TIME } from '../../test/lottery-draw';
import { tokenFor } from '../../test/session';

/*
 * Two lottery runs of one period at once (its lottery frozen on dice), through two API processes over one PostgreSQL
 * server: one draws, the other is refused (the period row is locked NOWAIT; the one-drawn index backs it). PGlite is one connection whose
 * transactions never interleave, so the race cannot happen there and the test is skipped.
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onServer)('two lottery runs racing for one period (PostgreSQL server)', () => {
  let first: Database;
  let second: Database;
  let drop: () => Promise<void>;
  let apps: TestContext[];
  let tokens: string[];
  let period: Awaited<ReturnType<typeof createPeriod>>;
  let run: { id_campus: number; id_school_year: number; id_lottery: number };

  beforeAll(async () => {
    const opened = await openTestDatabase();
    first = opened.database;
    drop = opened.drop;
    second = await openDatabase({ databaseUrl: opened.url, dataDir: null });
    const secrets = { jwtSecret: randomBytes(32), encryptionKey: randomBytes(32) };
    apps = [await startAppOn(first, { secrets }), await startAppOn(second, { secrets })];
    const school = await createSchool(first.db, 'Lottery Race School');
    const campus = await createCampus(first.db, school.id_school, 'Lottery Race Campus');
    await createCampusGrades(first.db, campus, [3, 4]);
    await first.db
      .update(s.campusConfiguration)
      .set({ is_lottery_campus: true })
      .where(eq(s.campusConfiguration.id_campus, campus.id_campus));
    period = await createPeriod(first.db, campus, closedLotteryPeriod({ grades: { 3: 10, 4: 5 } }));
    for (let i = 0; i < 120; i++)
      await createApplication(first.db, period, {
        id_status: STATUS.APPLIED,
        id_grade: i % 2 ? 3 : 4,
        createdAt: ON_TIME,
      });
    tokens = [];
    for (let i = 0; i < 2; i++)
      tokens.push(await tokenFor(apps[0], { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school }));
    const frozen = await freezeOnDice(apiClient(apps[0].baseUrl), [tokens[0], tokens[1]], period);
    run = { id_campus: period.id_campus, id_school_year: period.id_school_year, id_lottery: frozen.id_lottery };
  }, 120_000);

  afterAll(async () => {
    for (const app of apps ?? []) await app.close();
    await second?.close();
    await first?.close();
    await drop?.();
  });

  it("answers 'lotteryRunning' at once while another transaction holds the period", async () => {
    const answer = await second.db.transaction(async (tx) => {
      await tx
        .select({ id: s.campusYear.id_campus_year })
        .from(s.campusYear)
        .where(eq(s.campusYear.id_campus_year, period.id_campus_year))
        .for('update');
      return apiClient(apps[0].baseUrl)<{ message: string; code: string }>('POST', '/application/lottery', {
        token: tokens[0],
        body: run,
      });
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: 'LOTTERY_RUNNING',
      message: 'A lottery is already running for this school period. Try again in a moment.',
    });
    const lotteries = await first.db
      .select()
      .from(s.lottery)
      .where(eq(s.lottery.id_campus_year, period.id_campus_year));
    expect(lotteries.map((l) => l.state)).toEqual(['frozen']);
  }, 60_000);

  it('one run draws, the other is refused, and the seats are consistent', async () => {
    const results = await Promise.all(
      [0, 1].map((i) =>
        apiClient(apps[i].baseUrl)<{ message: string; code: string }>('POST', '/application/lottery', {
          token: tokens[i],
          body: run,
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409)!;
    expect(['LOTTERY_RUNNING', 'LOTTERY_ALREADY_DRAWN']).toContain(refused.body.code);
    const lotteries = await first.db
      .select()
      .from(s.lottery)
      .where(eq(s.lottery.id_campus_year, period.id_campus_year));
    expect(lotteries.map((l) => [l.id_lottery, l.state])).toEqual([[run.id_lottery, 'drawn']]);
    expect(await seatRow(first.db, period.id_campus_year, 3)).toMatchObject({ spots: 10, taken: 10 });
    expect(await seatRow(first.db, period.id_campus_year, 4)).toMatchObject({ spots: 5, taken: 5 });
    await expectSeatsAndPlacesConsistent(first.db);
  }, 120_000);
});
