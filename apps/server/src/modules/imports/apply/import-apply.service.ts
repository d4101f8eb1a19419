import { holdsSeat, isWaiting } from '@openseat/shared/application-status';
import type { MappedImportRow } from '@openseat/shared/import-fields';
import type { ImportCommitTarget, ImportReport, ImportTarget } from '@openseat/shared/schemas/imports';
import type { Db, Executor } from '../../../db/client';
import type { JobQueue } from '../../../jobs/job';
import { badRequest, conflict, notFound } from '../../../lib/errors';
import type { Scope } from '../../../lib/scope';
import { writeAudits } from '../../audit/audit.service';
import { requireCampus } from '../../campuses/campus-ref.service';
import { lockGroups, releaseSeats, renumberWaitingList } from '../../status-moves/status-moves.service';
import { emailKey, phoneIndexKey, phoneKey } from './duplicates';
import { mapKey, mapsOf, type CampusPeriod, type CheckContext } from './import-check';
import { groupKey, type Group } from './import-commit';
import { commitImportJob } from './import-apply.jobs';
import {
  checkFile,
  findDuplicates,
  planRows,
  reportOf,
  seatsNeeded,
  type CheckedFile,
  type Match,
  type StagedRow,
} from './import-plan';
import * as repo from './import-apply.repository';
import * as catalogRepo from '../read/import-read.repository';

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
async function contextOf(db: Executor, caller: ImportCaller, request: ImportTarget) {
  const campus = request.id_campus === null ? null : await requireCampus(db, caller.scope, request.id_campus);
  const id_school = caller.scope.id_school ?? campus?.id_school;
  if (id_school === undefined || (caller.scope.campusIds !== null && campus === null))
    throw badRequest('required', [{ path: 'id_campus', message: 'required' }]);
  const maps = mapsOf(request.maps);
  // a campus user imports into its chosen campus only: a row naming another campus is refused
  const campusIds =
    caller.scope.campusIds === null
      ? [...new Set([...maps.campus.values(), ...(campus ? [campus.id_campus] : [])])]
      : [campus!.id_campus];
  const periods = await repo.campusPeriods(db, caller.scope, id_school, request.id_school_year, campusIds);
  const found = periods.map((p) => p.id_campus);
  const grades = await repo.offeredGrades(db, found);
  const periodIds = periods.flatMap((p) => (p.id_campus_year === null ? [] : [p.id_campus_year]));
  const seats = await repo.seatsLeft(db, periodIds);
  const catalog = await catalogRepo.priorityItems(db);
  const priorityItems = new Set(catalog.map((p) => p.id));
  // the catalog's own names ("sibling") resolve without a map, as a grade's do; the map's words come first
  for (const item of catalog) if (!maps.priority.has(mapKey(item.name))) maps.priority.set(mapKey(item.name), item.id);
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
  request: ImportTarget,
  rows: AsyncIterable<MappedImportRow>,
  forReport: boolean,
): Promise<Analysis> {
  const { id_school, id_campus, context } = await contextOf(db, caller, request);
  const file = await checkFile(rows, context, forReport);
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
function overfillOf(staged: Parameters<typeof seatsNeeded>[0], context: CheckContext) {
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
  request: ImportTarget,
  rows: AsyncIterable<MappedImportRow>,
): Promise<ImportReport> {
  const { context, file, matches } = await analyse(db, caller, request, rows, true);
  const { overfilled, rows: overfilledRows } = overfillOf(file.accepted, context);
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
  request: ImportCommitTarget,
  rows: AsyncIterable<MappedImportRow>,
) {
  const { id_school, id_campus, context, file, matches } = await analyse(db, caller, request, rows, false);
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
    await jobs.enqueue(tx, commitImportJob, { id_import_batch: batch.id_import_batch });
    return batch;
  });
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
