/**
 * The dashboard at scale (issue 12): every dashboard endpoint over 100,000 applications and 500,000 status-history
 * rows in one school period, on PGlite and on the PostgreSQL server. As in bench/applications.ts, each API request is
 * immediately followed by the same statements run directly (captured from the service once, replayed with the driver
 * alone): the app in this process on PGlite, the built server's processes on the server.
 * The bench's applications were created from 2025-11-01 over a year, so "this year" counts most of the history:
 * the worst window.
 */
import { SUPER_ADMIN_ROLE } from '@openseat/shared/constants';
import { buildAbility } from '@openseat/shared/ability';
import type { DashboardPeriod } from '@openseat/shared/schemas/dashboard';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/db/seed/demo';
import type { Principal } from '../apps/server/src/modules/auth/auth.principal';
import * as dashboard from '../apps/server/src/modules/dashboard/dashboard.service';
import { findBenchPeriod, seedApplications, type BenchPeriod } from './applications-data';
import { statementCapture } from './statements';
import {
  createBenchDatabase,
  drain,
  interleaved,
  percentiles,
  serverShape,
  startApi,
  type Row,
  type Server,
} from './harness';

const COUNT = 100_000;
const HISTORY = 500_000;
/** Time for each endpoint's pairs (API then SQL): up to 1,000, fewer (never under MIN_SAMPLES) when slow. */
const BUDGET_MS = 15_000;
const MIN_SAMPLES = 200;

type Case = { name: string; path: string; service: (db: Database['db']) => Promise<unknown> };

const progress = (what: string) => console.error(`[bench] ${new Date().toISOString().slice(11, 19)} ${what}`);
const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);

/**
 * More history, up to HISTORY rows in all: moves lead -> contacted and back between each application's first row
 * and its last, and an ad platform on 12% of the applications (fbPixel and googleAds alternating).
 */
export async function seedHistory(database: Database, period: BenchPeriod) {
  const run = (text: string) => database.executeSql(text, []);
  // bulk load with the rollup's triggers off, then one rebuild (as a restore or an import would)
  await run(`ALTER TABLE application_status DISABLE TRIGGER dashboard_history`);
  await run(`ALTER TABLE application DISABLE TRIGGER dashboard_application`);
  const { rows } = await run(`SELECT count(*)::int AS n FROM application_status`);
  const missing = HISTORY - Number((rows[0] as { n: number }).n);
  await run(`
    INSERT INTO application_status (id_school, id_application, id_status, id_status_from, read, created_at)
    SELECT a.id_school, a.id_application, CASE WHEN k % 2 = 1 THEN 2 ELSE 1 END, CASE WHEN k % 2 = 1 THEN 1 ELSE 2 END,
           true, a.created_at + k * interval '7 hours'
    FROM application a CROSS JOIN generate_series(1, 4) AS k
    WHERE a.id_campus_year = ${period.id_campus_year}
    ORDER BY k, a.id_application
    LIMIT ${Math.max(0, missing)}`);
  await run(`
    UPDATE application SET platform = 1 + id_application % 2
    WHERE id_campus_year = ${period.id_campus_year} AND id_application % 25 < 3`);
  await run(`ALTER TABLE application_status ENABLE TRIGGER dashboard_history`);
  await run(`ALTER TABLE application ENABLE TRIGGER dashboard_application`);
  await run(`SELECT dashboard_rebuild()`);
  await run(`VACUUM ANALYZE dashboard_count`);
  await run(`VACUUM ANALYZE application`);
  await run(`VACUUM ANALYZE application_status`);
}

async function prepare(kind: 'pglite' | 'postgres', rows: Row[]) {
  const { databaseUrl, dataDir, drop } = await createBenchDatabase(kind, 'dash');
  progress(`${kind}: migrate and seed the demo`);
  const database = await openDatabase({ databaseUrl, dataDir });
  await migrateDatabase(database);
  await seedDemoData(database.db);
  const period = await findBenchPeriod(database);
  progress(`${kind}: seed ${COUNT} applications and ${HISTORY} history rows`);
  const t = performance.now();
  await database.executeSql(`ALTER TABLE application_status DISABLE TRIGGER dashboard_history`, []);
  await seedApplications(database, period, COUNT);
  await seedHistory(database, period);
  const { rows: counts } = await database.executeSql(
    `SELECT (SELECT count(*) FROM application)::int AS apps, (SELECT count(*) FROM application_status)::int AS history`,
    [],
  );
  const { apps, history } = counts[0] as { apps: number; history: number };
  rows.push([
    `${kind}: dashboard data`,
    `${((performance.now() - t) / 1000).toFixed(1)} s`,
    `${apps.toLocaleString('en')} applications, ${history.toLocaleString('en')} history rows`,
  ]);
  await database.close();
  return { databaseUrl, dataDir, period, drop };
}

async function benchCaller(database: Database, period: BenchPeriod): Promise<Principal> {
  const { rows } = await database.executeSql(`SELECT id_user FROM "user" WHERE email = 'school@demo.openseat.org'`, []);
  return {
    id_user: (rows[0] as { id_user: number }).id_user,
    scope: { id_school: period.id_school, campusIds: null },
    ability: buildAbility({ roleName: SUPER_ADMIN_ROLE, rules: [] }),
  } as Principal;
}

function cases(period: BenchPeriod, caller: Principal): Case[] {
  const scope = { id_campus: period.id_campus, id_school_year: period.id_school_year };
  const qs = `id_campus=${scope.id_campus}&id_school_year=${scope.id_school_year}`;
  const metric = (name: string, route: 'items' | 'leads' | 'ads', p: DashboardPeriod): Case => ({
    name: `${route} (${p})`,
    path: `/api/dashboard/${route}?${qs}&period=${p}`,
    service: (db) => {
      const service = route === 'items' ? dashboard.metrics : route === 'leads' ? dashboard.funnel : dashboard.ads;
      return service(db as never, caller, { ...scope, period: p });
    },
  });
  return [
    metric('items', 'items', 'this_month'),
    metric('items', 'items', 'last_semester'),
    metric('items', 'items', 'this_year'),
    metric('leads', 'leads', 'this_year'),
    metric('ads', 'ads', 'this_year'),
    {
      name: 'applications (status chart)',
      path: `/api/dashboard/applications?${qs}`,
      service: (db) => dashboard.statusChart(db as never, caller, scope),
    },
    {
      name: 'bars-data (2025 vs 2026)',
      path: `/api/dashboard/bars-data?id_campus=${period.id_campus}&year1=2025&year2=2026`,
      service: (db) => dashboard.bars(db as never, caller, { id_campus: period.id_campus, year1: 2025, year2: 2026 }),
    },
    {
      name: 'user widgets',
      path: '/api/user/dashboard/items',
      service: (db) => dashboard.userItems(db as never, caller),
    },
  ];
}

export async function benchDashboard(kind: 'pglite' | 'postgres', rows: Row[]) {
  const { databaseUrl, dataDir, period, drop } = await prepare(kind, rows);
  const { logger, capture } = statementCapture();
  // on the server: a pool of one server process's size; on PGlite: the database the app runs on
  const poolSize = databaseUrl ? serverShape(databaseUrl).poolSize : undefined;
  const database = await openDatabase({ databaseUrl, dataDir, logger, poolSize });
  let server: Server | null = null;
  try {
    const all = cases(period, await benchCaller(database, period));
    server = await startApi(kind, database, dataDir, databaseUrl);
    const token = await server.signIn('school@demo.openseat.org');
    const get = (p: string) => server!.fetch(p, { headers: { authorization: `Bearer ${token}` } });
    // the first request of each endpoint after the start
    const cold = new Map<string, number>();
    for (const c of all) {
      const t = performance.now();
      await drain(await get(c.path));
      cold.set(c.name, performance.now() - t);
    }
    for (const c of all) {
      progress(`${kind}: ${c.name}`);
      const statements = await capture(() => c.service(database.db));
      // each API request immediately followed by the same statements run directly
      const { api, direct } = await interleaved(
        () => get(c.path),
        async () => {
          for (const st of statements) await database.executeSql(st.query, st.params);
        },
        { budgetMs: BUDGET_MS, minSamples: MIN_SAMPLES },
      );
      const a = percentiles(api);
      const db = percentiles(direct);
      rows.push([
        `${kind}: dashboard ${c.name} p50 / p99`,
        `${ms(a.p50)} / ${ms(a.p99)} ms`,
        `SQL ${ms(db.p50)} / ${ms(db.p99)} ms, interleaved; n=${api.length}${api.length < 1000 ? ' (slow case)' : ''}; first request ${ms(cold.get(c.name)!)} ms; target p99 < 100 ms`,
      ]);
    }
  } finally {
    await server?.stop();
    await database.close();
    await drop();
  }
}
