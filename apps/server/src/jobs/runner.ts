import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { SCHEMA_LOCK, type Database, type Executor } from '../db/client';
import type { JobContext, JobDefinition, JobQueue } from './job';

export type JobRunnerOptions = {
  /** Replaces every job's retry delay (tests retry at once instead of waiting a minute). */
  retryDelaySeconds?: number;
  /** How often an idle worker looks for work (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** pg-boss maintenance (expiring, archiving, deleting old jobs); tests that live seconds turn it off. */
  maintenance?: boolean;
  /**
   * Runs pg-boss's clock (the timekeeper) that turns cron schedules into jobs; on by default when a job has a
   * schedule. The schedules are registered either way.
   */
  schedule?: boolean;
  /**
   * Seconds a running job stays its process's without a sign of life: the runner renews it every third of this while
   * the handler runs, so a job whose process died is failed (and retried elsewhere) about this long after, instead
   * of after its whole `expireInSeconds`. Default 120 (JOB_LEASE_SECONDS).
   */
  leaseSeconds?: number;
  /**
   * This process alone uses the database (the embedded one): a job still active at start was left by a process that
   * ended, and is retried at once.
   */
  soleProcess?: boolean;
};

/** The default lease of a running job (and of an outbox claim): what a crash costs before the work is taken over. */
const DEFAULT_LEASE_SECONDS = 120;

export type { JobQueue } from './job';

export type JobRunner = JobQueue & {
  /** Installs pg-boss's tables when needed, creates the queues and starts the workers of this process. */
  start(context: JobContext): Promise<void>;
  /**
   * Stops taking jobs, waits for those running (up to `timeoutMs`; pg-boss then fails them), and up to `timeoutMs`
   * more for what is still under way to end, so that nothing touches the database after it is closed.
   */
  stop(timeoutMs?: number): Promise<void>;
  /** Puts a failed job back in the queue through pg-boss (one more attempt); a job that is not failed is left alone. */
  retry(name: string, id: string): Promise<void>;
};

/** pg-boss over the app's own database: PGlite or the PostgreSQL server, through `executeSql`. */
export function createJobRunner(
  database: Database,
  jobs: readonly JobDefinition<unknown>[],
  options: JobRunnerOptions = {},
): JobRunner {
  // pg-boss neither waits for a fetch in flight at stop nor awaits its own complete/fail calls: counting what is
  // under way lets stop() wait for it, so nothing reaches the database after the app has closed it
  const inFlight = { count: 0 };
  let stopped = false;
  const tracked =
    <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      inFlight.count++;
      try {
        return await work(...args);
      } finally {
        inFlight.count--;
      }
    };
  // Once stop() is done, a handler that outlasted it may still end and have pg-boss write its result: that write is
  // dropped (a promise that never settles, so nothing is rejected with nobody to catch it). pg-boss already failed
  // the job when its graceful wait ended, so it runs again: processing is at-least-once.
  const executeSql = tracked(database.executeSql);
  const db = {
    executeSql: (text: string, values?: unknown[]) =>
      stopped ? new Promise<never>(() => {}) : executeSql(text, values),
  };
  const lease = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const boss = new PgBoss({
    db,
    // the migrations install pg-boss's schema (one process at a time); start-up only checks it is there
    migrate: false,
    supervise: options.maintenance ?? true,
    // expiry is how a dead process's job comes back: looked for several times per lease
    maintenanceIntervalSeconds: Math.max(1, Math.round(lease / 4)),
    // the timekeeper polls the clock only when some job runs on a cron
    schedule: options.schedule ?? jobs.some((job) => job.schedule),
  });
  const registered = new Set(jobs.map((job) => job.name));
  const keepAlive = heartbeat(db, lease);

  return {
    async enqueue(executor, job, payload, enqueueOptions = {}) {
      if (!registered.has(job.name)) throw new Error(`job ${job.name} is not in the registry`);
      return boss.send(job.name, job.payload.parse(payload) as object, {
        db: executorAdapter(executor),
        singletonKey: job.idempotencyKey(payload),
        retryLimit: job.retryLimit,
        retryDelay: options.retryDelaySeconds ?? job.retryDelaySeconds,
        retryBackoff: job.retryBackoff,
        expireInSeconds: Math.min(lease, job.expireInSeconds),
        ...(enqueueOptions.startAfter && { startAfter: enqueueOptions.startAfter }),
      });
    },

    async start(context) {
      boss.on('error', (err) => context.log.error({ err }, 'job queue error'));
      await boss.start();
      await database.exclusively(SCHEMA_LOCK, async () => {
        for (const job of jobs) {
          await createQueue(boss, job);
          // one row per queue: registering again at every start replaces the cron, never adds a second one
          if (job.schedule)
            await boss.schedule(
              job.name,
              job.schedule.cron,
              {},
              {
                tz: job.schedule.tz ?? 'UTC',
                singletonKey: job.name,
                expireInSeconds: Math.min(lease, job.expireInSeconds),
              },
            );
        }
      });
      if (options.soleProcess) await retryLeftBehind(boss, db, context);
      for (const job of jobs) {
        const runOne = async (run: PgBoss.JobWithMetadata<unknown>) => {
          const attempt = { number: run.retryCount + 1, last: run.retryCount >= run.retryLimit };
          const alive = keepAlive(run, job.expireInSeconds, context);
          try {
            await job.handle(job.payload.parse(run.data), context, attempt);
          } catch (err) {
            context.log.warn({ err, job: job.name, id: run.id, attempt: attempt.number }, 'job failed');
            throw err;
          } finally {
            alive.end();
          }
        };
        await boss.work<unknown>(
          job.name,
          {
            includeMetadata: true,
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
            batchSize: job.batchSize ?? 1,
          },
          tracked(async (runs: PgBoss.JobWithMetadata<unknown>[]) => {
            if (runs.length === 1) return runOne(runs[0]);
            // each job of a batch succeeds or fails alone: a failed one is failed here, pg-boss completes the rest
            await Promise.all(
              runs.map((run) =>
                runOne(run).catch((err: unknown) => boss.fail(job.name, run.id, { message: String(err) })),
              ),
            );
          }),
        );
      }
    },

    async retry(name, id) {
      await boss.retry(name, id);
    },

    async stop(timeoutMs = 8000) {
      await boss.stop({ graceful: true, timeout: timeoutMs, close: false });
      // a handler that outlasted the graceful wait is already failed by pg-boss; let it end and write that
      const deadline = Date.now() + timeoutMs;
      while (inFlight.count > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      stopped = true;
    },
  };
}

type SqlRunner = { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };

/** stately: at most one job per key waiting, one retrying and one running. */
const createQueue = (boss: PgBoss, job: JobDefinition<unknown>) =>
  boss.createQueue(job.name, { name: job.name, policy: 'stately' });

/**
 * Installs (or upgrades) pg-boss's schema and creates the app's queues: part of the migrations, so that processes
 * started together on a new database do not race to create them.
 */
export async function installJobQueues(database: Database, jobs: readonly JobDefinition<unknown>[]): Promise<void> {
  const boss = new PgBoss({ db: { executeSql: database.executeSql }, supervise: false, schedule: false });
  await boss.start();
  for (const job of jobs) await createQueue(boss, job);
  await boss.stop({ graceful: false, close: false });
}

/**
 * pg-boss 10 has no heartbeat: a job is failed `expire_in` after it started, whether its process lives or not. The
 * runner sends each job with an expiry of one lease and, while its handler runs, pushes the expiry to a lease from
 * now every third of a lease, never past the job's own `expireInSeconds` (its longest run). A process that died
 * stops renewing: its job is failed a lease later by pg-boss's maintenance and retried.
 */
function heartbeat(db: SqlRunner, leaseSeconds: number) {
  return (run: PgBoss.JobWithMetadata<unknown>, longestSeconds: number, context: JobContext) => {
    const renew = () =>
      db
        .executeSql(
          `UPDATE pgboss.job SET expire_in = LEAST(now() - started_on + $3 * interval '1 second', $4 * interval '1 second')
           WHERE name = $1 AND id = $2 AND state = 'active'`,
          [run.name, run.id, leaseSeconds, Math.max(leaseSeconds, longestSeconds)],
        )
        .catch((err) => context.log.warn({ err, job: run.name, id: run.id }, 'job lease not renewed'));
    // at once too: the expiry the job was sent with is the enqueuing process's lease, maybe not this one's
    void renew();
    const timer = setInterval(renew, (leaseSeconds * 1000) / 3);
    return { end: () => clearInterval(timer) };
  };
}

/** Fails (so retries at once, if tries are left) the jobs still active at start: their process has ended. */
async function retryLeftBehind(boss: PgBoss, db: SqlRunner, context: JobContext) {
  const { rows } = await db.executeSql(`SELECT name, id FROM pgboss.job WHERE state = 'active'`);
  for (const { name, id } of rows as Array<{ name: string; id: string }>) {
    context.log.warn({ job: name, id }, 'job left running by a process that ended: retried');
    await boss.fail(name, id, { message: 'the process that ran it ended' });
  }
}

/** pg-boss's `db` option over a Drizzle executor, so a job is inserted inside the caller's transaction. */
function executorAdapter(executor: Executor) {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      const result = (await executor.execute(withParameters(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** `$1`-style SQL and its values as Drizzle SQL, which numbers the parameters again for either driver. */
function withParameters(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${parameter(values[Number(part) - 1])}`)),
    sql.raw(''),
  );
}

const parameter = (value: unknown) =>
  value === undefined
    ? null
    : typeof value === 'object' && value !== null && !(value instanceof Date)
      ? JSON.stringify(value)
      : value;
