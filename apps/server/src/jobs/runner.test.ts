import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { databaseOfFile, openTestDatabase } from '../test/harness';
import { until } from '../test/until';
import { defineJob, type JobContext } from './job';
import { createJobRunner } from './runner';

const file = databaseOfFile();

const quietLog = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;

/** A runner with one job that runs for `runsMs` and then fails; resolves once the job has started. */
async function startSlowFailure(database: Database, runsMs: number) {
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const progress = { finished: false };
  const slowJob = defineJob({
    name: 'test.slow-failure',
    payload: z.object({ key: z.string() }),
    retryLimit: 0,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 60,
    idempotencyKey: ({ key }) => key,
    async handle() {
      started();
      await new Promise((resolve) => setTimeout(resolve, runsMs));
      progress.finished = true;
      throw new Error('the slow job fails after the graceful timeout');
    },
  });
  const runner = createJobRunner(database, [slowJob], { pollingIntervalSeconds: 0.5, maintenance: false });
  await runner.start({ db: database.db, log: quietLog } as unknown as JobContext);
  const id = await runner.enqueue(database.db, slowJob, { key: 'one' });
  await running;
  return { runner, id, progress };
}

describe('job runner stop', () => {
  it('waits for a job that outlasts the graceful timeout, so its failure is written before the database closes', async () => {
    const { runner, id, progress } = await startSlowFailure(file.database, 1500);

    await runner.stop(1000);

    expect(progress.finished).toBe(true);
    const { rows } = await file.database.executeSql('SELECT state FROM pgboss.job WHERE id = $1', [id]);
    expect(rows).toEqual([{ state: 'failed' }]);
  });

  it('drops what a job that outlasts every wait writes after the database is closed (no unhandled rejection)', async () => {
    const { database, drop } = await openTestDatabase();
    const { runner, progress } = await startSlowFailure(database, 3000);

    await runner.stop(1000);
    expect(progress.finished).toBe(false);
    await database.close();
    await drop();

    // the handler ends and fails now; pg-boss's write of that failure must not reject with nobody to catch it (an
    // unhandled rejection fails the run)
    await until('the handler to end', async () => progress.finished);
    await new Promise((resolve) => setImmediate(resolve));
  });
});

describe('job runner start on a database it alone uses', () => {
  it('retries at once a job a process that ended left running, instead of after its lease', async () => {
    const runs: string[] = [];
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const leftBehind = defineJob({
      name: 'test.left-behind',
      payload: z.object({ key: z.string() }),
      retryLimit: 2,
      retryDelaySeconds: 0,
      retryBackoff: false,
      expireInSeconds: 600,
      idempotencyKey: ({ key }) => key,
      async handle() {
        runs.push(runs.length === 0 ? 'first' : 'again');
        // the first run never ends: its process is gone as far as the database can tell
        if (runs.length === 1) await stuck;
      },
    });
    const context = { db: file.database.db, log: quietLog } as unknown as JobContext;
    const crashed = createJobRunner(file.database, [leftBehind], { pollingIntervalSeconds: 0.5, maintenance: false });
    await crashed.start(context);
    const id = await crashed.enqueue(file.database.db, leftBehind, { key: 'left' });
    await expect.poll(() => runs).toEqual(['first']);

    const restarted = createJobRunner(file.database, [leftBehind], {
      pollingIntervalSeconds: 0.5,
      maintenance: false,
      soleProcess: true,
    });
    try {
      await restarted.start(context);
      await expect.poll(() => runs, { timeout: 10_000 }).toEqual(['first', 'again']);
      const state = async () =>
        (await file.database.executeSql('SELECT state FROM pgboss.job WHERE id = $1', [id])).rows[0];
      await expect.poll(state).toEqual({ state: 'completed' });
    } finally {
      release();
      await restarted.stop(1000);
      await crashed.stop(1000);
    }
  });
});

describe('a job taken in batches', () => {
  it('runs a batch side by side, each job succeeding or failing alone', async () => {
    const ran: number[] = [];
    const batched = defineJob({
      name: 'test.batched',
      payload: z.object({ n: z.number().int() }),
      retryLimit: 0,
      retryDelaySeconds: 0,
      retryBackoff: false,
      expireInSeconds: 60,
      batchSize: 10,
      idempotencyKey: ({ n }) => `batched:${n}`,
      async handle({ n }) {
        ran.push(n);
        if (n === 3) throw new Error('the third one fails');
      },
    });
    const runner = createJobRunner(file.database, [batched], { pollingIntervalSeconds: 0.5, maintenance: false });
    const ids: string[] = [];
    await runner.start({ db: file.database.db, log: quietLog } as unknown as JobContext);
    await file.database.db.transaction(async (tx) => {
      for (let n = 1; n <= 6; n++) ids.push((await runner.enqueue(tx, batched, { n }))!);
    });
    try {
      await until('every job to end', async () => {
        const { rows } = await file.database.executeSql(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test.batched' AND state IN ('completed', 'failed')`,
        );
        return (rows[0] as { n: number }).n === 6;
      });
      const { rows } = await file.database.executeSql(
        `SELECT data->>'n' AS n, state FROM pgboss.job WHERE name = 'test.batched' ORDER BY (data->>'n')::int`,
      );
      expect(rows).toEqual([
        { n: '1', state: 'completed' },
        { n: '2', state: 'completed' },
        { n: '3', state: 'failed' },
        { n: '4', state: 'completed' },
        { n: '5', state: 'completed' },
        { n: '6', state: 'completed' },
      ]);
      expect([...ran].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    } finally {
      await runner.stop();
    }
  });
});
