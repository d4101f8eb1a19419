/**
 * The applications pipeline at scale (issues 9 and 22): 100,000 applications in one school period (or
 * `--scale=N`, the server only above 100,000), on PGlite and on the PostgreSQL server. Above 100,000 the measured
 * period holds 100,000 and the rest fill the demo's other periods, as a network grows (`--one-period`: all in the
 * measured one, a stress case).
 * Every API figure stands beside the same statements run directly, interleaved: the statements the service sends
 * are captured once (drizzle's logger) and each API request is immediately followed by their replay with the driver
 * alone, on a pool of the server's size, so both see the same load at the same moment and the ratio is what HTTP,
 * sign-in checks, validation, logging and JSON add to the database's own work.
 * - PGlite belongs to one process: the app runs in this process (buildApp over the same opened database, real HTTP on
 *   a free port) and the replay runs on that database between requests.
 * - The PostgreSQL server: the built server as its own process(es) (one worker per core unless WEB_CONCURRENCY says
 *   otherwise), in production mode (JSON logs at the default level, to /dev/null); the replay uses a pool as large
 *   as one server process's (config.ts: databasePoolSize).
 */
import { buildAbility } from '@openseat/shared/ability';
import { DEFAULT_LIST_STATUSES, LIST_TYPE, STATUS, SUPER_ADMIN_ROLE } from '@openseat/shared/constants';
import type { ApplicationListQuery } from '@openseat/shared/schemas/applications';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/db/seed/demo';
import type { Principal } from '../apps/server/src/modules/auth/auth.principal';
import * as applications from '../apps/server/src/modules/applications/applications.service';
import { moveApplications } from '../apps/server/src/modules/applications/moves.service';
import { installMoveEffects } from '../apps/server/src/modules/move-effects';
import { prepareExport } from '../apps/server/src/modules/exports/exports.service';
import { findBenchPeriod, seedInstallation, type BenchPeriod } from './applications-data';
import { benchConcurrency } from './concurrency';
import { copyOut, copyQueryOf } from './copy';
import { statementCapture, type Statement } from './statements';
import {
  createBenchDatabase,
  interleaved,
  percentiles,
  peakRssMiB,
  resetPeak,
  rssMiB,
  serverShape,
  startApi,
  type Row,
  type Server,
} from './harness';

/** Applications moved per bulk move, and how many moves of each kind (API, in-process service), alternating. */
const BULK = 1000;
const MOVES = 10;
/** Whole exports of each kind (API, COPY), alternating. */
const EXPORTS = 3;
const LIST_TARGET = 'target p99 < 50 ms and <= 2x SQL';

type Case = {
  name: string;
  path: string;
  service: (db: Database['db']) => Promise<unknown>;
  target: string;
};

/** The sections of the applications part; `--cases=exports` (a comma list) runs only those named. */
export const APPLICATION_CASES = ['lists', 'moves', 'exports', 'concurrency'] as const;
export type ApplicationCase = (typeof APPLICATION_CASES)[number];
/**
 * `perPeriod`: how many of the `scale` applications go to the measured period (the rest to the other periods).
 * `rowSecurityAb`: on the server, each list case is also timed on a second server with row-level security off,
 * request for request against the first (on), so both see the machine as it is at that moment.
 */
export type ApplicationsOptions = {
  scale: number;
  perPeriod: number;
  cases: readonly ApplicationCase[];
  rowSecurityAb?: boolean;
};

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

/** The inbox's pages of 25: the middle one costs more than the deep one (the planner reads from the far end). */
async function inboxPages(database: Database, period: BenchPeriod) {
  const { rows } = await database.executeSql(
    `SELECT count(*)::int AS n FROM application
     WHERE id_campus_year = $1 AND deleted_at IS NULL AND id_status = ANY($2::int[])`,
    [period.id_campus_year, DEFAULT_LIST_STATUSES[LIST_TYPE.INBOX]],
  );
  return Math.ceil((rows[0] as { n: number }).n / 25);
}

function listCases(period: BenchPeriod, caller: Principal, gradeId: number, pages: number): Case[] {
  const base = { id_campus: period.id_campus, id_school_year: period.id_school_year };
  const list = (name: string, query: Partial<ApplicationListQuery>, extra: string, target = LIST_TARGET): Case => ({
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
    target,
  });
  const middle = Math.floor(pages / 2);
  const deep = Math.min(2000, pages - 1);
  return [
    list('list: inbox, first page', {}, 'type=1&page=0&pageSize=25'),
    list(
      'list: grade + priority filters',
      { id_grade: gradeId, id_priority_item: 2 },
      `type=1&id_grade=${gradeId}&id_priority_item=2`,
    ),
    list('list: text search "olivia"', { text: 'olivia' }, 'type=1&text=olivia'),
    list('list: text search, no match "zzqxv"', { text: 'zzqxv' }, 'type=1&text=zzqxv', 'target <= 3x SQL'),
    list('list: waiting list, first page', { type: LIST_TYPE.WAITING_LIST }, 'type=3'),
    list(
      `list: inbox, middle page (${middle.toLocaleString('en')} of ${pages.toLocaleString('en')})`,
      { page: middle },
      `type=1&page=${middle}&pageSize=25`,
    ),
    list(`list: inbox, deep page (${deep.toLocaleString('en')})`, { page: deep }, `type=1&page=${deep}&pageSize=25`),
  ];
}

const progress = (what: string) => console.error(`[bench] ${new Date().toISOString().slice(11, 19)} ${what}`);
const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);
const ratio = (api: number, direct: number) => `${(api / direct).toFixed(1)}x`;
const mib = (n: number | null | undefined) => (n == null ? '?' : `${n.toFixed(0)} MiB`);

/** Prepares a database with the demo and `count` more applications; answers how to open it again. */
async function prepare(kind: 'pglite' | 'postgres', { scale: count, perPeriod }: ApplicationsOptions, rows: Row[]) {
  const { databaseUrl, dataDir, drop } = await createBenchDatabase(kind, 'apps');
  progress(`${kind}: migrate and seed the demo`);
  const database = await openDatabase({ databaseUrl, dataDir });
  await migrateDatabase(database);
  await seedDemoData(database.db);
  const period = await findBenchPeriod(database);
  progress(`${kind}: seed ${count} applications`);
  const t = performance.now();
  await seedInstallation(database, period, count, perPeriod);
  rows.push([
    `${kind}: seed ${count.toLocaleString('en')} applications`,
    `${((performance.now() - t) / 1000).toFixed(1)} s`,
    `generate_series + history rows; ${Math.min(count, perPeriod).toLocaleString('en')} in the measured period${count > perPeriod ? ', the rest in the other periods' : ''}`,
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

export async function benchApplications(kind: 'pglite' | 'postgres', rows: Row[], options: ApplicationsOptions) {
  const { scale, cases: sections } = options;
  if (kind === 'pglite' && scale > 100_000) {
    rows.push([`pglite: applications at ${scale.toLocaleString('en')}`, 'skipped', 'above 100,000: the server only']);
    return;
  }
  const { databaseUrl, dataDir, period, drop } = await prepare(kind, options, rows);
  const { logger, capture } = statementCapture();
  // on the server: a pool of one server process's size; on PGlite: the database the app runs on
  const poolSize = databaseUrl ? serverShape(databaseUrl).poolSize : undefined;
  const database = await openDatabase({ databaseUrl, dataDir, logger, poolSize });
  const replay = async (statements: Statement[]) => {
    for (const s of statements) await database.executeSql(s.query, s.params);
  };
  let server: Server | null = null;
  try {
    const caller = await benchCaller(database, period);
    const { rows: grades } = await database.executeSql(
      `SELECT id_grade FROM campus_year_grade WHERE id_campus_year = $1 ORDER BY id_grade LIMIT 1`,
      [period.id_campus_year],
    );
    const cases = listCases(
      period,
      caller,
      (grades[0] as { id_grade: number }).id_grade,
      await inboxPages(database, period),
    );
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
      target: 'target p99 < 50 ms',
    });

    progress(`${kind}: start the API`);
    server = await startApi(kind, database, dataDir, databaseUrl, { DATABASE_ROW_SECURITY: 'on' });
    const auth: Record<string, string> = {};
    // a fresh access token for each section: a run on a million applications outlives one token's lifetime
    const signIn = async () => {
      auth.authorization = `Bearer ${await server!.signIn('school@demo.openseat.org')}`;
    };
    await signIn();
    const get = (p: string) => server!.get(p, auth);

    // the first request of each case after the start, before anything warmed its code or its plan
    const cold = new Map<string, number>();
    const timed = sections.includes('lists') ? cases : [];
    for (const c of timed) {
      const t = performance.now();
      await get(c.path);
      cold.set(c.name, performance.now() - t);
    }
    for (const c of timed) {
      progress(`${kind}: ${c.name}`);
      await signIn();
      const statements = await capture(() => c.service(database.db));
      const { api, direct } = await interleaved(
        () => get(c.path),
        () => replay(statements),
      );
      const a = percentiles(api);
      const d = percentiles(direct);
      rows.push([
        `${kind}: ${c.name} p50 / p95 / p99`,
        `${ms(a.p50)} / ${ms(a.p95)} / ${ms(a.p99)} ms`,
        `SQL ${ms(d.p50)} / ${ms(d.p95)} / ${ms(d.p99)} ms (${statements.length} statements); ratio p50 ${ratio(a.p50, d.p50)}, p99 ${ratio(a.p99, d.p99)}; n=${api.length}${api.length < 1000 ? ' (slow case)' : ''}; first request ${ms(cold.get(c.name)!)} ms; ${c.target}`,
      ]);
    }
    if (kind === 'postgres' && options.rowSecurityAb && timed.length)
      await rowSecurityAb(database, dataDir, databaseUrl!, server, timed, rows);

    await signIn();
    if (sections.includes('moves')) await bulkMoves(kind, database, server, auth, caller, period, rows);
    await signIn();
    if (sections.includes('exports'))
      await exports(kind, database, databaseUrl, server, auth, caller, period, rows, capture);
    if (kind === 'postgres' && sections.includes('concurrency')) {
      await signIn();
      const inbox = cases[0];
      await benchConcurrency(
        {
          server,
          databaseUrl: databaseUrl!,
          path: inbox.path,
          auth,
          statements: await capture(() => inbox.service(database.db)),
        },
        rows,
      );
    }
  } finally {
    await server?.stop();
    await database.close();
    await drop();
  }
}

/**
 * Each list case on the server with row-level security on (`on`, the bench's server) and off (a second server on the
 * same database), request for request, the order swapped every pair: what the policies cost, on one machine state.
 */
async function rowSecurityAb(
  database: Database,
  dataDir: string,
  databaseUrl: string,
  on: Server,
  cases: Case[],
  rows: Row[],
) {
  progress('postgres: start a second API, row-level security off');
  const off = await startApi('postgres', database, dataDir, databaseUrl, { DATABASE_ROW_SECURITY: 'off' });
  try {
    const authOf = async (server: Server) => ({
      authorization: `Bearer ${await server.signIn('school@demo.openseat.org')}`,
    });
    for (const c of cases) {
      progress(`postgres: RLS on / off: ${c.name}`);
      const [onAuth, offAuth] = [await authOf(on), await authOf(off)];
      const sides = [
        { get: () => on.get(c.path, onAuth), times: [] as number[] },
        { get: () => off.get(c.path, offAuth), times: [] as number[] },
      ];
      // untimed: the second server's first requests plan and cache what the first server's already have
      for (let i = 0; i < 20; i++) for (const side of sides) await side.get();
      let pair = 0;
      // interleaved's two sides are the first and the second of each pair: on first in even pairs, off in odd ones
      const run = async (position: 0 | 1) => {
        const side = sides[(pair + position) % 2];
        const t = performance.now();
        await side.get();
        side.times.push(performance.now() - t);
        if (position === 1) pair++;
      };
      await interleaved(
        () => run(0),
        () => run(1),
        { warmUp: 0 },
      );
      const [a, b] = sides.map((side) => percentiles(side.times));
      rows.push([
        `postgres: ${c.name}, RLS on / off p50 / p99`,
        `${ms(a.p50)} / ${ms(a.p99)} vs ${ms(b.p50)} / ${ms(b.p99)} ms`,
        `on/off p50 ${ratio(a.p50, b.p50)}, p99 ${ratio(a.p99, b.p99)}; n=${sides[0].times.length} each, the order swapped each pair`,
      ]);
    }
  } finally {
    await off.stop();
  }
}

/** MOVES bulk moves of BULK different applied applications through the API, each followed by one in-process. */
async function bulkMoves(
  kind: string,
  database: Database,
  server: Server,
  auth: Record<string, string>,
  caller: Principal,
  period: BenchPeriod,
  rows: Row[],
) {
  progress(`${kind}: bulk moves`);
  const ids = await appliedIds(database, period, BULK * MOVES * 2, 0);
  // a small --scale has fewer to move
  const moves = Math.floor(ids.length / (2 * BULK));
  if (!moves) throw new Error(`only ${ids.length} applied applications to move`);
  // the move to contacted matches no template of the bench's data, so it queues no message: a job would be a bug
  const jobs = { enqueue: () => Promise.reject(new Error('the direct bench move queued a message job')) };
  // as the server does at start-up: the move's messages, notifications and conversions run in its transaction
  installMoveEffects();
  const api: number[] = [];
  const direct: number[] = [];
  let movedByApi = 0;
  for (let i = 0; i < moves; i++) {
    const batch = (k: number) => ids.slice((2 * i + k) * BULK, (2 * i + k + 1) * BULK);
    let t = performance.now();
    const res = await server.fetch('/api/application/status', {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ applicationIds: batch(0), id_status: STATUS.CONTACTED }),
    });
    const body = (await res.json()) as { data?: unknown[] };
    api.push(performance.now() - t);
    if (!res.ok) throw new Error(`bulk move: ${res.status}`);
    movedByApi += body.data?.length ?? 0;
    t = performance.now();
    await moveApplications({ db: database.db, jobs }, caller, {
      applicationIds: batch(1),
      id_status: STATUS.CONTACTED,
    });
    direct.push(performance.now() - t);
  }
  const a = percentiles(api);
  const d = percentiles(direct);
  rows.push([
    `${kind}: bulk move of ${BULK} (applied -> contacted) p50 / max of ${moves}`,
    `${ms(a.p50)} / ${ms(a.max)} ms`,
    `${movedByApi.toLocaleString('en')} moved by the API; in-process service ${ms(d.p50)} / ${ms(d.max)} ms, interleaved; target < 1 s`,
  ]);
}

/**
 * EXPORTS whole CSV exports of the period through the API, each followed by PostgreSQL's COPY of the same join:
 * rows/s of each, and the peak memory during each phase (reset before it: /proc/<pid>/clear_refs).
 */
async function exports(
  kind: string,
  database: Database,
  databaseUrl: string | null,
  server: Server,
  auth: Record<string, string>,
  caller: Principal,
  period: BenchPeriod,
  rows: Row[],
  capture: (run: () => Promise<unknown>) => Promise<Statement[]>,
) {
  progress(`${kind}: exports`);
  const query = { type: LIST_TYPE.SCHOOL_APPS, id_campus: period.id_campus, id_school_year: period.id_school_year };
  // the statement of one window of the export, read through the service, becomes COPY's query
  const statements = await capture(async () => {
    const prepared = await prepareExport(database.db, caller, { ...query, format: 'application' } as never, 'en');
    for await (const _window of prepared.batches) break;
  });
  const window = statements.find((s) => s.query.includes('string_agg(row('));
  if (!window) throw new Error('the export sent no window statement');
  const select = copyQueryOf(window);
  const path = `/api/application/export?type=${query.type}&id_campus=${query.id_campus}&id_school_year=${query.id_school_year}&format=application`;
  const api: Array<{ rate: number; rows: number; peak: number; before: number }> = [];
  const copy: Array<{ rate: number; rows: number; peak: number | null }> = [];
  for (let i = 0; i < EXPORTS; i++) {
    const pids = server.pids();
    const resident = pids.map((p) => rssMiB(p) ?? 0);
    for (const p of pids) resetPeak(p);
    let t = performance.now();
    const res = await server.fetch(path, { headers: auth });
    if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
      for (let k = 0; k < chunk.length; k++) if (chunk[k] === 10) lines++;
    let seconds = (performance.now() - t) / 1000;
    // the process that served it is the one whose peak grew most
    const peaks = pids.map((p) => peakRssMiB(p) ?? 0);
    const served = peaks.reduce((best, peak, k) => (peak - resident[k] > peaks[best] - resident[best] ? k : best), 0);
    const [peak, before] = [peaks[served], resident[served]];
    api.push({ rate: (lines - 1) / seconds, rows: lines - 1, peak, before });
    resetPeak(process.pid);
    t = performance.now();
    const copied = await copyOut(database, databaseUrl, select);
    seconds = (performance.now() - t) / 1000;
    copy.push({ rate: copied.rows / seconds, rows: copied.rows, peak: peakRssMiB(process.pid) });
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const apiRate = median(api.map((x) => x.rate));
  const copyRate = median(copy.map((x) => x.rate));
  const rate = (r: number) => `${Math.round(r).toLocaleString('en')} rows/s`;
  rows.push([
    `${kind}: CSV export of the period (${api[0].rows.toLocaleString('en')} rows), median of ${EXPORTS}`,
    `${rate(apiRate)}, ${((apiRate / copyRate) * 100).toFixed(0)}% of COPY`,
    `COPY of the same join ${rate(copyRate)} (${copy[0].rows.toLocaleString('en')} rows); target >= 60% of COPY`,
  ]);
  rows.push([
    `${kind}: export memory, peak during each export`,
    api.map((x) => mib(x.peak)).join(', '),
    `${kind === 'pglite' ? 'the bench process (app in-process)' : 'the server process that served it'}; resident before: ${api.map((x) => mib(x.before)).join(', ')}${kind === 'pglite' ? `; during COPY: ${copy.map((x) => mib(x.peak)).join(', ')}` : ''}; target flat`,
  ]);
}
