import { holdsSeat, isWaiting } from '@openseat/shared/application-status';
import { STATUS } from '@openseat/shared/constants';
import { isMessageKey } from '@openseat/shared/messages';
import type { Db, Executor } from '../../../db/client';
import { sqlStateOf } from '../../../lib/db-errors';
import { AppError, conflict } from '../../../lib/errors';
import { writeAudits } from '../../audit/audit.service';
import { nextCorrelative } from '../../applications/application-ref.service';
import { OfferDeadlines } from '../../status-moves/offer-deadline.service';
import { appendHistory, lockGroups, nextWaitingPlaces, takeSeats } from '../../status-moves/status-moves.service';
import { MERGED_FIELDS, seatsNeeded, type StagedRow } from './import-plan';
import * as repo from './import-apply.repository';

/*
 * The commit job's work (import-apply.jobs.ts): a staged import written in one transaction, all or nothing.
 */

/** A failure the same commit would meet again: a refusal or a row the database refuses (constraint, bad value). */
const isPermanent = (error: unknown) =>
  error instanceof AppError || ['22', '23'].includes(String(sqlStateOf(error) ?? '').slice(0, 2));

/**
 * The import job's work: every staged row written in one transaction (seats taken all or none, waiting lists
 * continued in the file's order, history and audit naming the import); a failure writes nothing and marks the batch
 * failed with its reason. Safe to run twice: a batch no longer pending or working is left alone.
 */
export async function commitBatch(db: Db, id_import_batch: number, lastAttempt: boolean) {
  await repo.startBatch(db, id_import_batch);
  try {
    await db.transaction((tx) => writeBatch(tx, id_import_batch));
  } catch (error) {
    if (!isPermanent(error) && !lastAttempt) throw error;
    const message = error instanceof AppError && isMessageKey(error.message) ? error.message : 'importFailed';
    await repo.updateBatch(db, id_import_batch, { status: 'failed', error: message, processed: 0 });
  }
}

export type Group = { id_campus_year: number; id_grade: number | null };

/** Audit rows per statement (8 parameters each). */
const AUDIT_CHUNK = 5000;
export const groupKey = (g: Group) => `${g.id_campus_year}:${g.id_grade ?? 0}`;

async function writeBatch(tx: Executor, id_import_batch: number) {
  const batch = await repo.lockBatch(tx, id_import_batch);
  if (!batch || (batch.status !== 'pending' && batch.status !== 'working')) return;
  const staged = await repo.stagedRows(tx, id_import_batch);
  const rows = staged.map((s) => ({ id: s.id, ...(s.payload as StagedRow) }));
  const created = rows.filter((r) => r.action === 'new');
  const merges = rows.filter((r) => r.action === 'merge' && r.id_application !== null);

  // seats and waiting places: the groups locked as every status move locks them, the seats taken all or none
  const groups = new Map<string, Group>();
  for (const r of created)
    if (r.id_grade !== null && (holdsSeat(r.id_status) || isWaiting(r.id_status)))
      groups.set(groupKey(r), { id_campus_year: r.id_campus_year, id_grade: r.id_grade });
  await lockGroups(tx, [...groups.values()]);
  for (const need of seatsNeeded(created))
    if (!(await takeSeats(tx, need, need.count))) throw conflict('importSeatsExceeded');
  const firstPlace = new Map<string, number>();
  const waitingGrades = new Map<number, Set<number>>();
  for (const r of created)
    if (isWaiting(r.id_status) && r.id_grade !== null)
      waitingGrades.set(r.id_campus_year, (waitingGrades.get(r.id_campus_year) ?? new Set()).add(r.id_grade));
  for (const [period, grades] of waitingGrades) {
    const next = await nextWaitingPlaces(tx, period, [...grades]);
    for (const [id_grade, place] of next) firstPlace.set(groupKey({ id_campus_year: period, id_grade }), place);
  }

  // the applicants and applications, ids and numbers drawn first so each row knows its own
  const applicantIds = await repo.allocateIds(tx, 'applicant', created.length);
  const applicationIds = await repo.allocateIds(tx, 'application', created.length);
  const firstCorrelative = created.length ? await nextCorrelative(tx, batch.id_school) : 0;
  const placeOf = (r: StagedRow) =>
    isWaiting(r.id_status) && r.rank !== null ? (firstPlace.get(groupKey(r)) ?? 1) + r.rank - 1 : null;
  // an imported offer lapses by its period's rule from the import, as an offer made here today would
  const now = new Date();
  const deadlines = new OfferDeadlines(tx);
  const offered = created.filter((r) => r.id_status === STATUS.OFFERED);
  await deadlines.load(offered.map((r) => r.id_campus_year));
  const expiry = new Map<number, Date | null>();
  for (const r of offered) expiry.set(r.rowNumber, await deadlines.of(r.id_campus_year, now));
  await repo.insertApplicants(
    tx,
    created.map((r, i) => ({ ...r.applicant, id_applicant: applicantIds[i], id_school: batch.id_school })),
  );
  const applications = created.map((r, i) => ({
    id_application: applicationIds[i],
    id_school: batch.id_school,
    id_campus: r.id_campus,
    id_campus_year: r.id_campus_year,
    id_school_year: batch.id_school_year,
    correlative: firstCorrelative + i,
    id_applicant: applicantIds[i],
    id_grade: r.id_grade,
    // rows staged before priorities were imported carry none
    id_priority_item: r.id_priority_item ?? null,
    id_status: r.id_status,
    waiting_list_position: placeOf(r),
    offer_expires_at: expiry.get(r.rowNumber) ?? null,
    sibling_priority: r.sibling_priority,
    lottery_number: r.lottery_number,
    id_import_batch,
    createdAt: r.applicationDate,
  }));
  await repo.insertApplications(tx, applications);
  const note = `import #${id_import_batch}`;
  await appendHistory(
    tx,
    applications.map((app) => ({
      id_school: batch.id_school,
      id_application: app.id_application,
      id_status: app.id_status,
      waiting_list_position: app.waiting_list_position,
      id_user: batch.id_user,
      note,
    })),
  );
  await repo.insertTags(
    tx,
    created.flatMap((r, i) =>
      (r.tagIds ?? []).map((id_tag) => ({ id_school: batch.id_school, id_application: applicationIds[i], id_tag })),
    ),
  );
  await repo.insertNotes(
    tx,
    created.flatMap((r, i) =>
      r.note
        ? [{ id_school: batch.id_school, id_application: applicationIds[i], id_user: batch.id_user, note: r.note }]
        : [],
    ),
  );

  // merges: the existing application's empty fields filled, what they were kept for the undo
  // (a created application names its import itself: `application.id_import_batch`)
  const results: Array<{ id: number; id_application: number; filled: Record<string, unknown> | null }> = [];
  const targets = new Map(
    (
      await repo.applicantsOf(
        tx,
        batch.id_school,
        merges.map((m) => m.id_application!),
      )
    ).map((t) => [t.id_application, t]),
  );
  let merged = batch.merged;
  for (const m of merges) {
    const target = targets.get(m.id_application!);
    if (!target) continue;
    const fill: Record<string, unknown> = {};
    const before: Record<string, unknown> = {};
    for (const field of MERGED_FIELDS) {
      const value = m.applicant[field];
      if ((target.applicant[field] === null || target.applicant[field] === '') && value !== null && value !== '') {
        fill[field] = value;
        before[field] = target.applicant[field];
      }
    }
    target.applicant = { ...target.applicant, ...fill };
    merged++;
    if (Object.keys(fill).length) await repo.setApplicantFields(tx, target.applicant.id_applicant, fill);
    results.push({
      id: m.id,
      id_application: m.id_application!,
      filled: Object.keys(fill).length ? { ...before, _updatedAt: target.updatedAt } : null,
    });
  }
  await repo.recordRowResults(tx, results);

  const actor = { id_user: batch.id_user, id_school: batch.id_school };
  const audits: Parameters<typeof writeAudits>[2] = [
    {
      action: 'import.commit',
      entity: 'import_batch',
      entityId: id_import_batch,
      id_campus: batch.id_campus,
      changes: { created: created.length, merged, skipped: batch.skipped, refused: batch.refused },
    },
    ...applications.map((app) => ({
      action: 'application.import',
      entity: 'application',
      entityId: app.id_application,
      id_campus: app.id_campus,
      changes: { id_import_batch, correlative: app.correlative, id_status: app.id_status },
    })),
    ...results
      .filter((x) => x.filled)
      .map((x) => ({
        action: 'application.import_merge',
        entity: 'application',
        entityId: x.id_application,
        changes: { id_import_batch, fields: Object.keys(x.filled!).filter((f) => f !== '_updatedAt') },
      })),
  ];
  // a statement carries at most 65,535 parameters: the audit rows go a few thousand at a time
  for (let i = 0; i < audits.length; i += AUDIT_CHUNK) await writeAudits(tx, actor, audits.slice(i, i + AUDIT_CHUNK));
  await repo.markCommitted(tx, id_import_batch, { created: created.length, merged, processed: rows.length });
}
