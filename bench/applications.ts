/**
 * The applications pipeline at scale (issue 9): 100,000 applications in one school period, on PGlite and on
 * the PostgreSQL server. Each API figure stands beside the same statements run directly on the same database:
 * the statements the service sends are captured once (drizzle's logger) and replayed with the driver alone,
 * so the ratio is what HTTP, sign-in checks, validation and JSON add to the database's own work.
 */
import { buildAbility } from '@openseat/shared/ability';
import { LIST_TYPE, STATUS, SUPER_ADMIN_ROLE } from '@openseat/shared/constants';
import type { ApplicationListQuery } from '@openseat/shared/schemas/applications';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/db/seed/demo';
import type { Principal } from '../apps/server/src/modules/auth/auth.principal';
import * as applications from '../apps/server/src/modules/applications/applications.service';
import { moveApplications } from '../apps/server/src/modules/applications/moves.service';
import { installMoveEffects } from '../apps/server/src/modules/move-effects';
import { prepareExport } from '../apps/server/src/modules/exports/exports.service';
import { findBenchPeriod, seedApplications, type BenchPeriod } from './applications-data';
import {
  createBenchDatabase,
  peakRssMiB,
  percentiles,
  READ_WARM_UP,
  startServer,
  timeEach,
  type Row,
  type Server,
} from './harness';

const COUNT = 100_000;
const SAMPLES = 100;
const BULK = 1000;

type Statement = { query: string; params: unknown[] };
type Case = { name: string; path: string; service: (db: Database['db']) => Promise<unknown> };

/** The school admin of the bench school, as the services see a caller (every right, the school's scope). */
async function benchCaller(database: Database, period: BenchPeriod): Promise<Principal> {
  const { rows } = await database.executeSql(`SELECT id_user FROM "user" WHERE email = 'school@demo.openseat.org'`, []);
  const id_user = (rows[0] as { id_user: number }).id_user;
  return {
    id_user,
    scope: { id_school: period.id_school, campusIds: null },
    ability: buildAbility({ roleName: SUPER_ADMIN_ROLE, rules: [] }),
  } as Principal;
}

function listCases(period: BenchPeriod, caller: Principal, gradeId: number): Case[] {
  const base = { id_campus: period.id_campus, id_school_year: period.id_school_year };
  const list = (name: string, query: Partial<ApplicationListQuery>, extra: string): Case => ({
    name,
    path: `/api/application?id_campus=${base.id_campus}&id_school_year=${base.id_school_year}&${extra}`,
    service: (db) =>
      applications.listApplications(db as never, caller, {
        type: LIST_TYPE.INBOX,
        page: 0,
        pageSize: 25,
        ...base,
        ...query,
      } as ApplicationListQuery),
  });
  return [
    list('list: inbox, first page', {}, 'type=1&page=0&pageSize=25'),
    list(
      'list: grade + priority filters',
      { id_grade: gradeId, id_priority_item: 2 },
      `type=1&id_grade=${gradeId}&id_priority_item=2`,
    ),
    list('list: text search "olivia"', { text: 'olivia' }, 'type=1&text=olivia'),
    list('list: waiting list, first page', { type: LIST_TYPE.WAITING_LIST }, 'type=3'),
    list('list: inbox, deep page (2,000)', { page: 2000 }, 'type=1&page=2000&pageSize=25'),
  ];
}

/** The statements one call of the service sends, in order. */
async function capture(database: Database, captured: Statement[], run: () => Promise<unknown>) {
  captured.length = 0;
  await run();
  return captured.splice(0);
}

async function replay(database: Database, statements: Statement[]) {
  for (const s of statements) await database.executeSql(s.query, s.params);
}

const progress = (what: string) => console.error(`[bench] ${new Date().toISOString().slice(11, 19)} ${what}`);
const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);
const ratio = (api: number, direct: number) => `${(api / direct).toFixed(1)}x`;

/** Prepares a database with the demo and COUNT more applications; answers how to open it again. */
async function prepare(kind: 'pglite' | 'postgres', rows: Row[]) {
  const { databaseUrl, dataDir, drop } = await createBenchDatabase(kind, 'apps');
  progress(`${kind}: migrate and seed the demo`);
  const database = await openDatabase({ databaseUrl, dataDir });
  await migrateDatabase(database);
  await seedDemoData(database.db);
  const period = await findBenchPeriod(database);
  progress(`${kind}: seed ${COUNT} applications`);
  const t = performance.now();
  await seedApplications(database, period, COUNT);
  rows.push([
    `${kind}: seed ${COUNT.toLocaleString('en')} applications`,
    `${((performance.now() - t) / 1000).toFixed(1)} s`,
    'generate_series + history rows',
  ]);
  await database.close();
  return { databaseUrl, dataDir, period, drop };
}

/** Ids of `n` applied applications of the period, after `skip` of them. */
async function appliedIds(database: Database, period: BenchPeriod, n: number, skip: number) {
  const { rows } = await database.executeSql(
    `SELECT id_application FROM application WHERE id_campus_year = $1 AND id_status = $2 AND deleted_at IS NULL
     ORDER BY id_application LIMIT $3 OFFSET $4`,
    [period.id_campus_year, STATUS.APPLIED, n, skip],
  );
  return rows.map((r) => (r as { id_application: number }).id_application);
}

export async function benchApplications(kind: 'pglite' | 'postgres', rows: Row[]) {
  const { databaseUrl, dataDir, period, drop } = await prepare(kind, rows);
  const captured: Statement[] = [];
  const logger = { logQuery: (query: string, params: unknown[]) => void captured.push({ query, params }) };
  let server: Server | null = null;
  try {
    // 1. the database alone: replay what each service call sends (PGlite allows one process at a time)
    const database = await openDatabase({ databaseUrl, dataDir, logger });
    const caller = await benchCaller(database, period);
    const { rows: grades } = await database.executeSql(
      `SELECT id_grade FROM campus_year_grade WHERE id_campus_year = $1 ORDER BY id_grade LIMIT 1`,
      [period.id_campus_year],
    );
    const cases = listCases(period, caller, (grades[0] as { id_grade: number }).id_grade);
    const { rows: sample } = await database.executeSql(
      `SELECT id_application FROM application WHERE id_campus_year = $1 ORDER BY id_application DESC LIMIT 1 OFFSET 5000`,
      [period.id_campus_year],
    );
    const detailId = (sample[0] as { id_application: number }).id_application;
    cases.push({
      name: 'detail',
      path: `/api/application/${detailId}`,
      // what the route runs: the read, and its row in the audit log
      service: (db) => applications.viewApplication(db, caller, detailId),
    });
    const direct = new Map<string, number[]>();
    for (const c of cases) {
      progress(`${kind}: direct ${c.name}`);
      const statements = await capture(database, captured, () => c.service(database.db));
      direct.set(c.name, await timeEach(SAMPLES, () => replay(database, statements), READ_WARM_UP));
    }
    // the bulk move run in-process: the service's own statements, no HTTP
    const directMoveIds = await appliedIds(database, period, BULK, 0);
    const apiMoveIds = await appliedIds(database, period, BULK, BULK);
    progress(`${kind}: direct bulk move`);
    const t = performance.now();
    // the move to contacted matches no template of the bench's data, so it queues no message: a job would be a bug
    const jobs = {
      enqueue: () => Promise.reject(new Error('the direct bench move queued a message job')),
    };
    // as the server does at start-up: the move's messages, notifications and conversions run in its transaction
    installMoveEffects();
    await moveApplications({ db: database.db, jobs }, caller, {
      applicationIds: directMoveIds,
      id_status: STATUS.CONTACTED,
    });
    const directMove = performance.now() - t;
    progress(`${kind}: direct export`);
    const exportQuery = {
      type: LIST_TYPE.SCHOOL_APPS,
      id_campus: period.id_campus,
      id_school_year: period.id_school_year,
    };
    const e = performance.now();
    const prepared = await prepareExport(database.db, caller, { ...exportQuery, format: 'application' } as never, 'en');
    let directRows = 0;
    for await (const _row of prepared.rows) directRows++;
    const directExport = performance.now() - e;
    await database.close();

    // 2. the same through the API
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? undefined });
    const token = await server.signIn('school@demo.openseat.org');
    const get = (p: string) => server!.fetch(p, { headers: { authorization: `Bearer ${token}` } });
    for (const c of cases) {
      progress(`${kind}: API ${c.name}`);
      const api = percentiles(await timeEach(SAMPLES, () => get(c.path), READ_WARM_UP));
      const db = percentiles(direct.get(c.name)!);
      rows.push([
        `${kind}: ${c.name} p50 / p99`,
        `${ms(api.p50)} / ${ms(api.p99)} ms`,
        `direct SQL ${ms(db.p50)} / ${ms(db.p99)} ms; p99 ratio ${ratio(api.p99, db.p99)}`,
      ]);
    }
    const m0 = performance.now();
    const moved = await server.fetch('/api/application/status', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ applicationIds: apiMoveIds, id_status: STATUS.CONTACTED }),
    });
    const apiMove = performance.now() - m0;
    const movedBody = (await moved.json()) as { data?: unknown[] };
    rows.push([
      `${kind}: bulk move of ${BULK} (applied -> contacted)`,
      `${ms(apiMove)} ms`,
      `${movedBody.data?.length ?? 0} moved; in-process service ${ms(directMove)} ms; target < 1 s`,
    ]);
    progress(`${kind}: API export`);
    const before = peakRssMiB(server.pid);
    const x0 = performance.now();
    const csv = await server.fetch(
      `/api/application/export?type=${exportQuery.type}&id_campus=${exportQuery.id_campus}&id_school_year=${exportQuery.id_school_year}&format=application`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    if (!csv.ok || !csv.body) throw new Error(`export: ${csv.status}`);
    let lines = 0;
    const decoder = new TextDecoder();
    for await (const chunk of csv.body as unknown as AsyncIterable<Uint8Array>)
      lines += (decoder.decode(chunk, { stream: true }).match(/\n/g) ?? []).length;
    const exportSeconds = (performance.now() - x0) / 1000;
    const after = peakRssMiB(server.pid);
    const exported = lines - 1;
    rows.push([
      `${kind}: CSV export of the period (${exported.toLocaleString('en')} rows)`,
      `${ms(exportSeconds)} s, ${Math.round(exported / exportSeconds).toLocaleString('en')} rows/s`,
      `peak RSS ${before?.toFixed(0)} -> ${after?.toFixed(0)} MiB; direct (service rows, no HTTP) ${ms(directExport / 1000)} s for ${directRows.toLocaleString('en')} rows; target > 50,000 rows/s`,
    ]);
  } finally {
    await server?.stop();
    await drop();
  }
}
