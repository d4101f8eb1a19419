import type { Executor } from '../../db/client';
import * as repo from './audit.repository';

export type AuditActor = { id_user: number | null; id_school: number | null; ip?: string | null };

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  id_school?: number | null;
  id_campus?: number | null;
  changes?: Record<string, unknown> | null;
};

const rowOf = (actor: AuditActor, entry: AuditEntry): repo.AuditRow => ({
  id_user: actor.id_user,
  id_school: entry.id_school ?? actor.id_school,
  id_campus: entry.id_campus ?? null,
  action: entry.action,
  entity: entry.entity,
  entityId: entry.entityId == null ? null : String(entry.entityId),
  changes: entry.changes ?? null,
  ip: actor.ip ?? null,
});

/** Appends one audit row in the caller's transaction, so the change and its record commit together. */
export async function writeAudit(db: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await repo.insertAudits(db, [rowOf(actor, entry)]);
}

/** Appends many audit rows in one statement (bulk moves: one row per application). */
export async function writeAudits(db: Executor, actor: AuditActor, entries: AuditEntry[]): Promise<void> {
  await repo.insertAudits(
    db,
    entries.map((entry) => rowOf(actor, entry)),
  );
}

const SECRET_FIELDS = /password|token|secret|key/i;

/** The fields that differ between two versions of a record, secrets masked. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined || JSON.stringify(before[field]) === JSON.stringify(value)) continue;
    changes[field] = SECRET_FIELDS.test(field) ? '(changed)' : { from: before[field] ?? null, to: value };
  }
  return changes;
}
