import { holdsSeat, isWaiting } from '@openseat/shared/application-status';
import type { MappedImportRow } from '@openseat/shared/import-fields';
import { isMessageKey } from '@openseat/shared/messages';
import type { ImportCommit, ImportDryRun, ImportReport } from '@openseat/shared/schemas/imports';
import type { Db, Executor } from '../../../db/client';
import type { JobQueue } from '../../../jobs/job';
import { sqlStateOf } from '../../../lib/db-errors';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors';
import type { Scope } from '../../../lib/scope';
import { writeAudits } from '../../audit/audit.service';
import { nextCorrelative } from '../../applications/application-ref.service';
import { requireCampus } from '../../campuses/campus-ref.service';
import {
  appendHistory,
  lockGroups,
  nextWaitingPlaces,
  releaseSeats,
  renumberWaitingList,
  takeSeats,
} from '../../status-moves/status-moves.service';
import { emailKey, phoneIndexKey, phoneKey } from './duplicates';
import { mapKey, mapsOf, type CampusPeriod, type CheckContext } from './import-check';
import {
  checkFile,
  findDuplicates,
  MERGED_FIELDS,
  planRows,
  reportOf,
  seatsNeeded,
  type CheckedFile,
  type Match,
  type StagedRow,
} from './import-plan';
import * as repo from './import-apply.repository';

/*
 * The dry run, commit and undo of an import (issue 27, docs/import-apply.md). The dry run checks every row, finds the
 * duplicates and counts the seats, and writes nothing. The commit stages the rows with the user's decisions and queues
 * a job that writes them in one transaction (all or nothing). The undo deletes what the import created and empties
 * what it filled, while nothing has happened to those applications since.
 */

/** Who imports: the caller's scope, user and school. */
export type ImportCaller = { scope: Scope; id_user: number; id_school: number | null };

type Analysis = {
  id_school: number;
  id_campus: number | null;
  context: CheckContext;
  file: CheckedFile;
  matches: Map<number, Match>;
};

/** The school, the campuses the import may write to and their periods, grades and seats. */
async function contextOf(db: Executor, caller: ImportCaller, request: ImportDryRun) {
  const campus = request.id_campus === null ? null : await requireCampus(db, caller.scope, request.id_campus);
  const id_school = caller.scope.id_school ?? campus?.id_school;
  if (id_school === undefined || (caller.scope.campusIds !== null && campus === null))
    throw badRequest('required', [{ path: 'id_campus', message: 'required' }]);
  const maps = mapsOf(request.maps);
  // a campus user imports into its chosen campus only: a row naming another campus is refused
  const campusIds =
    caller.scope.campusIds === null
      ? [...new Set([...maps.campuses.values(), ...(campus ? [campus.id_campus] : [])])]
      : [campus!.id_campus];
  const periods = await repo.campusPeriods(db, caller.scope, id_school, request.id_school_year, campusIds);
  const found = periods.map((p) => p.id_campus);
  const grades = await repo.offeredGrades(db, found);
  const periodIds = periods.flatMap((p) => (p.id_campus_year === null ? [] : [p.id_campus_year]));
  const seats = await repo.seatsLeft(db, periodIds);
  const priorityItems = new Set(await repo.priorityItemIds(db));
  const tags = await repo.campusTags(db, found);
  const campuses = new Map<number, CampusPeriod>(
    periods.map((p) => [
      p.id_campus,
      {
        id_campus: p.id_campus,
        id_campus_year: p.id_campus_year,
        finalized: p.finalized,
        grades: new Set(grades.filter((g) => g.id_campus === p.id_campus).map((g) => g.id_grade)),
        seatsLeft: new Map(seats.filter((x) => x.id_campus_year === p.id_campus_year).map((x) => [x.id_grade, x.left])),
        tags: new Map(tags.filter((t) => t.id_campus === p.id_campus).map((t) => [mapKey(t.name), t.id_tag])),
      },
    ]),
  );
  return {
    id_school,
    // the campus a campus user's import is limited to (its own sees it); a school-wide import names none
    id_campus: caller.scope.campusIds === null ? null : campus!.id_campus,
    context: { maps, priorityItems, defaultCampus: campus?.id_campus ?? null, campuses },
  };
}

async function analyse(
  db: Executor,
  caller: ImportCaller,
  request: ImportDryRun,
  rows: AsyncIterable<MappedImportRow>,
): Promise<Analysis> {
  const { id_school, id_campus, context } = await contextOf(db, caller, request);
  const file = await checkFile(rows, context);
  const emails = new Set<string>();
  const phones = new Set<string>();
  for (const row of file.accepted) {
    const email = emailKey(row.applicant.guardianEmail);
    if (email) emails.add(email);
    const phone = phoneKey(row.applicant.guardianPhoneNumber);
    if (phone) phones.add(phoneIndexKey(phone));
  }
  const periodIds = [...new Set(file.accepted.map((r) => r.id_campus_year))];
  const existing = await repo.existingParties(db, caller.scope, periodIds, [...emails], [...phones]);
  return { id_school, id_campus, context, file, matches: findDuplicates(file.accepted, existing) };
}

/** Grades the staged rows would over-fill, and those rows. */
function overfillOf(staged: StagedRow[], context: CheckContext) {
  const overfilled: ImportReport['overfilled'] = [];
  const rows: number[] = [];
  for (const group of seatsNeeded(staged)) {
    const left = context.campuses.get(group.id_campus)?.seatsLeft.get(group.id_grade) ?? 0;
    if (group.count <= left) continue;
    overfilled.push({ id_campus: group.id_campus, id_grade: group.id_grade, seatsLeft: left, requested: group.count });
    rows.push(...group.rows);
  }
  return { overfilled, rows };
}

/** `POST /imports/dry-run`: the report of what the commit would do. Nothing is written. */
export async function dryRun(
  db: Db,
  caller: ImportCaller,
  request: ImportDryRun,
  rows: AsyncIterable<MappedImportRow>,
): Promise<ImportReport> {
  const { context, file, matches } = await analyse(db, caller, request, rows);
  const { overfilled, rows: overfilledRows } = overfillOf(planRows(file.accepted, matches, null).staged, context);
  return reportOf(file, matches, overfilled, overfilledRows);
}

/**
 * `POST /imports/commit`: checks the file again as the dry run does, refuses it when it would over-fill a grade (409)
 * or a duplicate has no decision (400), then stages the rows to write and queues the job that writes them.
 */
export async function requestCommit(
  db: Db,
  jobs: JobQueue,
  caller: ImportCaller,
  request: ImportCommit,
  rows: AsyncIterable<MappedImportRow>,
  job: Parameters<JobQueue['enqueue']>[1],
) {
  const { id_school, id_campus, context, file, matches } = await analyse(db, caller, request, rows);
  const decisions = new Map(request.decisions.map((d) => [d.rowNumber, d.action]));
  const plan = planRows(file.accepted, matches, decisions);
  if (plan.undecided.length)
    throw badRequest(
      'importDecisionMissing',
      plan.undecided.map((rowNumber) => ({ path: `decisions.${rowNumber}`, message: 'importDecisionMissing' })),
    );
  const { rows: overfilledRows } = overfillOf(plan.staged, context);
  if (overfilledRows.length)
    throw conflict(
      'importSeatsExceeded',
      overfilledRows.map((rowNumber) => ({ path: `rows.${rowNumber}.status`, message: 'importSeatsExceeded' })),
    );
  return db.transaction(async (tx) => {
    const batch = await repo.insertBatch(tx, {
      id_school,
      id_campus,
      id_school_year: request.id_school_year,
      id_user: caller.id_user,
      total: file.total,
      refused: new Set(file.problems.map((p) => p.rowNumber)).size,
      skipped: plan.skipped,
      merged: plan.mergedInFile,
    });
    await repo.stageRows(
      tx,
      batch,
      plan.staged.map((row) => ({
        rowNumber: row.rowNumber,
        action: row.action,
        id_application: row.id_application,
        payload: row,
      })),
    );
    await jobs.enqueue(tx, job, { id_import_batch: batch.id_import_batch });
    return batch;
  });
}

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

type Group = { id_campus_year: number; id_grade: number | null };

/** Audit rows per statement (8 parameters each). */
const AUDIT_CHUNK = 5000;
const groupKey = (g: Group) => `${g.id_campus_year}:${g.id_grade ?? 0}`;

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

/** `GET /imports/batches/:id`: the batch and its progress, in the caller's scope. */
export async function getBatch(db: Executor, scope: Scope, id_import_batch: number) {
  const batch = await repo.findBatch(db, scope, id_import_batch);
  if (!batch) throw notFound();
  return batch;
}

export const listBatches = (db: Executor, scope: Scope, page: number, pageSize: number) =>
  repo.listBatches(db, scope, page, pageSize);

/**
 * `POST /imports/batches/:id/undo`: deletes the applications the import created (their history and notes with them,
 * their seats given back, the waiting lists closed up behind them) and empties the fields it filled by a merge. Refused
 * (409) once any of them moved, was edited, offered or messaged since the commit, or when the batch is not done.
 */
export async function undoBatch(db: Db, caller: ImportCaller, id_import_batch: number) {
  return db.transaction(async (tx) => {
    if (!(await repo.findBatch(tx, caller.scope, id_import_batch))) throw notFound();
    const batch = await repo.lockBatch(tx, id_import_batch);
    if (batch.status !== 'done') throw conflict('importNotUndoable');
    // the groups first, then the rows, in the order every status move takes them (no deadlock with a move)
    const seen = await repo.createdApplications(tx, id_import_batch, false);
    const staged = await repo.stagedRows(tx, id_import_batch);
    const merges = staged.filter((r) => r.action === 'merge' && r.filled !== null && r.id_application !== null);
    const groups = new Map<string, Group>();
    for (const app of seen)
      if (app.id_campus_year !== null && app.id_grade !== null)
        groups.set(groupKey(app as Group), { id_campus_year: app.id_campus_year, id_grade: app.id_grade });
    await lockGroups(tx, [...groups.values()]);
    const created = await repo.createdApplications(tx, id_import_batch, true);
    const touched = [...created.map((c) => c.id_application), ...merges.map((m) => m.id_application!)];
    if ((await repo.movedSince(tx, touched, id_import_batch)) || (await tagsChangedSince(tx, created, staged)))
      throw conflict('importMovedSince');

    const seats = new Map<string, { group: Group; count: number }>();
    const waiting = new Map<string, Group>();
    for (const app of created) {
      if (app.id_campus_year === null || app.id_grade === null) continue;
      const group = { id_campus_year: app.id_campus_year, id_grade: app.id_grade };
      if (holdsSeat(app.id_status)) {
        const entry = seats.get(groupKey(group)) ?? { group, count: 0 };
        entry.count++;
        seats.set(groupKey(group), entry);
      }
      if (isWaiting(app.id_status)) waiting.set(groupKey(group), group);
    }
    for (const { group, count } of seats.values()) await releaseSeats(tx, group, count);
    await repo.deleteCreated(
      tx,
      id_import_batch,
      created.map((c) => c.id_applicant),
    );
    for (const group of waiting.values()) await renumberWaitingList(tx, group);
    for (const m of merges) {
      const { _updatedAt, ...before } = m.filled as Record<string, unknown>;
      await repo.restoreApplicantFields(tx, m.id_application!, before, String(_updatedAt));
    }
    await repo.updateBatch(tx, id_import_batch, { status: 'undone', undoneAt: new Date() });
    await writeAudits(tx, caller, [
      {
        action: 'import.undo',
        entity: 'import_batch',
        entityId: id_import_batch,
        id_school: batch.id_school,
        id_campus: batch.id_campus,
        changes: { deleted: created.length, restored: merges.length },
      },
    ]);
    return (await repo.findBatch(tx, caller.scope, id_import_batch))!;
  });
}

/**
 * Whether the created applications' tags differ from what the import wrote. The import drew their ids in the order of
 * its new rows (by row number), so the n-th created application is the n-th new row.
 */
async function tagsChangedSince(
  tx: Executor,
  created: Array<{ id_application: number }>,
  staged: Array<{ action: string; payload: unknown }>,
) {
  const rows = staged.filter((r) => r.action === 'new').map((r) => (r.payload as StagedRow).tagIds ?? []);
  const now = new Map<number, number[]>();
  for (const t of await repo.tagsOf(
    tx,
    created.map((c) => c.id_application),
  ))
    now.set(t.id_application, [...(now.get(t.id_application) ?? []), t.id_tag]);
  const key = (ids: number[]) => [...ids].sort((x, y) => x - y).join(',');
  return created.some((c, i) => key(now.get(c.id_application) ?? []) !== key(rows[i] ?? []));
}

/** `GET /imports/conflicts`: children with applications at several campuses of the school in one school year. */
export async function conflictsOf(
  db: Executor,
  caller: ImportCaller,
  query: { id_school_year: number; page: number; pageSize: number },
) {
  if (caller.scope.id_school === null && caller.id_school === null) return { data: [], total: 0, ...query };
  const id_school = (caller.scope.id_school ?? caller.id_school)!;
  const found = await repo.conflicts(db, caller.scope, id_school, query.id_school_year, query.page, query.pageSize);
  const data = found.keys.map((key) => {
    const apps = found.rows.filter((r) => r.key === key);
    return {
      firstName: apps[0].firstName,
      lastName: apps[0].lastName,
      dateOfBirth: apps[0].dateOfBirth,
      applications: apps.map((r) => ({
        id_application: r.id_application,
        correlative: r.correlative,
        id_campus: r.id_campus,
        campus: r.campus,
        id_status: r.id_status,
      })),
    };
  });
  return { data, total: found.total, page: query.page, pageSize: query.pageSize };
}
