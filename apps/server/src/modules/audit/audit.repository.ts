import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema/index';

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
