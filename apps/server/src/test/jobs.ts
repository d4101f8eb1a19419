import { setTimeout as delay } from 'node:timers/promises';
import type { Database } from '../db/client';
import { JOBS } from '../jobs/registry';

/** The app's queues: what its workers run. */
const APP_QUEUES = JOBS.map((job) => job.name);

type Busy = { name: string; state: string; n: number };

/**
 * The app's jobs still to be processed: running ones, retries (whenever they are due) and waiting ones that are due.
 * A job queued to start later (`startAfter`: a hold, an offer's expiry) is not work of now and is left out.
 */
async function busyJobs(database: Pick<Database, 'executeSql'>, queues: readonly string[]): Promise<Busy[]> {
  const { rows } = await database.executeSql(
    `SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job
      WHERE name = ANY($1::text[])
        AND (state IN ('active', 'retry') OR (state = 'created' AND start_after <= now()))
      GROUP BY name, state ORDER BY name, state`,
    [queues],
  );
  return rows as Busy[];
}

/**
 * Waits until the job queue is idle: no job of the app's queues created (and due), retrying or running. Every job
 * is a row until its handler has ended (the work it queues in turn is a row before that), so once this returns what
 * was queued has been *processed*, not merely not run yet: assert "nothing was sent" after it, never after a sleep.
 * Needs a worker to run them (a stopped runner's jobs never drain: this then fails naming what waits).
 */
export async function drainJobs(
  target: { database: Pick<Database, 'executeSql'> },
  { queues = APP_QUEUES, ms = 15_000 }: { queues?: readonly string[]; ms?: number } = {},
): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    const busy = await busyJobs(target.database, queues);
    if (busy.length === 0) return;
    if (Date.now() > end)
      throw new Error(
        `the job queue did not drain in ${ms} ms: ${busy.map((b) => `${b.n} ${b.state} ${b.name}`).join(', ')}`,
      );
    await delay(50);
  }
}

/** How many jobs of `queue` wait untaken (state created), e.g. while no worker runs. */
export async function waitingJobs(target: { database: Pick<Database, 'executeSql'> }, queue: string): Promise<number> {
  const { rows } = await target.database.executeSql(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'created'`,
    [queue],
  );
  return (rows as { n: number }[])[0].n;
}
