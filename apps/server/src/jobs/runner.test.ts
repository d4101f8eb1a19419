import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { databaseOfFile } from '../test/harness';
import { defineJob, type JobContext } from './job';
import { createJobRunner } from './runner';

const file = databaseOfFile();

const quietLog = { error() {}, warn() {}, info() {}, debug() {} } as unknown as FastifyBaseLogger;

describe('job runner stop', () => {
  it('waits for a job that outlasts the graceful timeout, so its failure is written before the database closes', async () => {
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
        await new Promise((resolve) => setTimeout(resolve, 1500));
        progress.finished = true;
        throw new Error('the slow job fails after the graceful timeout');
      },
    });
    const runner = createJobRunner(file.database, [slowJob], { pollingIntervalSeconds: 0.5, maintenance: false });
    await runner.start({ db: file.database.db, log: quietLog } as unknown as JobContext);
    const id = await runner.enqueue(file.database.db, slowJob, { key: 'one' });
    await running;

    await runner.stop(1000);

    expect(progress.finished).toBe(true);
    const { rows } = await file.database.executeSql('SELECT state FROM pgboss.job WHERE id = $1', [id]);
    expect(rows).toEqual([{ state: 'failed' }]);
  });
});
