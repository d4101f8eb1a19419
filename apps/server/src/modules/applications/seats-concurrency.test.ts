import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import type { StatusMoveResult } from '@openseat/shared/schemas/applications';
import { openDatabase, type Database } from '../../db/client';
import * as s from '../../db/schema/index';
import { createApplication, expectSeatsAndPlacesConsistent, seatRow } from '../../test/application-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, openTestDatabase, startAppOn, type TestContext } from '../../test/harness';
import { tokenFor } from '../../test/session';

/*
 * Many staff offering seats at once, through two API processes with their own connection pools over one
 * PostgreSQL server. PGlite is one connection in one process: its transactions never interleave, so the race this
 * test looks for cannot happen there and the test is skipped (the seat rules themselves run on PGlite in
 * applications.test.ts).
 */
const onServer = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onServer)('offers racing for the last seats (PostgreSQL server)', () => {
  let first: Database;
  let second: Database;
  let drop: () => Promise<void>;
  let apps: TestContext[];
  let tokens: string[];
  let period: Awaited<ReturnType<typeof createPeriod>>;
  let ids: number[];

  beforeAll(async () => {
    const opened = await openTestDatabase();
    first = opened.database;
    drop = opened.drop;
    second = await openDatabase({ databaseUrl: opened.url, dataDir: null });
    const secrets = { jwtSecret: randomBytes(32), encryptionKey: randomBytes(32) };
    apps = [await startAppOn(first, { secrets }), await startAppOn(second, { secrets })];
    const school = await createSchool(first.db, 'Race School');
    const campus = await createCampus(first.db, school.id_school, 'Race Campus');
    await createCampusGrades(first.db, campus, [3]);
    period = await createPeriod(first.db, campus, { state: 'started', grades: { 3: 10 } });
    ids = [];
    for (let i = 0; i < 200; i++)
      ids.push((await createApplication(first.db, period, { id_status: STATUS.APPLIED, id_grade: 3 })).id_application);
    tokens = [];
    for (let i = 0; i < 4; i++)
      tokens.push(
        await tokenFor(apps[0], {
          context: CONTEXT_TYPE.CAMPUS,
          id_school: school.id_school,
          id_campus: campus.id_campus,
        }),
      );
  }, 120_000);

  afterAll(async () => {
    for (const app of apps ?? []) await app.close();
    await second?.close();
    await first?.close();
    await drop?.();
  });

  it('200 offers at 10 seats: exactly 10 holders, 190 nonTransferable, no 5xx', async () => {
    // half the applications one by one, the other half in bulk requests of 10, spread over 4 staff and 2 processes
    const requests: number[][] = [];
    ids.slice(0, 100).forEach((id) => requests.push([id]));
    for (let i = 100; i < 200; i += 10) requests.push(ids.slice(i, i + 10));
    requests.sort(() => Math.random() - 0.5);
    const results = await Promise.all(
      requests.map((applicationIds, i) =>
        apiClient(apps[i % 2].baseUrl)<StatusMoveResult>('PUT', '/application/status', {
          token: tokens[i % tokens.length],
          body: { applicationIds, id_status: STATUS.OFFERED },
        }),
      ),
    );
    expect(results.filter((r) => r.status !== 200).map((r) => [r.status, r.body])).toEqual([]);
    const offered = results.flatMap((r) => r.body.data.map((d) => d.id_application));
    const refused = results.flatMap((r) => r.body.nonTransferable);
    expect(offered).toHaveLength(10);
    expect(refused).toHaveLength(190);
    expect(new Set([...offered, ...refused]).size).toBe(200);
    const holders = await first.db
      .select({ id: s.application.id_application })
      .from(s.application)
      .where(
        and(
          inArray(s.application.id_application, ids),
          eq(s.application.id_status, STATUS.OFFERED),
          isNull(s.application.deletedAt),
        ),
      );
    expect(holders.map((h) => h.id).sort((x, y) => x - y)).toEqual([...offered].sort((x, y) => x - y));
    expect(await seatRow(first.db, period.id_campus_year, 3)).toMatchObject({ spots: 10, taken: 10 });
    const history = await first.db
      .select({ id: s.applicationStatus.id_application })
      .from(s.applicationStatus)
      .where(and(inArray(s.applicationStatus.id_application, ids), eq(s.applicationStatus.id_status, STATUS.OFFERED)));
    expect(history).toHaveLength(10);
    await expectSeatsAndPlacesConsistent(first.db);
  }, 120_000);

  it('declines and offers interleaved keep seats and waiting places exact', async () => {
    const holders = await first.db
      .select({ id: s.application.id_application })
      .from(s.application)
      .where(and(inArray(s.application.id_application, ids), eq(s.application.id_status, STATUS.OFFERED)));
    const others = ids.filter((id) => !holders.some((h) => h.id === id));
    const toWaiting = apiClient(apps[1].baseUrl)<StatusMoveResult>('PUT', '/application/status', {
      token: tokens[0],
      body: { applicationIds: others.slice(0, 60), id_status: STATUS.WAITING_LIST },
    });
    const calls = [
      toWaiting,
      ...holders.slice(0, 5).map((h, i) =>
        apiClient(apps[i % 2].baseUrl)('PUT', '/application/status', {
          token: tokens[i % tokens.length],
          body: { applicationIds: [h.id], id_status: STATUS.DECLINED },
        }),
      ),
      ...others.slice(60, 90).map((id, i) =>
        apiClient(apps[i % 2].baseUrl)('PUT', '/application/status', {
          token: tokens[(i + 1) % tokens.length],
          body: { applicationIds: [id], id_status: STATUS.OFFERED },
        }),
      ),
    ];
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    const seat = await seatRow(first.db, period.id_campus_year, 3);
    expect(seat.taken).toBeLessThanOrEqual(10);
    await expectSeatsAndPlacesConsistent(first.db);
  }, 120_000);
});
