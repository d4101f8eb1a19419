/**
 * npm run bench: measures, prints a table. Needs a build (npm run build).
 * - cold start: `node apps/server/dist/main.js` on an empty DATA_DIR (migrate + demo seed) until /api/health answers
 * - warm start: the same data folder again (no seed)
 * - sign-in latency and the first page of the users list, sequential requests over loopback
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const main = path.join(root, 'apps/server/dist/main.js');

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

async function startServer(dataDir: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
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
  return {
    url,
    ms,
    stop: () =>
      new Promise((r) => {
        child.once('exit', r);
        child.kill('SIGTERM');
      }),
  };
}

async function timeRequests(n: number, fn: () => Promise<Response>) {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fn();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`status ${res.status}`);
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return { p50: samples[Math.floor(n * 0.5)], p95: samples[Math.floor(n * 0.95)] };
}

if (!fs.existsSync(main)) throw new Error('Build first: npm run build');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-bench-'));
const rows: Array<[string, string, string]> = [];
try {
  const cold = await startServer(dataDir);
  rows.push([
    'cold start (empty data dir, migrate + seed)',
    `${(cold.ms / 1000).toFixed(2)} s`,
    'target < 15 s on 2 cores',
  ]);
  const login = () =>
    fetch(`${cold.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'school@demo.openseat.org', password: 'openseat-demo' }),
    });
  const signIn = await timeRequests(10, login);
  rows.push([
    'sign-in (argon2id verify) p50 / p95',
    `${signIn.p50.toFixed(0)} / ${signIn.p95.toFixed(0)} ms`,
    '10 sequential',
  ]);
  const { accessToken } = (await (await login()).json()) as { accessToken: string };
  const users = await timeRequests(50, () =>
    fetch(`${cold.url}/api/user?tab=school&page=0&pageSize=25`, {
      headers: { authorization: `Bearer ${accessToken}` },
    }),
  );
  rows.push([
    'users list, first page p50 / p95',
    `${users.p50.toFixed(1)} / ${users.p95.toFixed(1)} ms`,
    '50 sequential',
  ]);
  await cold.stop();
  const warm = await startServer(dataDir);
  rows.push(['warm start (existing data dir)', `${(warm.ms / 1000).toFixed(2)} s`, '']);
  await warm.stop();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length), ['measure', 'result', 'note'][i].length));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
console.log(line(['measure', 'result', 'note']));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const r of rows) console.log(line(r));
