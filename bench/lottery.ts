/**
 * The lottery at scale (issues 10 and 22): 10,000 applied applications (`--lottery-count=N`) over 13 grades in one
 * started school period of a lottery campus, on PGlite and on the PostgreSQL server. Measures
 * `POST /api/application/lottery` (the draw and all its writes: moves, history rows, seats, the record) 5 times
 * (`--lottery-runs=N`), each on a fresh copy of the seeded database, its lottery frozen on dice first (untimed), with
 * the answer's size; on the first copy also the practice runs staff make before a public draw
 * (`POST /api/lottery/practice`), the release of the held offers,
 * the record's summary and the verification re-run (`GET /api/lottery/:id/verify`); and beside them the pure
 * `draw()` in-process on the same inputs (the "direct" figure: what the algorithm itself costs), and
 * `scripts/verify-lottery.mjs` on a v2 record of those inputs (BLS check of a real drand round included).
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { STATUS } from '@openseat/shared/constants';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/db/seed/demo';
import { BEACON_CHAINS, roundTime } from '../apps/server/src/modules/lottery/lottery.beacon';
import { lotteryRecordCsv } from '../apps/server/src/modules/lottery/lottery.csv';
import {
  draw,
  inputsHash,
  resultHash,
  seedHash,
  type DrawEntry,
  type DrawInputs,
} from '../apps/server/src/modules/lottery/lottery.draw';
import { logFile, nextEntry } from '../apps/server/src/modules/lottery/lottery.log-chain';
import { LOTTERY_ALGORITHM_V2, seedOf, sourceLine } from '../apps/server/src/modules/lottery/lottery.seed';
import { familiesOf } from '../apps/server/src/modules/applications/siblings.service';
import { freezeOnDice, type LotteryCall } from '../apps/server/src/test/lottery-draw';
import { createBenchDatabase, percentiles, startServer, timeEach, type Row, type Server } from './harness';

const GRADES = 13;
/** Free seats per grade: about 1 in 20 applicants gets one. */
const SEATS = 40;

type LotteryPeriod = { id_school: number; id_campus: number; id_campus_year: number; id_school_year: number };

const progress = (what: string) => console.error(`[bench] ${new Date().toISOString().slice(11, 19)} ${what}`);
const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);

/**
 * The started period with the most grades, made a lottery period: lottery campus, sibling priority, a weight, its
 * applications closed.
 */
export async function lotteryPeriod(database: Database): Promise<{ period: LotteryPeriod; grades: number[] }> {
  const { rows } = await database.executeSql(
    `SELECT cy.id_school, cy.id_campus, cy.id_campus_year, cy.id_school_year
     FROM campus_year cy
     WHERE cy.state = 'started'
     ORDER BY (SELECT count(*) FROM campus_year_grade g WHERE g.id_campus_year = cy.id_campus_year) DESC,
              cy.id_campus_year
     LIMIT 1`,
    [],
  );
  if (!rows.length) throw new Error('no started school period: seed the demo first');
  const period = rows[0] as LotteryPeriod;
  const { rows: gradeRows } = await database.executeSql(
    `SELECT g.id_grade FROM campus_year_grade g JOIN grade c ON c.id_grade = g.id_grade
     WHERE g.id_campus_year = $1 ORDER BY c.position LIMIT ${GRADES}`,
    [period.id_campus_year],
  );
  const grades = gradeRows.map((r) => (r as { id_grade: number }).id_grade);
  if (grades.length < GRADES) throw new Error(`the bench period has ${grades.length} grades, not ${GRADES}`);
  await database.executeSql(`UPDATE campus_configuration SET is_lottery_campus = true WHERE id_campus = $1`, [
    period.id_campus,
  ]);
  // applications closed two days ago: a real draw needs a freeze, and a freeze needs the applications closed
  await database.executeSql(
    `UPDATE campus_year SET sibling_priority = true, enrollment_end_date = current_date - 2 WHERE id_campus_year = $1`,
    [period.id_campus_year],
  );
  await database.executeSql(
    `UPDATE campus_priority SET weight = 2
     WHERE id_campus = $1 AND id_priority_item = (SELECT min(id_priority_item) FROM campus_priority WHERE id_campus = $1)`,
    [period.id_campus],
  );
  await database.executeSql(
    `UPDATE campus_year_grade SET spots = taken + ${SEATS} WHERE id_campus_year = $1 AND id_grade = ANY($2::int[])`,
    [period.id_campus_year, grades],
  );
  return { period, grades };
}

/** `count` applied applications over the grades (applicants, lead + applied history rows); every 25th shares a guardian. */
export async function seedApplied(database: Database, period: LotteryPeriod, grades: number[], count: number) {
  const run = (text: string) => database.executeSql(text, []);
  const { rows } = await run(`SELECT coalesce(max(id_applicant), 0) AS a FROM applicant`);
  const after = Number((rows[0] as { a: number }).a);
  await run(`
    INSERT INTO applicant (id_school, first_name, last_name, email, phone_number, date_of_birth,
                           guardian_name, guardian_email, guardian_phone_number)
    SELECT ${period.id_school}, 'Lottery ' || i, 'Bench', 'family' || i || '@lottery.openseat.org',
           '+1602' || lpad((i % 10000000)::text, 7, '0'), date '2015-01-01' + (i % 3000), 'Guardian ' || i,
           'guardian' || (CASE WHEN i % 25 = 0 THEN i - 1 ELSE i END) || '@lottery.openseat.org',
           '+1520' || lpad((i % 10000000)::text, 7, '0')
    FROM generate_series(1, ${count}) AS i`);
  await run(`
    WITH base AS (SELECT coalesce(max(correlative), 0) AS c FROM application WHERE id_school = ${period.id_school}),
    fresh AS (
      SELECT id_applicant, row_number() OVER (ORDER BY id_applicant) AS i FROM applicant WHERE id_applicant > ${after}
    )
    INSERT INTO application (id_school, id_campus, id_campus_year, id_school_year, correlative, id_applicant,
                             id_grade, id_priority_item, id_status, read, created_at, updated_at)
    SELECT ${period.id_school}, ${period.id_campus}, ${period.id_campus_year}, ${period.id_school_year},
           base.c + fresh.i, fresh.id_applicant,
           (ARRAY[${grades.join(',')}])[1 + fresh.i % ${grades.length}],
           CASE WHEN fresh.i % 3 = 0 THEN NULL ELSE 1 + fresh.i % 4 END,
           ${STATUS.APPLIED}, true,
           timestamptz '2025-11-01 12:00:00+00' + (fresh.i % 600) * interval '1 minute', now()
    FROM fresh, base`);
  await run(`
    INSERT INTO application_status (id_school, id_application, id_status, id_status_from, read, created_at)
    SELECT a.id_school, a.id_application, ${STATUS.LEAD}, NULL, true, a.created_at
    FROM application a WHERE a.id_applicant > ${after}`);
  await run(`
    INSERT INTO application_status (id_school, id_application, id_status, id_status_from, read, created_at)
    SELECT a.id_school, a.id_application, ${STATUS.APPLIED}, ${STATUS.LEAD}, true, a.created_at + interval '1 day'
    FROM application a WHERE a.id_applicant > ${after}`);
  await run(`ANALYZE applicant; ANALYZE application; ANALYZE application_status`);
}

type InputRow = {
  id_application: number;
  id_grade: number;
  id_status: number;
  level: number | null;
  weight: number | null;
  guardian_email: string | null;
  guardian_phone_number: string | null;
};

/** The draw's inputs read the way the run does (docs/lottery-algorithm.md, section 2), for the in-process figure. */
export async function drawInputsOf(database: Database, id_campus_year: number): Promise<DrawInputs> {
  const { rows } = await database.executeSql(
    `SELECT a.id_application, a.id_grade, a.id_status, cp.priority_level AS level, cp.weight,
            p.guardian_email, p.guardian_phone_number
     FROM application a
     JOIN applicant p ON p.id_applicant = a.id_applicant
     LEFT JOIN campus_priority cp ON cp.id_campus = a.id_campus AND cp.id_priority_item = a.id_priority_item
     WHERE a.id_campus_year = $1 AND a.deleted_at IS NULL`,
    [id_campus_year],
  );
  const all = rows as InputRow[];
  const { rows: levelRows } = await database.executeSql(
    `SELECT coalesce(max(cp.priority_level), 0) AS last FROM campus_priority cp
     JOIN campus_year cy ON cy.id_campus = cp.id_campus WHERE cy.id_campus_year = $1`,
    [id_campus_year],
  );
  const lastLevel = Number((levelRows[0] as { last: number }).last);
  const { rows: gradeRows } = await database.executeSql(
    `SELECT g.id_grade, c.position, g.spots - g.taken AS seats,
            (SELECT count(*) FROM application a WHERE a.id_campus_year = g.id_campus_year AND a.id_grade = g.id_grade
               AND a.id_status = ${STATUS.WAITING_LIST} AND a.deleted_at IS NULL) AS waiting
     FROM campus_year_grade g JOIN grade c ON c.id_grade = g.id_grade WHERE g.id_campus_year = $1`,
    [id_campus_year],
  );
  const families = familiesOf(
    all.map((r) => ({
      id_application: r.id_application,
      guardianEmail: r.guardian_email,
      guardianPhoneNumber: r.guardian_phone_number,
    })),
  );
  const seated = new Set<number>([STATUS.OFFERED, STATUS.CONFIRMED, STATUS.ENROLLED] as number[]);
  const entries: DrawEntry[] = all
    .filter((r) => r.id_status === STATUS.APPLIED)
    .map((r) => ({
      id_application: r.id_application,
      id_grade: r.id_grade,
      level: r.level ?? lastLevel + 1,
      weight: Number(r.weight ?? 1),
      family: families.get(r.id_application) ?? null,
    }));
  return {
    grades: gradeRows.map((g) => {
      const row = g as { id_grade: number; position: number; seats: number; waiting: number | string };
      return {
        id_grade: row.id_grade,
        position: row.position,
        seats: Math.max(0, row.seats),
        waitingBefore: Number(row.waiting),
      };
    }),
    entries,
    siblingLevel: 1,
    seatedFamilies: [
      ...new Set(
        all
          .filter((r) => seated.has(r.id_status) && families.get(r.id_application) != null)
          .map((r) => families.get(r.id_application) as number),
      ),
    ],
  };
}

/** Times the pure draw on `inputs`: p50 / p95 of `samples` runs with fresh seeds. */
export async function timeDraw(inputs: DrawInputs, samples: number) {
  return percentiles(await timeEach(samples, async () => draw(randomBytes(32).toString('hex'), inputs)));
}

/**
 * quicknet round 3 as the relays publish it (https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/public/3,
 * as in lottery.beacon.test.ts): a real signature, so the verifier's BLS check does its full work.
 */
const QUICKNET_3 = 'b3fab6df720b68cc47175f2c777e86d84187caab5770906f515ff1099cb01e4deaa027075d860823e49477b93c72bd64';

/** A v2 record of `inputs` drawn from quicknet round 3, frozen before it, with its log: the files a parent downloads. */
function v2RecordFiles(inputs: DrawInputs, dir: string) {
  const { quicknet } = BEACON_CHAINS;
  const frozenAt = new Date('2023-08-23T15:09:00Z');
  const drawnAt = new Date('2023-08-23T15:10:00Z');
  const roundAt = roundTime(quicknet, 3);
  const hash = inputsHash(inputs, LOTTERY_ALGORITHM_V2);
  const randomness = createHash('sha256').update(Buffer.from(QUICKNET_3, 'hex')).digest('hex');
  const source = { kind: 'drand', chainHash: quicknet.hash, round: 3, randomness } as const;
  const seed = seedOf(hash, source);
  const result = draw(seed, inputs);
  const freeze = nextEntry(undefined, 'freeze', frozenAt, {
    id_lottery: 1,
    algorithm: LOTTERY_ALGORITHM_V2,
    inputs_sha256: hash,
    source: 'drand',
    chain: quicknet.hash,
    round: 3,
    round_at: roundAt.toISOString(),
  });
  const drawn = nextEntry(freeze, 'draw', drawnAt, {
    id_lottery: 1,
    inputs_sha256: hash,
    source: sourceLine(source),
    seed,
    result_sha256: resultHash(result),
  });
  const csv = lotteryRecordCsv({
    algorithm: LOTTERY_ALGORITHM_V2,
    seed,
    seedHash: seedHash(seed),
    inputs,
    inputsHash: hash,
    result,
    resultHash: resultHash(result),
    campus: 'Bench campus',
    schoolYear: 'Bench year',
    drawnAt,
    drawnBy: 'bench',
    applications: {},
    v2: { frozenAt, source, beaconSignature: QUICKNET_3, roundAt, logHash: drawn.hash },
  });
  const files = { record: path.join(dir, 'record.csv'), log: path.join(dir, 'log.jsonl') };
  fs.writeFileSync(files.record, csv);
  fs.writeFileSync(files.log, logFile([freeze, drawn]));
  return { ...files, bytes: Buffer.byteLength(csv) };
}

/**
 * `node scripts/verify-lottery.mjs record.csv log.jsonl` on a v2 record of `inputs`: the whole process as a parent
 * runs it (start, BLS check, re-run, log chain), p50 / p95 of `samples` runs.
 */
export async function timeVerifierV2(inputs: DrawInputs, samples: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-bench-verifier-'));
  try {
    const files = v2RecordFiles(inputs, dir);
    const script = path.resolve(import.meta.dirname, '../scripts/verify-lottery.mjs');
    const times = await timeEach(samples, () =>
      promisify(execFile)(process.execPath, [script, files.record, files.log]),
    );
    return { ...percentiles(times), bytes: files.bytes };
  } finally {
    rmDir(dir);
  }
}

/** Waits until the school's outbox stops growing (polled every 100 ms): how long, and how many messages. */
async function messagesSettled(server: Server, id_school: number) {
  const token = await server.signIn('superadmin@demo.openseat.org');
  const t0 = performance.now();
  const count = async () => {
    const res = await server.fetch(`/api/communication/outbox?id_school=${id_school}&page=0&pageSize=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { total: number }).total;
  };
  let last = await count();
  let lastChange = performance.now();
  let changed = false;
  // until it has grown and then not grown for 1.5 s (or never grew in a minute: the job had nothing to queue)
  while (changed ? performance.now() - lastChange < 1500 : performance.now() - t0 < 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = await count();
    if (now !== last) [last, lastChange, changed] = [now, performance.now(), true];
  }
  return { ms: lastChange - t0, count: last };
}

/** A fresh copy of the seeded database for one run (a period has one drawn lottery): PostgreSQL's TEMPLATE, PGlite's files. */
async function freshCopy(
  kind: 'pglite' | 'postgres',
  base: { databaseUrl: string | null; dataDir: string },
  n: number,
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `openseat-bench-lottery-run${n}-`));
  fs.cpSync(base.dataDir, dataDir, { recursive: true });
  if (kind === 'pglite' || !base.databaseUrl) return { databaseUrl: null, dataDir, drop: async () => rmDir(dataDir) };
  const url = new URL(base.databaseUrl);
  const name = `${url.pathname.slice(1)}_run${n}`;
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL ?? BENCH_SERVER });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${url.pathname.slice(1)}`);
  await admin.end();
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    drop: async () => {
      rmDir(dataDir);
      const c = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL ?? BENCH_SERVER });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
const BENCH_SERVER = 'postgres://postgres@127.0.0.1:5432/test';
const rmDir = (dir: string) => fs.rmSync(dir, { recursive: true, force: true });
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
/** The machine's load beside a figure: the 1-minute load average over the cores. */
const load = () => `load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`;

/** The bench server as a client of the tests' shape (test/lottery-draw.ts). */
const clientOf =
  (server: Server): LotteryCall =>
  async <T>(method: string, p: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> }) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    const res = await server.fetch(`/api${p}`, { method, headers, body });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };

type Answer = { data?: { lottery?: { id_lottery: number } | null; counts?: { selected: number; waiting: number } } };

export type LotteryBenchOptions = { count?: number; directOnly?: boolean; runs?: number };

/**
 * The run through the API, `runs` times, each on a fresh copy of the seeded database: p50 and max, with the answer's
 * size. The first copy also times the practice runs before it, the release of the held offers and the verification.
 */
export async function benchLottery(kind: 'pglite' | 'postgres', rows: Row[], options: LotteryBenchOptions = {}) {
  const count = options.count ?? 10_000;
  const runs = Math.max(1, options.runs ?? 5);
  const base = await createBenchDatabase(kind, 'lottery');
  const { databaseUrl, dataDir } = base;
  try {
    progress(`${kind}: migrate and seed the demo`);
    const database = await openDatabase({ databaseUrl, dataDir });
    await migrateDatabase(database);
    await seedDemoData(database.db);
    const { period, grades } = await lotteryPeriod(database);
    progress(`${kind}: seed ${count} applied applications over ${grades.length} grades`);
    await seedApplied(database, period, grades, count);

    // 1. the pure algorithm on the same inputs, in-process
    const r0 = performance.now();
    const inputs = await drawInputsOf(database, period.id_campus_year);
    const readMs = performance.now() - r0;
    const direct = await timeDraw(inputs, 10);
    const digest = createHash('sha256')
      .update(JSON.stringify(draw('00'.repeat(32), inputs)))
      .digest('hex');
    rows.push([
      `${kind}: lottery draw() of ${inputs.entries.length.toLocaleString('en')} applications, ${inputs.grades.length} grades p50 / p95`,
      `${ms(direct.p50)} / ${ms(direct.p95)} ms`,
      `direct: pure algorithm in-process, no writes; reading its inputs ${ms(readMs)} ms; result ${digest.slice(0, 8)}`,
    ]);
    await database.close();
    const verifier = await timeVerifierV2(inputs, 5);
    rows.push([
      `${kind}: lottery verify-lottery.mjs v2 of ${inputs.entries.length.toLocaleString('en')} applications p50 / p95`,
      `${ms(verifier.p50)} / ${ms(verifier.p95)} ms`,
      `one node process each, as a parent runs it: BLS check of a quicknet round, re-run, log chain; record ${kB(verifier.bytes)}; target < 1 s; ${load()}`,
    ]);
    if (options.directOnly) return;

    // 2. the run through the API: the draw and all its writes, on a fresh copy each time (frozen on dice that two
    // staff users enter first, untimed: a real draw needs a frozen lottery)
    const periodBody = JSON.stringify({ id_campus: period.id_campus, id_school_year: period.id_school_year });
    const samples: number[] = [];
    let answerBytes = 0;
    let drawn: Answer['data'] = {};
    for (let n = 1; n <= runs; n++) {
      const copy = await freshCopy(kind, { databaseUrl, dataDir }, n);
      const server = await startServer({ DATA_DIR: copy.dataDir, DATABASE_URL: copy.databaseUrl ?? undefined });
      try {
        const token = await server.signIn('school@demo.openseat.org');
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        if (n === 1) await practiceRuns(kind, server, headers, periodBody, rows);
        progress(`${kind}: POST /api/lottery/freeze and the dice (${n} of ${runs})`);
        const second = await server.signIn('superadmin@demo.openseat.org');
        const frozen = await freezeOnDice(clientOf(server), [token, second], period);
        const body = JSON.stringify({ ...JSON.parse(periodBody), id_lottery: frozen.id_lottery });
        progress(`${kind}: POST /api/application/lottery (${n} of ${runs})`);
        const t0 = performance.now();
        const res = await server.fetch('/api/application/lottery', { method: 'POST', headers, body });
        const text = await res.text();
        samples.push(performance.now() - t0);
        answerBytes = Buffer.byteLength(text);
        drawn = (JSON.parse(text) as Answer).data ?? {};
        if (!res.ok || !drawn.lottery) throw new Error(`lottery run: ${res.status} ${text.slice(0, 300)}`);
        if (n === 1) await afterTheDraw(kind, server, token, period, drawn.lottery.id_lottery, rows);
      } finally {
        await server.stop();
        await copy.drop();
      }
    }
    const sorted = [...samples].sort((x, y) => x - y);
    rows.push([
      `${kind}: lottery run, ${count.toLocaleString('en')} applications (API, with writes) p50 / max of ${runs}`,
      `${ms(percentiles(samples).p50)} / ${ms(sorted[sorted.length - 1])} ms`,
      `each on a fresh copy; ${drawn.counts?.selected ?? 0} selected, ${drawn.counts?.waiting ?? 0} waiting; answer ${kB(answerBytes)} (target < 100 kB); target < ${count > 10_000 ? '10 s' : '1 s'}; ${load()}`,
    ]);
  } finally {
    await base.drop();
  }
}

/** Staff rehearse before the public draw: 3 practice runs (the same reads and draw, nothing written), timed. */
async function practiceRuns(kind: string, server: Server, headers: Record<string, string>, body: string, rows: Row[]) {
  progress(`${kind}: POST /api/lottery/practice`);
  let bytes = 0;
  const practice = percentiles(
    await timeEach(3, async () => {
      const p = await server.fetch('/api/lottery/practice', { method: 'POST', headers, body });
      if (!p.ok) throw new Error(`practice: ${p.status}`);
      bytes = (await p.arrayBuffer()).byteLength;
    }),
  );
  rows.push([
    `${kind}: lottery practice run p50 / p99`,
    `${ms(practice.p50)} / ${ms(practice.p99)} ms`,
    `3 sequential, before the draw: the same reads and draw, nothing written; answer ${kB(bytes)}`,
  ]);
}

/** The release of the held offers, the messages it queues, and the verification re-run of the drawn record. */
async function afterTheDraw(
  kind: string,
  server: Server,
  token: string,
  period: LotteryPeriod,
  id_lottery: number,
  rows: Row[],
) {
  // the families' messages are held by the draw until staff release them (docs/api-lottery.md); the release
  // enqueues a job that queues them (a batch this large is not rendered in the release's transaction)
  const auth = { authorization: `Bearer ${token}` };
  const holdsRes = await server.fetch(`/api/lottery/holds?id_campus=${period.id_campus}`, { headers: auth });
  const [hold] = (await holdsRes.json()) as Array<{ id_message_hold: number; families: number }>;
  if (!hold) throw new Error('lottery run: no held messages');
  progress(`${kind}: POST /api/lottery/holds/:id/release`);
  const t1 = performance.now();
  const released = await server.fetch(`/api/lottery/holds/${hold.id_message_hold}/release`, {
    method: 'POST',
    headers: auth,
  });
  const releaseMs = performance.now() - t1;
  if (!released.ok) throw new Error(`release: ${released.status}`);
  rows.push([
    `${kind}: lottery offers released (API)`,
    `${ms(releaseMs)} ms`,
    `${hold.families.toLocaleString('en')} families: their moves checked, offer deadlines started, the queuing job enqueued`,
  ]);
  const queued = await messagesSettled(server, period.id_school);
  rows.push([
    `${kind}: lottery messages queued (job after the release)`,
    `${ms(queued.ms + releaseMs)} ms`,
    `${queued.count.toLocaleString('en')} messages in the outbox, counted from the release`,
  ]);

  progress(`${kind}: GET /api/lottery/:id/summary and /verify`);
  const summary = await server.fetch(`/api/lottery/${id_lottery}/summary`, { headers: auth });
  const summaryBytes = (await summary.arrayBuffer()).byteLength;
  if (!summary.ok) throw new Error(`summary: ${summary.status}`);
  let serverSide = 0;
  let valid = true;
  const samples = await timeEach(10, async () => {
    const v = await server.fetch(`/api/lottery/${id_lottery}/verify`, { headers: auth });
    if (!v.ok) throw new Error(`verify: ${v.status}`);
    const answer = (await v.json()) as { valid: boolean; elapsedMs: number };
    valid &&= answer.valid;
    serverSide = Math.max(serverSide, answer.elapsedMs);
  });
  const verify = percentiles(samples);
  rows.push([
    `${kind}: lottery verification re-run p50 / p95`,
    `${ms(verify.p50)} / ${ms(verify.p95)} ms`,
    `${valid ? 'valid' : 'NOT VALID'}; re-run inside the server at most ${ms(serverSide)} ms; 10 sequential; the record's summary ${kB(summaryBytes)}`,
  ]);
}
