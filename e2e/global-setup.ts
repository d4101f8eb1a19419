import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { testChainPublicKey } from './drand-test-chain';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per test worker: the file running in worker n (VITEST_POOL_ID) drives `baseUrls[n - 1]`. */
    baseUrls: string[];
    /** The output of server n, `serverLogs[n - 1]`: each file that drives it writes its name there first. */
    serverLogs: string[];
  }
}

const root = path.resolve(import.meta.dirname, '..');
const ARTIFACTS = path.join(root, 'e2e/artifacts');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy');
}

type Server = { baseUrl: string; logFile: string; stop: () => Promise<void> };

/**
 * Starts `node apps/server/dist/main.js` on a fresh data folder of its own; its output goes to
 * e2e/artifacts/server-<n>.log, the place to look when a file that ran in worker n fails.
 */
async function startServer(main: string, n: number): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `openseat-e2e-${n}-`));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = path.join(ARTIFACTS, `server-${n}.log`);
  fs.rmSync(logFile, { force: true });
  // appended to, by the server and by the test files (their names), so neither overwrites the other
  const log = fs.openSync(logFile, 'a');
  const server = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      NODE_ENV: 'development',
      SMTP_URL: '',
      DATABASE_URL: '',
      DRAND_TEST_CHAIN_PUBLIC_KEY: testChainPublicKey(),
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // a fresh database is migrated and seeded first: minutes on a busy machine
    await waitForHealth(baseUrl, server, 300_000);
  } catch (error) {
    server.kill('SIGKILL');
    await stop();
    throw new Error(`server ${n}: ${(error as Error).message}\n${fs.readFileSync(logFile, 'utf8')}`);
  }
  return { baseUrl, logFile, stop };
}

/**
 * Starts one server per test worker (`E2E_WORKERS`, default 2; never more than the files to run), each on its own
 * embedded database: files running at the same time never see each other's changes (a language saved for the
 * user, a moved application).
 */
export default async function setup(project: TestProject) {
  const main = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(main) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build');
  }
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  // the files this run runs, after the command line's filters (vitest keeps them on an internal field)
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const { testFiles } = await project.globTestFiles(filters);
  const count = Math.max(1, Math.min(project.config.maxWorkers, testFiles.length));
  const started = await Promise.allSettled(Array.from({ length: count }, (_, i) => startServer(main, i + 1)));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'baseUrls',
    servers.map((s) => s.baseUrl),
  );
  project.provide(
    'serverLogs',
    servers.map((s) => s.logFile),
  );
  return stopAll;
}
