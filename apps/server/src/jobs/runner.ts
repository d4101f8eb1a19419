import { sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Database, Executor } from '../db/client';
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
};

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
  const boss = new PgBoss({
    db: {
      executeSql: (text: string, values?: unknown[]) =>
        stopped ? new Promise<never>(() => {}) : executeSql(text, values),
    },
    supervise: options.maintenance ?? true,
    // the timekeeper polls the clock only when some job runs on a cron
    schedule: options.schedule ?? jobs.some((job) => job.schedule),
  });
  const registered = new Set(jobs.map((job) => job.name));

  return {
    async enqueue(executor, job, payload, enqueueOptions = {}) {
      if (!registered.has(job.name)) throw new Error(`job ${job.name} is not in the registry`);
      return boss.send(job.name, job.payload.parse(payload) as object, {
        db: executorAdapter(executor),
        singletonKey: job.idempotencyKey(payload),
        retryLimit: job.retryLimit,
        retryDelay: options.retryDelaySeconds ?? job.retryDelaySeconds,
        retryBackoff: job.retryBackoff,
        expireInSeconds: job.expireInSeconds,
        ...(enqueueOptions.startAfter && { startAfter: enqueueOptions.startAfter }),
      });
    },

    async start(context) {
      boss.on('error', (err) => context.log.error({ err }, 'job queue error'));
      await boss.start();
      for (const job of jobs) {
        // stately: at most one job per key waiting, one retrying and one running
        await boss.createQueue(job.name, { name: job.name, policy: 'stately' });
        await boss.work<unknown>(
          job.name,
          { includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 },
          tracked(async ([run]: PgBoss.JobWithMetadata<unknown>[]) => {
            const attempt = { number: run.retryCount + 1, last: run.retryCount >= run.retryLimit };
            try {
              await job.handle(job.payload.parse(run.data), context, attempt);
            } catch (err) {
              context.log.warn({ err, job: job.name, id: run.id, attempt: attempt.number }, 'job failed');
              throw err;
            }
          }),
        );
        // one row per queue: registering again at every start replaces the cron, never adds a second one
        if (job.schedule)
          await boss.schedule(
            job.name,
            job.schedule.cron,
            {},
            { tz: job.schedule.tz ?? 'UTC', singletonKey: job.name },
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
