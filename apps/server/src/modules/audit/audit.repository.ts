import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, recordAccess, user } from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';

/** One audit_log row as written: who, where, what, and the fields that changed. */
export type AuditRow = {
  id_user: number | null;
  id_school: number | null;
  id_campus: number | null;
  action: string;
  entity: string;
  entityId: string | null;
  changes: Record<string, unknown> | null;
  ip: string | null;
};

/** Appends the rows in one statement, in the caller's transaction. */
export async function insertAudits(db: Executor, rows: AuditRow[]): Promise<void> {
  if (!rows.length) return;
  await db.insert(auditLog).values(rows);
}

export type AccessRow = typeof recordAccess.$inferInsert;

/** The reads of children's records in one statement, in the caller's transaction (or on their own). */
export async function insertAccesses(db: Executor, rows: AccessRow[]): Promise<void> {
  if (!rows.length) return;
  await db.insert(recordAccess).values(rows);
}

/**
 * One audit row and one read of a record in a single statement (a CTE): the detail view and a file download write
 * both on every request, and a round trip less is most of what the read audit costs them.
 */
export async function insertAuditAndAccess(db: Executor, audit: AuditRow, access: AccessRow): Promise<void> {
  await db.execute(sql`
    WITH audit AS (
      INSERT INTO audit_log (id_user, id_school, id_campus, action, entity, entity_id, changes, ip)
      VALUES (${audit.id_user}, ${audit.id_school}, ${audit.id_campus}, ${audit.action}, ${audit.entity},
              ${audit.entityId}, ${audit.changes === null ? null : JSON.stringify(audit.changes)}::jsonb, ${audit.ip})
    )
    INSERT INTO record_access (id_school, id_campus, id_application, id_user, guardian, how, detail)
    VALUES (${access.id_school}, ${access.id_campus ?? null}, ${access.id_application}, ${access.id_user ?? null},
            ${access.guardian ?? null}, ${access.how}, ${access.detail ?? null})`);
}

/** Who read one application's record, newest first: a page of it and the total. */
export async function accessesOf(db: Executor, scope: Scope, id_application: number, page: number, pageSize: number) {
  const r = recordAccess;
  const where = and(eq(r.id_application, id_application), inCampus(scope, r.id_school, r.id_campus));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        at: r.createdAt,
        how: r.how,
        detail: r.detail,
        guardian: r.guardian,
        id_user: r.id_user,
        userName: user.name,
        userEmail: user.email,
      })
      .from(r)
      .leftJoin(user, eq(user.id_user, r.id_user))
      .where(where)
      .orderBy(desc(r.createdAt), desc(r.id_record_access))
      .limit(pageSize)
      .offset(page * pageSize),
    db.select({ total: count() }).from(r).where(where),
  ]);
  return { rows, total };
}
