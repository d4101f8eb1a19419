import type { RetentionSettingsRequest } from '@openseat/shared/schemas/retention';
import type { Db, Executor } from '../../db/client';
import type { JobQueue } from '../../jobs/job';
import { diff, writeAudit } from '../audit/audit.service';
import { forbidden, notFound } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { startRun } from './retention.jobs';
import { previewFor } from './retention.policy';
import { presentRun } from './retention.presenter';
import * as repo from './retention.repository';
/** Runs the settings screen lists. */
const RECENT_RUNS = 20;

/** A school-wide setting: the school's own staff with every campus, or the system (a campus reach is refused). */
async function requireSchool(db: Executor, caller: Principal, id_school: number) {
  const settings = await repo.findSettings(db, caller.scope, id_school);
  if (!settings) throw notFound();
  if (caller.scope.campusIds !== null) throw forbidden();
  return settings;
}

async function lastRun(db: Executor, id_school: number) {
  const [run] = await repo.recentRuns(db, id_school, 1);
  return run ? presentRun(run) : null;
}

export async function getSettings(db: Db, caller: Principal, id_school: number) {
  const settings = await requireSchool(db, caller, id_school);
  return { id_school, retention_years: settings.retention_years, lastRun: await lastRun(db, id_school) };
}

/** `PUT /retention/settings`: sets (or clears: null keeps everything) the school years kept; audited. */
export async function updateSettings(db: Db, caller: Principal, input: RetentionSettingsRequest) {
  return db.transaction(async (tx) => {
    const before = await requireSchool(tx, caller, input.id_school);
    await repo.updateSettings(tx, input.id_school, input.retention_years);
    await writeAudit(tx, caller, {
      action: 'school.retention',
      entity: 'school_configuration',
      entityId: input.id_school,
      id_school: input.id_school,
      changes: diff(before, { retention_years: input.retention_years }),
    });
    return {
      id_school: input.id_school,
      retention_years: input.retention_years,
      lastRun: await lastRun(tx, input.id_school),
    };
  });
}

/** `GET /retention/preview`: what a run would anonymise now (the run applies the very same query). */
export async function preview(db: Db, caller: Principal, id_school: number, now = new Date()) {
  const settings = await requireSchool(db, caller, id_school);
  return previewFor(db, settings, now);
}

export async function listRuns(db: Db, caller: Principal, id_school: number) {
  await requireSchool(db, caller, id_school);
  return (await repo.recentRuns(db, id_school, RECENT_RUNS)).map(presentRun);
}

/** `POST /retention/runs`: an administrator's "run now"; audited. */
export async function requestRun(db: Db, jobs: JobQueue, caller: Principal, id_school: number) {
  return db.transaction(async (tx) => {
    const settings = await requireSchool(tx, caller, id_school);
    const run = await startRun(tx, jobs, {
      id_school,
      retention_years: settings.retention_years,
      id_user: caller.id_user,
      trigger: 'manual',
    });
    await writeAudit(tx, caller, {
      action: 'retention.run.request',
      entity: 'retention_run',
      entityId: run.id_retention_run,
      id_school,
      changes: { retention_years: run.retentionYears },
    });
    const [shown] = await repo.recentRuns(tx, id_school, 1);
    return presentRun(shown);
  });
}

/**
 * Anonymises these applications of the school now, whatever their period (a family's request for deletion), as a
 * retention run would: in the caller's transaction, answering what went and the files to remove once it commits.
 */
export async function anonymiseNow(tx: Executor, id_school: number, ids: number[], at = new Date()) {
  const outcome = await repo.anonymise(tx, id_school, ids, at);
  return { files: outcome.files, removedFiles: outcome.removedFiles, messages: outcome.messages };
}
