/**
 * npm run bench: measures, prints a table between two lines of the machine's load. Needs a build (npm run build).
 * - foundation: start-up (3 cold starts: empty DATA_DIR, migrate + demo seed; 5 warm starts), sign-in, the users list
 * - applications at scale (issues 9, 22): 100,000 applications (`--scale=N`; above 100,000 the server only) on PGlite
 *   and on the PostgreSQL server, each API request immediately followed by the same statements run directly, the
 *   bulk move, the CSV export beside COPY, and on the server 20 and 50 concurrent users (bench/applications.ts)
 * - the lottery (issue 10): 10,000 applications over 13 grades on PGlite and on the PostgreSQL server, the run with
 *   its writes and the verification re-run, beside the pure draw() in-process (bench/lottery.ts)
 * - the outbox (issue 11): 10,000 e-mails queued -> sent to a local SMTP server, and a status move's latency with an
 *   empty and a full outbox (bench/outbox.ts)
 * - the dashboard (issue 12): every dashboard endpoint over 100,000 applications and 500,000 history rows on PGlite and
 *   on the PostgreSQL server, beside the same statements run directly (bench/dashboard.ts)
 * - results day on the family portal (issue 24): 10,000 guardians signing in and reading their status within 10 minutes
 *   on PGlite and on the PostgreSQL server, the status page at 200 requests/s on one process beside its query run
 *   directly, a waiting application's extra cost, and the portal's first-load JS (bench/family.ts);
 *   `--family-guardians=N`, `--family-minutes=M` (the spike's window), `--family-rate=R`, `--family-seconds=S`
 * - the unified-enrollment match (issue 26): the pure matchStudents() of 65,000 students x 700 programs x 12 choices,
 *   no database (bench/matching.ts); `--matching-students=N`, `--matching-runs=N`
 * `--row-security-ab`: on the server, each list case also on a second server with row-level security off, request for
 *   request against the first (on), e.g. `npm run bench -- --only=applications --cases=lists --no-pglite --row-security-ab`.
 * `--cases=exports` (a comma list of lists, moves, exports, concurrency) runs only those sections of the applications
 * part, e.g. `npm run bench -- --only=applications --cases=exports --no-postgres`.
 * `npm run bench -- --only=foundation`, `--only=applications`, `--only=lottery`, `--only=outbox`, `--only=dashboard`,
 * `--only=family`, `--only=registration` (the staff's review queue), `--only=uploads` (a 10 MB document's server
 * memory), `--only=imports` (a 10,000-row import's dry run and commit, a 50 MB file's server memory) or
 * `--only=matching` (the match alone, no database and no build needed) runs one part; `--no-postgres` skips the
 * server, `--no-pglite` the embedded one. `--lottery-direct-only` times only the pure draw (no build needed);
 * `--lottery-count=N`, `--lottery-runs=N`. `--scale=1000000`: the applications part with a million applications, on the
 * server only (minutes; not for CI): 100,000 in the measured period and the rest in the demo's other periods, or all
 * of them in the measured period with `--one-period` (a stress case: one campus's period of a million).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPLICATION_CASES, benchApplications, type ApplicationCase } from './applications';
import { benchDashboard } from './dashboard';
import { benchFamily, familyFirstLoadJs } from './family';
import { benchImports } from './imports';
import { benchRegistration } from './registration';
import { benchUploads } from './uploads';
import { benchFirstPage } from './first-page';
import { benchLottery } from './lottery';
import { benchMatching } from './matching';
import { benchOutbox } from './outbox';
import { machineLoad, percentiles, printTable, startServer, timeEach, type Row } from './harness';

const loadAtStart = machineLoad();
const scale = Number(process.argv.find((a) => a.startsWith('--scale='))?.slice('--scale='.length) ?? 100_000);
// a larger scale is for the applications part alone
const only =
  process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length) ??
  (scale > 100_000 ? 'applications' : undefined);
// above 100,000 the measured period keeps 100,000 and the rest fill other periods, unless --one-period
const perPeriod = process.argv.includes('--one-period') ? scale : Math.min(scale, 100_000);
const cases = (process.argv
  .find((a) => a.startsWith('--cases='))
  ?.slice('--cases='.length)
  .split(',') ?? APPLICATION_CASES) as ApplicationCase[];
const unknownCase = cases.find((c) => !APPLICATION_CASES.includes(c));
if (unknownCase) throw new Error(`--cases: no section "${unknownCase}" (${APPLICATION_CASES.join(', ')})`);
const rows: Row[] = [];
const lotteryOptions = {
  count: Number(process.argv.find((a) => a.startsWith('--lottery-count='))?.slice('--lottery-count='.length) ?? 10_000),
  directOnly: process.argv.includes('--lottery-direct-only'),
  runs: Number(process.argv.find((a) => a.startsWith('--lottery-runs='))?.slice('--lottery-runs='.length) ?? 5),
};

const numberArg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);
const familyOptions = {
  guardians: numberArg('family-guardians', 10_000),
  minutes: numberArg('family-minutes', 10),
  rate: numberArg('family-rate', 200),
  seconds: numberArg('family-seconds', 30),
};

const matchingOptions = { students: numberArg('matching-students', 65_000), runs: numberArg('matching-runs', 7) };

const COLD_STARTS = 3;
const WARM_STARTS = 5;
const seconds = (samples: number[]) => {
  const { p50, max } = percentiles(samples);
  return `${(p50 / 1000).toFixed(2)} / ${(max / 1000).toFixed(2)} s`;
};

async function foundation() {
  const dirs: string[] = [];
  // after the start-up rows
  const requests: Row[] = [];
  try {
    const cold: number[] = [];
    for (let i = 0; i < COLD_STARTS; i++) {
      dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-bench-')));
      const server = await startServer({ DATA_DIR: dirs[i] });
      cold.push(server.ms);
      if (i < COLD_STARTS - 1) await server.stop();
      else {
        const signIn = percentiles(await timeEach(10, () => server.signIn('school@demo.openseat.org')));
        requests.push([
          'sign-in (argon2id verify) p50 / p95',
          `${signIn.p50.toFixed(0)} / ${signIn.p95.toFixed(0)} ms`,
          '10 sequential (slow case: argon2id, and the sign-in limit is 30 a minute)',
        ]);
        const token = await server.signIn('school@demo.openseat.org');
        const users = percentiles(
          await timeEach(
            1000,
            () =>
              server.fetch('/api/user?tab=school&page=0&pageSize=25', {
                headers: { authorization: `Bearer ${token}` },
              }),
            5,
          ),
        );
        requests.push([
          'users list, first page p50 / p95 / p99',
          `${users.p50.toFixed(1)} / ${users.p95.toFixed(1)} / ${users.p99.toFixed(1)} ms`,
          '1,000 sequential after 5',
        ]);
        await server.stop();
      }
    }
    rows.push([
      `cold start p50 / max of ${COLD_STARTS} (empty data dir, migrate + seed)`,
      seconds(cold),
      'target < 15 s on 2 cores',
    ]);
    const warm: number[] = [];
    for (let i = 0; i < WARM_STARTS; i++) {
      const server = await startServer({ DATA_DIR: dirs[0] });
      warm.push(server.ms);
      await server.stop();
    }
    rows.push([`warm start p50 / max of ${WARM_STARTS} (existing data dir)`, seconds(warm), '']);
    rows.push(...requests);
  } finally {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The databases each part runs on: `--no-pglite` / `--no-postgres` leave one out. */
const kinds = (['pglite', 'postgres'] as const).filter((kind) => !process.argv.includes(`--no-${kind}`));

try {
  if (!only || only === 'foundation') await foundation().then(() => benchFirstPage(rows));
  for (const kind of kinds) {
    if (!only || only === 'applications')
      await benchApplications(kind, rows, {
        scale,
        perPeriod,
        cases,
        rowSecurityAb: process.argv.includes('--row-security-ab'),
      });
    if (!only || only === 'lottery') await benchLottery(kind, rows, lotteryOptions);
    if (!only || only === 'outbox') await benchOutbox(kind, rows);
    if (!only || only === 'dashboard') await benchDashboard(kind, rows);
    if (!only || only === 'family') await benchFamily(kind, rows, familyOptions);
    if (!only || only === 'registration') await benchRegistration(kind, rows);
    if (!only || only === 'uploads') await benchUploads(kind, rows);
    if (!only || only === 'imports') await benchImports(kind, rows);
  }
  if (!only || only === 'family') rows.push(familyFirstLoadJs());
  if (!only || only === 'matching') await benchMatching(rows, matchingOptions);
} finally {
  printTable(rows, loadAtStart);
}
