/**
 * npm run bench: measures, prints a table. Needs a build (npm run build).
 * - foundation: cold start (empty DATA_DIR: migrate + demo seed), warm start, sign-in, the users list
 * - applications at scale (issue 9): 100,000 applications on PGlite and on the PostgreSQL server, each API
 *   figure beside the same statements run directly (bench/applications.ts)
 * - the lottery (issue 10): 10,000 applications over 13 grades on PGlite and on the PostgreSQL server, the run with
 *   its writes and the verification re-run, beside the pure draw() in-process (bench/lottery.ts)
 * - the outbox (issue 11): 10,000 e-mails queued -> sent to a local SMTP server, and a status move's latency with an
 *   empty and a full outbox (bench/outbox.ts)
 * - the dashboard (issue 12): every dashboard endpoint over 100,000 applications and 500,000 history rows on PGlite and
 *   on the PostgreSQL server, beside the same statements run directly (bench/dashboard.ts)
 * `npm run bench -- --only=foundation`, `--only=applications`, `--only=lottery`, `--only=outbox` or `--only=dashboard` runs one part; `--no-postgres`
 * skips the server, `--no-pglite` the embedded one. `--lottery-direct-only` times only the pure draw (no build needed); `--lottery-count=N`, `--lottery-runs=N`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchApplications } from './applications';
import { benchDashboard } from './dashboard';
import { benchFirstPage } from './first-page';
import { benchLottery } from './lottery';
import { benchOutbox } from './outbox';
import { percentiles, printTable, startServer, timeEach, type Row } from './harness';

const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const rows: Row[] = [];
const lotteryOptions = {
  count: Number(process.argv.find((a) => a.startsWith('--lottery-count='))?.slice('--lottery-count='.length) ?? 10_000),
  directOnly: process.argv.includes('--lottery-direct-only'),
  runs: Number(process.argv.find((a) => a.startsWith('--lottery-runs='))?.slice('--lottery-runs='.length) ?? 5),
};

async function foundation() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-bench-'));
  try {
    const cold = await startServer({ DATA_DIR: dataDir });
    rows.push([
      'cold start (empty data dir, migrate + seed)',
      `${(cold.ms / 1000).toFixed(2)} s`,
      'target < 15 s on 2 cores',
    ]);
    const signIn = percentiles(await timeEach(10, () => cold.signIn('school@demo.openseat.org')));
    rows.push([
      'sign-in (argon2id verify) p50 / p95',
      `${signIn.p50.toFixed(0)} / ${signIn.p95.toFixed(0)} ms`,
      '10 sequential',
    ]);
    const token = await cold.signIn('school@demo.openseat.org');
    const users = percentiles(
      await timeEach(50, () =>
        cold.fetch('/api/user?tab=school&page=0&pageSize=25', { headers: { authorization: `Bearer ${token}` } }),
      ),
    );
    rows.push([
      'users list, first page p50 / p95',
      `${users.p50.toFixed(1)} / ${users.p95.toFixed(1)} ms`,
      '50 sequential',
    ]);
    await cold.stop();
    const warm = await startServer({ DATA_DIR: dataDir });
    rows.push(['warm start (existing data dir)', `${(warm.ms / 1000).toFixed(2)} s`, '']);
    await warm.stop();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The databases each part runs on: `--no-pglite` / `--no-postgres` leave one out. */
const kinds = (['pglite', 'postgres'] as const).filter((kind) => !process.argv.includes(`--no-${kind}`));

try {
  if (!only || only === 'foundation') await foundation().then(() => benchFirstPage(rows));
  for (const kind of kinds) {
    if (!only || only === 'applications') await benchApplications(kind, rows);
    if (!only || only === 'lottery') await benchLottery(kind, rows, lotteryOptions);
    if (!only || only === 'outbox') await benchOutbox(kind, rows);
    if (!only || only === 'dashboard') await benchDashboard(kind, rows);
  }
} finally {
  printTable(rows);
}
