import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

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
  fetch: (p: string, init?: RequestInit) => Promise<Response>;
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
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: 'ignore',
  });
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
    fetch: call,
    signIn: async (email) => {
      const res = await call('/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      if (!res.ok) throw new Error(`sign-in: ${res.status}`);
      return ((await res.json()) as { accessToken: string }).accessToken;
    },
    stop: () =>
      new Promise((r) => {
        child.once('exit', () => r());
        child.kill('SIGTERM');
      }),
  };
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
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
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

export function printTable(rows: Row[]) {
  const head: Row = ['measure', 'result', 'note'];
  const widths = [0, 1, 2].map((i) => Math.max(...[head, ...rows].map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
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
