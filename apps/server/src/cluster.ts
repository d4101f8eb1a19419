import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { loadSecrets } from './lib/secrets';
import { printBanner } from './serve';

/*
 * Several server processes on one port (Node's cluster), on a PostgreSQL server only. A process runs its JavaScript
 * on one core, and an API request is mostly CPU (query building, validation, serialization), so one process stopped
 * at one core while the database had more to give. The primary migrates once, forks WEB_CONCURRENCY workers (this
 * same entry, run as workers: serve.ts), hands them the port's connections in turn, and starts a worker again when
 * one ends. It serves nothing, runs no job and holds no database session once the migrations are done.
 *
 * Not on the embedded database: PGlite is PostgreSQL running inside one process's memory over files that process
 * alone may open, so a second process could neither share it nor open it; there the server stays one process.
 */

/** A worker that ends sooner than this after its start crashed again: each such end doubles the wait before the next. */
const STEADY_MS = 30_000;
const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 60_000;
/** A worker gives itself 10 s to stop (serve.ts); past this the primary ends what is left. */
const STOP_MS = 15_000;

/** The cluster's primary: migrates, starts the workers, keeps them running, stops them on SIGTERM or SIGINT. */
export async function runCluster(config: Config) {
  const startedAt = Date.now();
  const workers = new Map<Worker, number>();
  const restarts = new Set<NodeJS.Timeout>();
  let ready = false;
  let stopping = false;
  let exitCode = 0;
  let quickEnds = 0;

  const fork = () => workers.set(cluster.fork(), Date.now());
  const exit = () => process.exit(exitCode);

  function stop(reason: string, code: number) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const timer of restarts) clearTimeout(timer);
    if (workers.size === 0) return exit();
    console.log(`${reason}: stopping ${workers.size} server processes`);
    // each worker closes as one process would: no new requests, running requests and jobs finish, then the database
    for (const worker of workers.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of workers.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_MS).unref();
  }
  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));

  cluster.on('exit', (worker, code, signal) => {
    const started = workers.get(worker) ?? Date.now();
    workers.delete(worker);
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (workers.size === 0) exit();
      return;
    }
    // before the first answer: a bad port or an unreachable database, which starting again would not mend
    if (!ready) {
      console.error(`A server process ended while starting (${how}): OpenSeat did not start.`);
      return stop('Start-up failed', 1);
    }
    quickEnds = Date.now() - started < STEADY_MS ? quickEnds + 1 : 0;
    const wait = quickEnds ? Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (quickEnds - 1)) : 0;
    console.warn(
      `Server process ${worker.process.pid} ended (${how}); starting another${wait ? ` in ${wait / 1000} s` : ''}.`,
    );
    const timer = setTimeout(() => {
      restarts.delete(timer);
      fork();
    }, wait);
    restarts.add(timer);
  });
  cluster.on('listening', (worker) => {
    if (ready) console.log(`Server process ${worker.process.pid} started.`);
  });

  // written here once when generated (outside production), before any worker reads it: workers that each generated
  // their own would sign sessions the others refuse
  loadSecrets(config);
  // two sessions: one holds the advisory lock, the other migrates
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null, poolSize: 2 });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }

  await new Promise<void>((resolve) => {
    let listening = 0;
    const counted = () => {
      if (++listening < config.webConcurrency) return;
      cluster.off('listening', counted);
      resolve();
    };
    cluster.on('listening', counted);
    for (let i = 0; i < config.webConcurrency; i++) fork();
  });
  ready = true;
  printBanner(config, { readyMs: Date.now() - startedAt, processes: config.webConcurrency, seeded: false });
}
