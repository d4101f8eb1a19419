import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAIN = path.join(SRC, 'main.ts');
/** What `npm run build` makes of main.ts: the server as an installation runs it. */
const BUILT = path.join(SRC, '..', 'dist', 'main.js');

/** Bundles the server as `npm run build` does (esbuild, a second or two), so a test of the built server runs today's code. */
export async function buildServer(): Promise<void> {
  const child = spawn(process.execPath, ['build.mjs'], {
    cwd: path.join(SRC, '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the server's build failed:\n${output}`);
}

/** Runs a command-line entry of the server (`db/migrate-cli.ts`...) as its own process: its exit code and output. */
export function runServerCommand(
  entry: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(SRC, entry), ...args], {
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

/** An API process of its own (`src/main.ts` through tsx), as an installation runs it: it may crash or be killed. */
export type ServerProcess = {
  baseUrl: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves with the exit code (or signal) when the process ends. */
  exited: Promise<number | string>;
  /** Whether it still runs. */
  alive: () => boolean;
  /** SIGKILL (a crash: nothing runs after it) or SIGTERM (a stop), and waits for the end. */
  kill: (signal?: 'SIGKILL' | 'SIGTERM') => Promise<void>;
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

/**
 * Starts a server process with these settings (DATABASE_URL, SMTP_URL...) on a free port and a data folder of its
 * own unless DATA_DIR is given; resolves once it answers /api/health, or rejects with what it printed. One process
 * unless WEB_CONCURRENCY says otherwise; `built` runs apps/server/dist/main.js (see `buildServer`) instead of the
 * sources through tsx.
 */
export async function startServerProcess(
  env: Record<string, string>,
  { timeoutMs = 60_000, built = false } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-process-'));
  const child = spawn(process.execPath, built ? [BUILT] : ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      SEED_DEMO: 'never',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  const kill = async (signal: 'SIGKILL' | 'SIGTERM' = 'SIGTERM') => {
    if (alive()) child.kill(signal);
    await exited;
    if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (!alive()) throw new Error(`the server process ended (${await exited}) before it answered:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > until) {
      await kill('SIGKILL');
      throw new Error(`the server process did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, child, output: () => output, exited, alive, kill };
}
