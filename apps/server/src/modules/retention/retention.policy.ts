import type { RetentionPreview } from '@openseat/shared/schemas/retention';
import { wallClock } from '@openseat/shared/zoned-time';
import type { Db, Executor } from '../../db/client';
import { writeAudit } from '../audit/audit.service';
import { removeStoredFiles } from '../../lib/form-upload';
import * as repo from './retention.repository';

/*
 * The retention policy itself (docs/privacy.md, "Retention"): what is due, and a run that anonymises it. The preview
 * and the run read the same query (repo.dueByPeriod / repo.nextDue over one CTE).
 */

/** Applications anonymised per transaction: a run's progress moves on after each. */
export const RETENTION_CHUNK = 200;

/**
 * The school year running at `now` where the school is: school years start on July 1 (2026-27 from 1 July 2026), so
 * its first calendar year.
 */
export function currentYearOne(timeZone: string, now: Date): number {
  const clock = wallClock(timeZone, now);
  const year = Number(clock.year);
  return Number(clock.month) >= 7 ? year : year - 1;
}

/** The figures of what is due for a school now: the preview, and what a run records it will do. */
export async function previewFor(
  db: Executor,
  school: { id_school: number; retention_years: number | null; time_zone: string },
  now: Date,
): Promise<RetentionPreview> {
  const yearOne = currentYearOne(school.time_zone, now);
  const currentSchoolYear = `${yearOne}-${yearOne + 1}`;
  const empty = { applications: 0, files: 0, messages: 0, accessRows: 0 };
  if (school.retention_years === null) return { retention_years: null, currentSchoolYear, periods: [], totals: empty };
  const policy = { id_school: school.id_school, years: school.retention_years, currentYearOne: yearOne };
  const periods = await repo.dueByPeriod(db, policy);
  const totals = periods.reduce(
    (t, p) => ({
      applications: t.applications + p.applications,
      files: t.files + p.files,
      messages: t.messages + p.messages,
      accessRows: t.accessRows,
    }),
    { ...empty, accessRows: await repo.countStaleReads(db, school.id_school, now) },
  );
  return { retention_years: school.retention_years, currentSchoolYear, periods, totals };
}

/**
 * Carries a run out: takes the preview's figures, anonymises the due applications chunk by chunk (each chunk one
 * transaction, its files removed from disk before it commits: a crash may leave a row whose file is gone, which the
 * next run removes, but never a file nobody points at), prunes the stale reads, and records and audits the outcome.
 * At-least-once safe: anonymised applications leave the due set, so a run taken up again goes on where it stopped.
 */
export async function executeRun(db: Db, dataDir: string, id_retention_run: number, now = new Date()) {
  const run = await repo.findRun(db, id_retention_run);
  if (!run || run.status === 'done' || run.status === 'failed') return;
  const [school] = [await repo.findSettings(db, { id_school: run.id_school, campusIds: null }, run.id_school)];
  if (!school) return;
  // the policy the run was asked with (a later change of the setting applies from the next run)
  const settings = { ...school, retention_years: run.retentionYears };
  const policy = {
    id_school: run.id_school,
    years: run.retentionYears,
    currentYearOne: currentYearOne(school.time_zone, now),
  };
  if (run.status === 'pending') {
    const due = await previewFor(db, settings, now);
    await repo.updateRun(db, id_retention_run, { status: 'working', startedAt: now, total: due.totals.applications });
  }
  for (;;) {
    const files = await db.transaction(async (tx) => {
      const ids = await repo.nextDue(tx, policy, RETENTION_CHUNK);
      if (!ids.length) return null;
      const outcome = await repo.anonymise(tx, run.id_school, ids, now);
      await repo.addToRun(tx, id_retention_run, {
        applications: ids.length,
        files: outcome.removedFiles,
        messages: outcome.messages,
      });
      return outcome.files;
    });
    if (files === null) break;
    // after the commit: a rollback must not leave rows pointing at removed files (a crash in between leaves files no
    // row names, which is harmless)
    await removeStoredFiles(dataDir, files);
  }
  await db.transaction(async (tx) => {
    const accessRows = await repo.pruneStaleReads(tx, run.id_school, now);
    await repo.updateRun(tx, id_retention_run, { status: 'done', accessRows, finishedAt: new Date() });
    const finished = (await repo.findRun(tx, id_retention_run))!;
    await writeAudit(
      tx,
      { id_user: run.id_user, id_school: run.id_school },
      {
        action: 'retention.run',
        entity: 'retention_run',
        entityId: id_retention_run,
        id_school: run.id_school,
        changes: {
          trigger: run.trigger,
          retention_years: run.retentionYears,
          applications: finished.applications,
          files: finished.files,
          messages: finished.messages,
          accessRows,
        },
      },
    );
  });
}

/** Marks a run that could not finish (its last attempt failed). */
export async function failRun(db: Db, id_retention_run: number, error: unknown) {
  await repo.updateRun(db, id_retention_run, {
    status: 'failed',
    error: String(error).slice(0, 1000),
    finishedAt: new Date(),
  });
}
