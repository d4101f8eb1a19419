import { CONTEXT_TYPE } from '@openseat/shared/constants';
import {
  ADMIN_PAGE_SIZE,
  type AdminAuditQuery,
  type AdminJob,
  type AdminJobsQuery,
} from '@openseat/shared/schemas/admin';
import type { Db } from '../../db/client';
import { countingOf, totalAfterPage } from '../../db/bounded-count';
import type { JobRunner } from '../../jobs/runner';
import { writeAudit } from '../audit/audit.service';
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
