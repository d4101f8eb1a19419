import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { defineJob, type JobContext } from '../jobs/job';
import { createJobRunner } from '../jobs/runner';
import { databaseOfFile } from './harness';
import { drainJobs } from './jobs';

const file = databaseOfFile();

const quietLog = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;

/** A job that takes a while and fails its first run, so the drain must outlast a run and a retry. */
function slowJob(name: string, done: string[]) {
  return defineJob({
    name,
    payload: z.object({ key: z.string() }),
    retryLimit: 1,
    retryDelaySeconds: 0,
    retryBackoff: false,
    expireInSeconds: 60,
    idempotencyKey: ({ key }) => key,
    async handle({ key }, _context, attempt) {
      await new Promise((resolve) => setTimeout(resolve, 300)); // the job's own work, not the test's wait
      if (attempt.number === 1) throw new Error('the first run fails');
      done.push(key);
    },
  });
}

describe('drainJobs', () => {
  it('returns only once a queued job has been processed, retry included', async () => {
    const done: string[] = [];
    const job = slowJob('test.drain', done);
    const runner = createJobRunner(file.database, [job], { pollingIntervalSeconds: 0.5, maintenance: false });
    await runner.start({ db: file.database.db, log: quietLog } as unknown as JobContext);
    try {
      await runner.enqueue(file.database.db, job, { key: 'a' });
      await runner.enqueue(file.database.db, job, { key: 'b' });
      await drainJobs(file, { queues: [job.name] });
      expect(done.sort()).toEqual(['a', 'b']);
    } finally {
      await runner.stop(1000);
    }
  });

  it('fails, naming what waits, when no worker takes the jobs', async () => {
    const job = slowJob('test.undrained', []);
    const runner = createJobRunner(file.database, [job], { maintenance: false });
    await runner.start({ db: file.database.db, log: quietLog } as unknown as JobContext);
    await runner.stop(1000);
    await runner.enqueue(file.database.db, job, { key: 'a' });
    await expect(drainJobs(file, { queues: [job.name], ms: 300 })).rejects.toThrow(
      'the job queue did not drain in 300 ms: 1 created test.undrained',
    );
  });
});
