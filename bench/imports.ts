/**
 * Self-serve import (issue 27), on PGlite and on the PostgreSQL server, through the API as the import screen calls it:
 * - a CSV of 10,000 rows, 5% of them bad (a broken e-mail, an unknown grade, a date that is no date, in turn), with
 *   waiting lists carrying their positions: its upload, its dry run (the report) and its commit (queued, then polled
 *   until the job is done), each timed; the report must name exactly the bad rows and the commit write the rest;
 * - a 50 MB CSV (the largest file an import takes: 50,000 rows with long notes): the server's resident memory at
 *   rest and at its peak while the file is uploaded and while its dry run reads all of it (Linux VmHWM, reset
 *   before), measured first, on a server with nothing else to do. On PGlite the server is this process; the bench
 *   streams the file from disk, never holding it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { migrateDatabase } from '../apps/server/src/db/migrate';
import { seedDemoData } from '../apps/server/src/db/seed/demo';
import { findBenchPeriod, type BenchPeriod } from './applications-data';
import {
  createBenchDatabase,
  peakRssMiB,
  processTree,
  resetPeak,
  rssMiB,
  startApi,
  type Row,
  type Server,
} from './harness';

const ROWS = 10_000;
/** Every 20th row is bad: 5%. */
const BAD_EVERY = 20;
const BIG_ROWS = 50_000;
const BIG_BYTES = 50 * 1024 * 1024;
const MB = 1024 * 1024;
const HEADERS = [
  'First Name',
  'Last Name',
  'Date of Birth',
  'Grade',
  'Status',
  'Parent Name',
  'Parent Email',
  'Parent Phone',
  'Waitlist Position',
  'Notes',
];

const progress = (what: string) => console.error(`[bench] ${new Date().toISOString().slice(11, 19)} ${what}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mib = (n: number) => `${n.toFixed(0)} MiB`;

type Grade = { name: string };

/** `i` written in letters (a name takes no digits): 0 -> "a", 27 -> "bb". */
function letters(i: number): string {
  let text = '';
  for (let n = i; ; n = Math.floor(n / 26) - 1) {
    text = String.fromCharCode(97 + (n % 26)) + text;
    if (n < 26) return text;
  }
}

/** Row `i` of the file (0-based): a waiting child every third row (its position the next of its grade), else applied. */
function rowOf(i: number, grades: Grade[], positions: Map<string, number>, notes: string) {
  const grade = grades[i % grades.length]!.name;
  const bad = i % BAD_EVERY === BAD_EVERY - 1 ? Math.floor(i / BAD_EVERY) % 3 : -1;
  const waiting = i % 3 === 0;
  // a bad row holds no place in its list: the good rows' positions stay dense
  const position = waiting && bad < 0 ? (positions.get(grade) ?? 0) + 1 : null;
  if (position !== null) positions.set(grade, position);
  const cells = [
    `Child${letters(i)}`,
    `Family${letters(i)}`,
    bad === 2 ? 'not a date' : `${(i % 12) + 1}/${(i % 28) + 1}/2021`,
    bad === 1 ? 'Grade 99' : grade,
    waiting ? 'waiting list' : 'applied',
    `Parent ${letters(i)}`,
    bad === 0 ? `parent${i}@` : `parent${i}@example.org`,
    `(512) 555-${String(i % 10_000).padStart(4, '0')}`,
    position === null ? '' : String(position),
    notes,
  ];
  return cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
}

/** Writes a CSV of `count` rows to `file`, a line at a time; answers the bad rows' numbers (header = row 1). */
async function writeCsv(file: string, count: number, grades: Grade[], notes = '') {
  const out = fs.createWriteStream(file);
  const positions = new Map<string, number>();
  const bad: number[] = [];
  out.write(`${HEADERS.join(',')}\n`);
  for (let i = 0; i < count; i++) {
    if (i % BAD_EVERY === BAD_EVERY - 1) bad.push(i + 2);
    const line = rowOf(i, grades, positions, notes);
    if (!out.write(`${line}\n`)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return bad;
}

async function gradesOf(database: Database, period: BenchPeriod): Promise<Grade[]> {
  const { rows } = await database.executeSql(
    `SELECT g.name FROM campus_year_grade cyg JOIN grade g USING (id_grade)
     WHERE cyg.id_campus_year = $1 ORDER BY g.position`,
    [period.id_campus_year],
  );
  return rows as Grade[];
}

type Api = { server: Server; token: string };

async function call<T>(api: Api, method: string, p: string, body?: unknown): Promise<T> {
  const res = await api.server.fetch(p, {
    method,
    headers: { authorization: `Bearer ${api.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

type Preview = { id_import_file: number; mapping: { columns: Record<string, string> } };

async function upload(api: Api, file: string): Promise<Preview> {
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file, { type: 'text/csv' }), path.basename(file));
  const res = await api.server.fetch('/api/imports/files', {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`upload: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Preview;
}

const MAPPING = {
  columns: {
    'First Name': 'studentFirstName',
    'Last Name': 'studentLastName',
    'Date of Birth': 'studentDateOfBirth',
    Grade: 'grade',
    Status: 'status',
    'Parent Name': 'guardianName',
    'Parent Email': 'guardianEmail',
    'Parent Phone': 'guardianPhone',
    'Waitlist Position': 'waitingListPosition',
    Notes: 'notes',
  },
  values: { grade: {}, status: {}, campus: {} },
};

type Report = {
  counts: { new: number; duplicate: number; refused: number };
  problems: Array<{ rowNumber: number; column: string; message: string }>;
};
type Batch = { id_import_batch: number; status: string; created: number; error: string | null };

/** The 10,000-row file: upload, dry run, commit until done; checked against what the file holds. */
async function timeTenThousand(kind: string, api: Api, period: BenchPeriod, grades: Grade[], dir: string) {
  const file = path.join(dir, 'ten-thousand.csv');
  const bad = await writeCsv(file, ROWS, grades);
  let t = performance.now();
  const preview = await upload(api, file);
  const uploadMs = performance.now() - t;
  const body = { mapping: MAPPING, id_school_year: period.id_school_year, id_campus: period.id_campus };
  progress(`${kind}: dry run of ${ROWS} rows`);
  t = performance.now();
  const report = await call<Report>(api, 'POST', `/api/imports/files/${preview.id_import_file}/dry-run`, body);
  const dryRunMs = performance.now() - t;
  const named = [...new Set(report.problems.map((p) => p.rowNumber))];
  if (named.length !== bad.length || named.some((row, i) => row !== bad[i]))
    throw new Error(
      `the report names ${named.length} rows, the file has ${bad.length} bad ones: ${JSON.stringify(report.problems.slice(0, 3))}`,
    );
  progress(`${kind}: commit of ${ROWS - bad.length} rows`);
  t = performance.now();
  let batch = await call<Batch>(api, 'POST', `/api/imports/files/${preview.id_import_file}/commit`, body);
  while (batch.status === 'pending' || batch.status === 'working') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    batch = await call<Batch>(api, 'GET', `/api/imports/batches/${batch.id_import_batch}`);
  }
  const commitMs = performance.now() - t;
  if (batch.status !== 'done' || batch.created !== ROWS - bad.length)
    throw new Error(`commit: ${batch.status}, ${batch.created} created (${batch.error ?? ''})`);
  return { uploadMs, dryRunMs, commitMs, report, size: fs.statSync(file).size };
}

/** The server's resident memory at rest, and its peak while `work` runs. */
async function peakDuring(api: Api, work: () => Promise<unknown>) {
  const pids = api.server.pids().flatMap((pid) => processTree(pid));
  const rest = pids.reduce((sum, pid) => sum + (rssMiB(pid) ?? 0), 0);
  pids.forEach(resetPeak);
  const t = performance.now();
  await work();
  const ms = performance.now() - t;
  const peak = pids.reduce((sum, pid) => sum + (peakRssMiB(pid) ?? 0), 0);
  return { rest, peak, ms };
}

export async function benchImports(kind: 'pglite' | 'postgres', rows: Row[]) {
  const { databaseUrl, dataDir, drop } = await createBenchDatabase(kind, 'imports');
  progress(`${kind}: migrate and seed the demo`);
  const seeding = await openDatabase({ databaseUrl, dataDir });
  await migrateDatabase(seeding);
  await seedDemoData(seeding.db);
  const period = await findBenchPeriod(seeding);
  const grades = await gradesOf(seeding, period);
  await seeding.close();
  const database = await openDatabase({ databaseUrl, dataDir });
  const server = await startApi(kind, database, dataDir, databaseUrl, { WEB_CONCURRENCY: '1' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-import-bench-'));
  try {
    const api = { server, token: await server.signIn('school@demo.openseat.org') };
    // the memory first, on a server at rest (measured after the 10,000-row commit, PGlite's process also carried
    // what that commit left behind: ~90 MiB more)
    progress(`${kind}: a 50 MB file`);
    const big = path.join(dir, 'fifty-mb.csv');
    await writeCsv(big, BIG_ROWS, grades, 'x'.repeat(Math.floor(BIG_BYTES / BIG_ROWS) - 130));
    const size = fs.statSync(big).size;
    if (size > BIG_BYTES) throw new Error(`the big file is ${size} bytes, over the limit`);
    let preview: Preview | null = null;
    const sent = await peakDuring(api, async () => (preview = await upload(api, big)));
    const id = (preview as Preview | null)?.id_import_file;
    const body = { mapping: MAPPING, id_school_year: period.id_school_year, id_campus: period.id_campus };
    const read = await peakDuring(api, () => call<Report>(api, 'POST', `/api/imports/files/${id}/dry-run`, body));
    const note =
      kind === 'pglite' ? 'the server is this process (bench included)' : `${server.pids().length} server process`;
    rows.push(
      [
        `${kind}: ${(size / MB).toFixed(0)} MB CSV upload, server memory`,
        `RSS ${mib(sent.rest)} at rest, peak ${mib(sent.peak)} (+${mib(sent.peak - sent.rest)})`,
        `${seconds(sent.ms)}; ${note}`,
      ],
      [
        `${kind}: its dry run (${BIG_ROWS.toLocaleString('en')} rows read), server memory`,
        `RSS ${mib(read.rest)} at rest, peak ${mib(read.peak)} (+${mib(read.peak - read.rest)})`,
        `${seconds(read.ms)}; the report of 2,500 bad rows is held to answer`,
      ],
    );
    progress(`${kind}: ${ROWS} rows, 5% bad`);
    const ten = await timeTenThousand(kind, api, period, grades, dir);
    const facts = `${(ten.size / MB).toFixed(1)} MB CSV, ${grades.length} grades`;
    rows.push(
      [`${kind}: import of ${ROWS.toLocaleString('en')} rows, upload`, seconds(ten.uploadMs), facts],
      [
        `${kind}: import dry run (the report)`,
        seconds(ten.dryRunMs),
        `${ten.report.counts.new} new, ${ten.report.counts.refused} refused (each bad row named); target < 10 s`,
      ],
      [`${kind}: import commit, queued to done`, seconds(ten.commitMs), `one transaction; target < 10 s`],
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await server.stop();
    await database.close();
    await drop();
  }
}
