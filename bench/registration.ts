/**
 * The staff's registration review queue at scale (issue 25): 1,000 items waiting for a decision among 100,000
 * applications of one school period (and 20,000 responses already decided), on PGlite and on the PostgreSQL server.
 * As in bench/dashboard.ts, each API request is immediately followed by the same statements run directly (captured
 * from the service once, replayed with the driver alone). Target: list p99 < 50 ms.
 */
import { SUPER_ADMIN_ROLE } from '@openseat/shared/constants';
import { buildAbility } from '@openseat/shared/ability';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/db/seed/demo';
import type { Principal } from '../apps/server/src/modules/auth/auth.principal';
import * as review from '../apps/server/src/modules/registration/review.service';
import { findBenchPeriod, seedApplications, type BenchPeriod } from './applications-data';
import { statementCapture } from './statements';
import { createBenchDatabase, interleaved, percentiles, serverShape, startApi, type Row, type Server } from './harness';

const COUNT = 100_000;
const WAITING = 1_000;
const DECIDED = 20_000;
const BUDGET_MS = 15_000;
const MIN_SAMPLES = 300;

const progress = (what: string) => console.error(`[bench] ${new Date().toISOString().slice(11, 19)} ${what}`);
const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);

/** A checklist of three items in the period, then responses: the oldest WAITING sent, DECIDED more approved. */
async function seedPackets(database: Database, period: BenchPeriod) {
  const run = (text: string) => database.executeSql(text, []);
  await run(`
    INSERT INTO registration_item (id_school, id_campus_year, position, kind, required, labels, settings, version)
    SELECT ${period.id_school}, ${period.id_campus_year}, k, 'deposit', true,
           jsonb_build_object('en', 'Item ' || k, 'es', 'Elemento ' || k), '{}'::jsonb, md5(k::text)
    FROM generate_series(1, 3) AS k`);
  // every application of the period gets a response on one item: the first WAITING waiting, the next DECIDED approved
  await run(`
    INSERT INTO registration_response (id_school, id_application, id_registration_item, state, submitted_at)
    SELECT a.id_school, a.id_application,
           (SELECT min(id_registration_item) FROM registration_item WHERE id_campus_year = ${period.id_campus_year}),
           CASE WHEN a.n <= ${WAITING} THEN 'submitted' ELSE 'approved' END,
           timestamptz '2026-06-01' + a.n * interval '1 minute'
    FROM (SELECT id_school, id_application, row_number() OVER (ORDER BY id_application DESC) AS n
          FROM application WHERE id_campus_year = ${period.id_campus_year}) a
    WHERE a.n <= ${WAITING + DECIDED}`);
  await run(`VACUUM ANALYZE registration_response`);
  await run(`VACUUM ANALYZE registration_item`);
}

async function prepare(kind: 'pglite' | 'postgres', rows: Row[]) {
  const { databaseUrl, dataDir, drop } = await createBenchDatabase(kind, 'reg');
  progress(`${kind}: migrate and seed the demo`);
  const database = await openDatabase({ databaseUrl, dataDir });
  await migrateDatabase(database);
  await seedDemoData(database.db);
  const period = await findBenchPeriod(database);
  progress(`${kind}: seed ${COUNT} applications, ${WAITING} waiting and ${DECIDED} decided responses`);
  const t = performance.now();
  await seedApplications(database, period, COUNT);
  await seedPackets(database, period);
  rows.push([
    `${kind}: registration review data`,
    `${((performance.now() - t) / 1000).toFixed(1)} s`,
    `${COUNT.toLocaleString('en')} applications, ${WAITING} waiting, ${DECIDED.toLocaleString('en')} decided`,
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

export async function benchRegistration(kind: 'pglite' | 'postgres', rows: Row[]) {
  const { databaseUrl, dataDir, period, drop } = await prepare(kind, rows);
  const { logger, capture } = statementCapture();
  const poolSize = databaseUrl ? serverShape(databaseUrl).poolSize : undefined;
  const database = await openDatabase({ databaseUrl, dataDir, logger, poolSize });
  let server: Server | null = null;
  try {
    const caller = await benchCaller(database, period);
    server = await startApi(kind, database, dataDir, databaseUrl);
    const token = await server.signIn('school@demo.openseat.org');
    const get = (p: string) => server!.fetch(p, { headers: { authorization: `Bearer ${token}` } });
    const pages = [
      { name: 'first page of 25', page: 0, pageSize: 25 },
      { name: 'page 20 of 50', page: 19, pageSize: 50 },
    ];
    for (const c of pages) {
      progress(`${kind}: review queue ${c.name}`);
      const query = { id_campus_year: period.id_campus_year, page: c.page, pageSize: c.pageSize };
      const path = `/api/registration/reviews?id_campus_year=${period.id_campus_year}&page=${c.page}&pageSize=${c.pageSize}`;
      const check = (await (await get(path)).json()) as { total: number };
      if (check.total !== WAITING) throw new Error(`queue total ${check.total}, expected ${WAITING}`);
      const statements = await capture(() => review.reviewQueue(database.db as never, caller, query, 'en'));
      const { api, direct } = await interleaved(
        () => get(path),
        async () => {
          for (const st of statements) await database.executeSql(st.query, st.params);
        },
        { budgetMs: BUDGET_MS, minSamples: MIN_SAMPLES },
      );
      const a = percentiles(api);
      const d = percentiles(direct);
      rows.push([
        `${kind}: registration review queue, ${c.name} p50 / p99`,
        `${ms(a.p50)} / ${ms(a.p99)} ms`,
        `SQL ${ms(d.p50)} / ${ms(d.p99)} ms, interleaved; n=${api.length}; target p99 < 50 ms`,
      ]);
    }
  } finally {
    await server?.stop();
    await database.close();
    await drop();
  }
}
