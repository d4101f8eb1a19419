import { z } from 'zod';
import type { Executor } from '../../db/client';
import { defineJob, type JobQueue } from '../../jobs/job';
import { badRequest, conflict } from '../../lib/errors';
import { executeRun, failRun } from './retention.policy';
import * as repo from './retention.repository';

/**
 * One run of a school's retention policy (docs/privacy.md, "Retention"). At-least-once safe: the run goes on where
 * it stopped (anonymised applications have left the due set) and a finished run is not run again.
 */
export const retentionRunJob = defineJob({
  name: 'retention.run',
  payload: z.object({ id_retention_run: z.number().int().positive() }),
  retryLimit: 3,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 60 * 60,
  idempotencyKey: ({ id_retention_run }) => `retention:${id_retention_run}`,
  async handle({ id_retention_run }, context, attempt) {
    try {
      await executeRun(context.db, context.config.dataDir, id_retention_run);
    } catch (err) {
      if (attempt.last) await failRun(context.db, id_retention_run, err);
      throw err;
    }
  },
});

/**
 * Records a run and queues its job in the same transaction; refused while the policy is off (400) or while another
 * run of the school waits or works (409, `retention_run_one_active`).
 */
export async function startRun(
  tx: Executor,
  jobs: JobQueue,
  run: { id_school: number; retention_years: number | null; id_user: number | null; trigger: 'schedule' | 'manual' },
) {
  if (run.retention_years === null)
    throw badRequest('retentionOff', [{ path: 'retention_years', message: 'retentionOff' }]);
  const row = await repo.insertRun(tx, {
    id_school: run.id_school,
    id_user: run.id_user,
    trigger: run.trigger,
    retentionYears: run.retention_years,
  });
  if (!row) throw conflict('retentionRunning');
  await jobs.enqueue(tx, retentionRunJob, { id_retention_run: row.id_retention_run });
  return row;
}

/** Every day at 03:30 UTC: a run for each school with a policy and none under way. */
export const retentionScheduleJob = defineJob({
  name: 'retention.schedule',
  payload: z.object({}).loose(),
  retryLimit: 2,
  retryDelaySeconds: 600,
  retryBackoff: false,
  expireInSeconds: 10 * 60,
  idempotencyKey: () => 'retention:schedule',
  schedule: { cron: '30 3 * * *', tz: 'UTC' },
  async handle(_payload, context) {
    let started = 0;
    for (const school of await repo.schoolsWithPolicy(context.db)) {
      await context.db.transaction(async (tx) => {
        if (await repo.activeRun(tx, school.id_school)) return;
        await startRun(tx, context.jobs, { ...school, id_user: null, trigger: 'schedule' });
        started++;
      });
    }
    if (started) context.log.info({ started }, 'retention runs started');
  },
});
