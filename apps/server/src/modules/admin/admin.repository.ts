import { and, asc, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  type AdminAuditQuery,
  type AdminJobsQuery,
  type JobState,
} from '@openseat/shared/schemas/admin';
import type { Executor } from '../../db/client';
import { countWhere, type Counting } from '../../db/bounded-count';
import { applicant, application, auditLog, campus, recordAccess, school, user } from '../../db/schema/index';
import { containsPattern, rowsOf } from '../../lib/sql';

export type JobRecord = {
  id: string;
  name: string;
  state: JobState;
  retry_count: number;
  retry_limit: number;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  output: unknown;
};

function jobFilter(query: Pick<AdminJobsQuery, 'state' | 'name'>): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.state) parts.push(sql`state = ${query.state}::pgboss.job_state`);
  if (query.name) parts.push(sql`name = ${query.name}`);
  return sql.join(parts, sql` AND `);
}

/** The jobs of pg-boss's own table (never `data`: the payload is not the console's business). */
export async function listJobs(db: Executor, query: AdminJobsQuery) {
  const where = jobFilter(query);
  const rows = rowsOf<JobRecord>(
    await db.execute(sql`
      SELECT id::text AS id, name, state::text AS state, retry_count, retry_limit, created_on, started_on,
             completed_on, CASE WHEN state = 'failed' THEN output END AS output
        FROM pgboss.job WHERE ${where}
       ORDER BY created_on DESC, id
       LIMIT ${ADMIN_PAGE_SIZE} OFFSET ${query.page * ADMIN_PAGE_SIZE}`),
  );
  const [{ n }] = rowsOf<{ n: number | string }>(
    await db.execute(sql`SELECT count(*) AS n FROM pgboss.job WHERE ${where}`),
  );
  return { rows, total: Number(n) };
}

export async function jobCounts(db: Executor) {
  return rowsOf<{ name: string; state: JobState; count: number | string }>(
    await db.execute(sql`
      SELECT name, state::text AS state, count(*) AS count FROM pgboss.job
       GROUP BY name, state ORDER BY name, state`),
  ).map((r) => ({ name: r.name, state: r.state, count: Number(r.count) }));
}

export async function findJob(db: Executor, id: string) {
  return rowsOf<{ id: string; name: string; state: JobState }>(
    await db.execute(sql`SELECT id::text AS id, name, state::text AS state FROM pgboss.job WHERE id = ${id}::uuid`),
  )[0];
}

export async function findJobRecord(db: Executor, id: string) {
  return rowsOf<JobRecord>(
    await db.execute(sql`
      SELECT id::text AS id, name, state::text AS state, retry_count, retry_limit, created_on, started_on,
             completed_on, CASE WHEN state = 'failed' THEN output END AS output
        FROM pgboss.job WHERE id = ${id}::uuid`),
  )[0];
}

/** `to` is a day included: everything before the next midnight (UTC). */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** Rows written by a user whose name or e-mail contains `text` (any case). */
const byUserLike = (text: string) => {
  const like = containsPattern(text);
  return sql`${auditLog.id_user} IN (SELECT ${user.id_user} FROM ${user} WHERE ${user.name} ILIKE ${like} OR ${user.email} ILIKE ${like})`;
};

export async function listAudit(db: Executor, query: AdminAuditQuery, counting: Counting) {
  const conditions = [
    query.id_user !== undefined ? eq(auditLog.id_user, query.id_user) : undefined,
    query.who ? byUserLike(query.who) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.entity ? eq(auditLog.entity, query.entity) : undefined,
    query.entityId ? eq(auditLog.entityId, query.entityId) : undefined,
    query.id_school !== undefined ? eq(auditLog.id_school, query.id_school) : undefined,
    query.from ? gte(auditLog.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(auditLog.createdAt, nextDay(query.to)) : undefined,
  ];
  const where = and(...conditions);
  const rows = await db
    .select({
      id_audit_log: auditLog.id_audit_log,
      createdAt: auditLog.createdAt,
      id_user: auditLog.id_user,
      userName: user.name,
      id_school: auditLog.id_school,
      schoolName: school.name,
      id_campus: auditLog.id_campus,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      changes: auditLog.changes,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .leftJoin(user, eq(user.id_user, auditLog.id_user))
    .leftJoin(school, eq(school.id_school, auditLog.id_school))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id_audit_log))
    .limit(ADMIN_PAGE_SIZE)
    .offset(query.page * ADMIN_PAGE_SIZE);
  return { rows, total: await countWhere(db, auditLog, where, counting) };
}

/**
 * The records `id_user` read in [from, to], oldest first, `limit` after the read `afterId`: which child (an application
 * since deleted keeps its id only), where, how, and the guardian's contact to notify.
 */
export async function readsOfUser(
  db: Executor,
  query: { id_user: number; from: string; to: string },
  afterId: number,
  limit: number,
) {
  const r = recordAccess;
  return db
    .select({
      id_record_access: r.id_record_access,
      id_school: r.id_school,
      id_campus: r.id_campus,
      at: r.createdAt,
      how: r.how,
      detail: r.detail,
      id_application: r.id_application,
      correlative: application.correlative,
      schoolName: school.name,
      campusName: campus.name,
      firstName: applicant.firstName,
      lastName: applicant.lastName,
      guardianName: applicant.guardianName,
      guardianEmail: applicant.guardianEmail,
      guardianPhoneNumber: applicant.guardianPhoneNumber,
    })
    .from(r)
    .leftJoin(application, eq(application.id_application, r.id_application))
    .leftJoin(applicant, eq(applicant.id_applicant, application.id_applicant))
    .leftJoin(school, eq(school.id_school, r.id_school))
    .leftJoin(campus, eq(campus.id_campus, r.id_campus))
    .where(
      and(
        eq(r.id_user, query.id_user),
        gte(r.createdAt, new Date(`${query.from}T00:00:00Z`)),
        lt(r.createdAt, nextDay(query.to)),
        gt(r.id_record_access, afterId),
      ),
    )
    .orderBy(asc(r.id_record_access))
    .limit(limit);
}
