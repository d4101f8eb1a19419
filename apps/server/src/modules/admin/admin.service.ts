import { CONTEXT_TYPE } from '@openseat/shared/constants';
import {
  ADMIN_PAGE_SIZE,
  type AdminAuditQuery,
  type AdminRecordReadsQuery,
  type AdminJob,
  type AdminJobsQuery,
} from '@openseat/shared/schemas/admin';
import type { Db } from '../../db/client';
import { countingOf, totalAfterPage } from '../../db/bounded-count';
import type { JobRunner } from '../../jobs/runner';
import { recordReads, writeAudit } from '../audit/audit.service';
import { forbidden, notFound, conflict } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import * as repo from './admin.repository';

/** The console covers every school and the job queue of the installation: system users only. */
function assertSystem(caller: Principal) {
  if (caller.id_context_type !== CONTEXT_TYPE.SYSTEM || caller.scope.id_school !== null) throw forbidden();
}

const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());

/** pg-boss keeps a failed job's error in `output` ({ message, stack } or what the handler threw). */
function errorText(output: unknown): string | null {
  if (output == null) return null;
  if (typeof output === 'string') return output;
  const o = output as { message?: unknown; stack?: unknown };
  if (typeof o.stack === 'string') return o.stack;
  if (typeof o.message === 'string') return o.message;
  return JSON.stringify(output);
}

function presentJob(row: repo.JobRecord): AdminJob {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    retryCount: Number(row.retry_count),
    retryLimit: Number(row.retry_limit),
    createdOn: iso(row.created_on)!,
    startedOn: iso(row.started_on),
    completedOn: iso(row.completed_on),
    error: row.state === 'failed' ? errorText(row.output) : null,
  };
}

export async function listJobs(db: Db, caller: Principal, query: AdminJobsQuery) {
  assertSystem(caller);
  const { rows, total } = await repo.listJobs(db, query);
  const counts = await repo.jobCounts(db);
  return { data: rows.map(presentJob), total, page: query.page, pageSize: ADMIN_PAGE_SIZE, counts };
}

/** A failed job runs again through pg-boss's own retry; the retry is in the audit log. */
export async function retryJob(db: Db, jobs: JobRunner, caller: Principal, id: string) {
  assertSystem(caller);
  const job = await repo.findJob(db, id);
  if (!job) throw notFound();
  if (job.state !== 'failed') throw conflict('jobNotFailed');
  await jobs.retry(job.name, job.id);
  await writeAudit(db, caller, { action: 'job.retry', entity: 'job', entityId: job.id, changes: { name: job.name } });
  const after = await repo.findJobRecord(db, id);
  return presentJob(after!);
}

export async function listAudit(db: Db, caller: Principal, query: AdminAuditQuery) {
  assertSystem(caller);
  const { rows, total } = await repo.listAudit(db, query, countingOf(query.exactTotal));
  return {
    data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), changes: r.changes ?? null })),
    ...totalAfterPage(total, query.page * ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE, rows.length),
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** Reads per statement while the breach export streams. */
const READS_PAGE = 2000;

const READ_COLUMNS = [
  'read_at',
  'how',
  'detail',
  'id_application',
  'application',
  'school',
  'campus',
  'student_first_name',
  'student_last_name',
  'guardian_name',
  'guardian_email',
  'guardian_phone',
];

/**
 * `GET /admin/record-reads/export`, for a breach notification (docs/privacy.md): every record one user read between
 * two dates, oldest first, with the child and the guardian to tell. System users only; the export is in the audit log,
 * and the records it names are in their readers as an export of this user's.
 */
export async function recordReadsExport(db: Db, caller: Principal, query: AdminRecordReadsQuery) {
  assertSystem(caller);
  await writeAudit(db, caller, {
    action: 'record_access.export',
    entity: 'user',
    entityId: query.id_user,
    changes: { from: query.from, to: query.to },
  });
  async function* batches() {
    for (let after = 0; ;) {
      const rows = await repo.readsOfUser(db, query, after, READS_PAGE);
      if (!rows.length) return;
      const records = rows.map(({ id_school, id_campus, id_application }) => ({
        id_school,
        id_campus,
        id_application,
      }));
      await recordReads(db, caller, 'export', records, 'record-reads');
      yield rows;
      if (rows.length < READS_PAGE) return;
      after = rows[rows.length - 1].id_record_access;
    }
  }
  return {
    filename: `record-reads-user-${query.id_user}-${query.from}-${query.to}.csv`,
    columns: READ_COLUMNS,
    batches: batches(),
    cells: (row: Awaited<ReturnType<typeof repo.readsOfUser>>[number]) => [
      row.at.toISOString(),
      row.how,
      row.detail,
      row.id_application,
      row.correlative,
      row.schoolName,
      row.campusName,
      row.firstName,
      row.lastName,
      row.guardianName,
      row.guardianEmail,
      row.guardianPhoneNumber,
    ],
  };
}
