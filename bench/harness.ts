import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { Database } from '../apps/server/src/db/client';
import { JOBS } from '../apps/server/src/jobs/registry';
import { createJobRunner } from '../apps/server/src/jobs/runner';
import { loadSecrets } from '../apps/server/src/lib/secrets';
import { createMailer } from '../apps/server/src/modules/mail/mailer.service';
import { startSmtpServer } from '../apps/server/src/test/smtp';

/** One line of the printed table: what was measured, the figure, how to read it. */
export type Row = [string, string, string];

export const DEMO_PASSWORD = 'openseat-demo';
const main = path.resolve(import.meta.dirname, '../apps/server/dist/main.js');

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

export type Server = {
  url: string;
  /** How long it took until /api/health answered. */
  ms: number;
  pid: number;
  /** The server's processes: the one started and its children (cluster workers); the bench process when in-process. */
  pids: () => number[];
  fetch: (p: string, init?: RequestInit) => Promise<Response>;
  /** A timed GET: read to its end, must be 2xx (lightClient). */
  get: (p: string, headers: Record<string, string>) => Promise<void>;
  signIn: (email: string) => Promise<string>;
  stop: () => Promise<void>;
};

/**
 * The built server as a separate process, with its environment; resolves once it answers /api/health. One process
 * unless `env` sets WEB_CONCURRENCY (`undefined` for the server's default, one per core): `pid` is then the cluster's
 * primary, which serves nothing.
 */
export async function startServer(env: Record<string, string | undefined>): Promise<Server> {
  if (!fs.existsSync(main)) throw new Error('Build first: npm run build');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  // the logger stays at its default level (info): its cost is part of every request; stdout goes to /dev/null
  const merged: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'development',
    WEB_CONCURRENCY: '1',
    ...env,
  };
  // a key given as undefined is unset in the child (WEB_CONCURRENCY: the server's own default)
  const childEnv = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv;
  const child = spawn(process.execPath, [main], { env: childEnv, stdio: 'ignore' });
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (child.exitCode !== null) throw new Error('server exited');
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = performance.now() - t0;
  const call = (p: string, init?: RequestInit) => fetch(`${url}${p}`, init);
  return {
    url,
    ms,
    pid: child.pid!,
    pids: () => processTree(child.pid!),
    fetch: call,
    get: lightClient(url),
    signIn: (email) => signIn(call, email),
    stop: () =>
      new Promise((r) => {
        child.once('exit', () => r());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * What the timed GETs of the bench use: node:http over kept-alive connections, asking for compression as a browser
 * does, reading the answer to its end without decoding it (the browser's work, not the server's). The clients run
 * on the machine's cores beside the server; global fetch (undici) cost about four times the CPU per request (3.6 against
 * 0.9 ms for the inbox's first page, gunzip included), which the server then lacked under 50 users.
 */
function lightClient(url: string): Server['get'] {
  const { hostname, port } = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  return (p, headers) =>
    new Promise((resolve, reject) => {
      const req = http.get(
        { host: hostname, port, path: p, agent, headers: { 'accept-encoding': 'gzip, deflate, br', ...headers } },
        (res) => {
          res.on('data', () => undefined);
          res.on('error', reject);
          res.on('end', () =>
            res.statusCode! >= 200 && res.statusCode! < 300 ? resolve() : reject(new Error(`status ${res.statusCode}`)),
          );
        },
      );
      req.on('error', reject);
    });
}

/** Untimed calls before the timed ones, for reads: the first call of a route compiles its code and schemas. */
export const READ_WARM_UP = 5;

/**
 * Runs `fn` n times in a row, after `warmUp` untimed runs; each sample is one whole run in ms. A Response is read to
 * its end and must be 2xx.
 */
export async function timeEach(n: number, fn: () => Promise<unknown>, warmUp = 0): Promise<number[]> {
  const samples: number[] = [];
  for (let i = -Math.min(warmUp, n); i < n; i++) {
    const t = performance.now();
    const result = await fn();
    if (result instanceof Response) {
      await result.arrayBuffer();
      if (!result.ok) throw new Error(`status ${result.status}`);
    }
    if (i >= 0) samples.push(performance.now() - t);
  }
  return samples;
}

/** Nearest-rank percentiles: p99 of 100 samples is the 99th smallest, not the largest. */
export function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.max(0, Math.ceil(sorted.length * q) - 1)];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1] };
}

/** Peak resident memory of a process so far (Linux VmHWM), in MiB. */
export function peakRssMiB(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/** The table between two lines of machine load: at the start of the run and now. */
export function printTable(rows: Row[], loadAtStart: string) {
  console.log(`Machine at the start: ${loadAtStart}`);
  const head: Row = ['measure', 'result', 'note'];
  const widths = [0, 1, 2].map((i) => Math.max(...[head, ...rows].map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
  console.log(`Machine at the end: ${machineLoad()}`);
}

/**
 * A fresh database for a bench: a temporary DATA_DIR (PGlite's database and the server's files) and, for
 * `postgres`, a database of its own on the server (BENCH_DATABASE_URL, default the machine's test server).
 * `drop` removes both.
 */
export async function createBenchDatabase(kind: 'pglite' | 'postgres', prefix: string) {
  let databaseUrl: string | null = null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `openseat-bench-${prefix}-`));
  let drop = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (kind === 'postgres') {
    const server = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = `openseat_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    const removeFiles = drop;
    drop = async () => {
      await removeFiles();
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  return { databaseUrl, dataDir, drop };
}

/** A process and its children (Linux /proc): the server's cluster workers. */
export function processTree(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // the fields after the command name (which may hold spaces): state, ppid, ...
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      /* ended meanwhile */
    }
  }
  return [pid, ...children];
}

/** Resets a process's peak resident memory (VmHWM) to its present size, so the next read is the peak since. */
export function resetPeak(pid: number) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    /* not ours or gone: the figure is then the peak since start */
  }
}

/** Resident memory now (Linux VmRSS), in MiB. */
export function rssMiB(pid: number): number | null {
  try {
    const kb = Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

/** The machine's load beside the figures: others' work on a shared machine shows in them. */
export function machineLoad(): string {
  const [one, five, fifteen] = os.loadavg().map((l) => l.toFixed(2));
  return `load average ${one} / ${five} / ${fifteen} (1 / 5 / 15 min), ${os.availableParallelism()} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory`;
}

/**
 * The app in this process (buildApp over an opened database), on a free port, answering real HTTP. `env`: more of
 * the configuration's environment (e.g. SMTP_URL, TRUST_PROXY).
 */
export async function startInProcess(
  database: Database,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<Server> {
  const t0 = performance.now();
  // the defaults a `npm start` gets (LOG_LEVEL info); log lines are written, as JSON, to nowhere
  const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', ...env });
  const jobs = createJobRunner(database, JOBS, { leaseSeconds: config.jobLeaseSeconds, soleProcess: true });
  const app = await buildApp(
    {
      database,
      db: database.db,
      config,
      secrets: loadSecrets(config),
      mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db }),
      jobs,
      loginRateLimitPerMinute: 30,
    },
    { logStream: { write: () => undefined } },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
  const call = (p: string, init?: RequestInit) => fetch(`${url}${p}`, init);
  return {
    url,
    ms: performance.now() - t0,
    pid: process.pid,
    pids: () => [process.pid],
    fetch: call,
    get: lightClient(url),
    signIn: (email) => signIn(call, email),
    stop: () => app.close(),
  };
}

async function signIn(call: Server['fetch'], email: string) {
  const res = await call('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** Reads a Response to its end; it must be 2xx. */
export async function drain(res: Response) {
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`status ${res.status}`);
}

/**
 * Pairs of samples: each API call immediately followed by the same work run directly, so both see the same load
 * at the same moment. `warmUp` untimed pairs first. The number of pairs is `samples`, or fewer when pairs are slow:
 * as many as fit in `budgetMs`, but never fewer than `minSamples`. Answers both sample lists.
 */
export async function interleaved(
  api: () => Promise<unknown>,
  direct: () => Promise<unknown>,
  { samples = 1000, minSamples = 300, budgetMs = 20_000, warmUp = READ_WARM_UP } = {},
) {
  const pair = async (into?: { api: number[]; direct: number[] }) => {
    let t = performance.now();
    const res = await api();
    if (res instanceof Response) await drain(res);
    const a = performance.now() - t;
    t = performance.now();
    await direct();
    const d = performance.now() - t;
    into?.api.push(a);
    into?.direct.push(d);
  };
  for (let i = 0; i < warmUp; i++) await pair();
  const out = { api: [] as number[], direct: [] as number[] };
  const until = performance.now() + budgetMs;
  while (out.api.length < samples && (out.api.length < minSamples || performance.now() < until)) await pair(out);
  return out;
}

/**
 * `users` closed-loop clients, each running `fn` again as soon as it ends, for `warmUpMs` untimed then `ms` timed:
 * the completed runs per second in the timed part and the latency percentiles of the runs started in it.
 */
export async function closedLoop(users: number, fn: () => Promise<unknown>, { ms = 10_000, warmUpMs = 2000 } = {}) {
  const start = performance.now();
  const from = start + warmUpMs;
  const until = from + ms;
  const latencies: number[] = [];
  let completed = 0;
  const user = async () => {
    while (performance.now() < until) {
      const t = performance.now();
      const res = await fn();
      if (res instanceof Response) await drain(res);
      const end = performance.now();
      if (t >= from && end <= until) latencies.push(end - t);
      if (end > from && end <= until) completed++;
    }
  };
  await Promise.all(Array.from({ length: users }, user));
  return { perSecond: completed / (ms / 1000), ...percentiles(latencies), samples: latencies.length };
}

/**
 * The API the bench measures: on PGlite in this process over `database` (the database belongs to one process, and the
 * bench replays statements on it between requests); on the server the built server's processes, in production mode
 * as deployed: JSON log lines at the default level (to /dev/null), every secret given, a local SMTP server, and
 * WEB_CONCURRENCY unset (the server's own default: one worker per core). `env` adds to (or replaces) the
 * configuration of either (e.g. a bench's own SMTP_URL, TRUST_PROXY, WEB_CONCURRENCY).
 */
export async function startApi(
  kind: 'pglite' | 'postgres',
  database: Database,
  dataDir: string,
  databaseUrl: string | null,
  env: Record<string, string> = {},
): Promise<Server> {
  if (kind === 'pglite') return startInProcess(database, dataDir, env);
  const smtp = await startSmtpServer();
  const server = await startServer({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl!,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://127.0.0.1',
    SMTP_URL: smtp.url,
    WEB_CONCURRENCY: undefined,
    ...env,
  });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await smtp.close();
    },
  };
}

/**
 * How the server started by `startApi` runs on PostgreSQL: its worker processes (WEB_CONCURRENCY unset: one per
 * core) and each one's pool size (config.ts); the bench's direct side opens pools of the same size.
 */
export function serverShape(databaseUrl: string) {
  const config = loadConfig({ DATABASE_URL: databaseUrl });
  return { workers: config.webConcurrency, poolSize: config.databasePoolSize };
}
