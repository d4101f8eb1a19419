import type { Executor } from '../../db/client';
import type { RecordAccessKind, RecordRead as ShownRead } from '@openseat/shared/schemas/record-access';
import type { Scope } from '../../lib/scope';
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

/** Who read a record: a staff member, or a guardian in the portal (their contact as the portal shows it). */
export type RecordReader = { id_user: number } | { guardian: string };
/** A record read: the application, with its school and campus. */
export type RecordRead = { id_school: number; id_campus: number | null; id_application: number };

/**
 * Writes who read these records and how (docs/privacy.md, "Who saw this child"): one row per record, in one
 * statement. `detail` says what beyond the application (a file's name, an export's format).
 */
export async function recordReads(
  db: Executor,
  reader: RecordReader,
  how: RecordAccessKind,
  records: RecordRead[],
  detail: string | null = null,
): Promise<void> {
  const who =
    'id_user' in reader ? { id_user: reader.id_user, guardian: null } : { id_user: null, guardian: reader.guardian };
  await repo.insertAccesses(
    db,
    records.map((record) => ({ ...record, ...who, how, detail })),
  );
}

/**
 * A staff member's read of a record that the audit log also keeps (the detail view, a file download): both rows in
 * one statement, in the caller's transaction or on their own.
 */
export async function auditRead(
  db: Executor,
  actor: AuditActor & { id_user: number },
  entry: AuditEntry,
  how: RecordAccessKind,
  record: RecordRead,
  detail: string | null = null,
): Promise<void> {
  await repo.insertAuditAndAccess(db, rowOf(actor, entry), {
    ...record,
    id_user: actor.id_user,
    guardian: null,
    how,
    detail,
  });
}

/** Who saw this child: the reads of one application's record in the caller's scope, newest first. */
export async function readersOf(
  db: Executor,
  scope: Scope,
  id_application: number,
  page: number,
  pageSize: number,
): Promise<{ total: number; rows: ShownRead[] }> {
  const { rows, total } = await repo.accessesOf(db, scope, id_application, page, pageSize);
  return {
    total,
    rows: rows.map((row) => ({
      at: row.at.toISOString(),
      how: row.how,
      detail: row.detail,
      reader:
        row.id_user !== null
          ? { kind: 'staff' as const, name: row.userName ?? null, email: row.userEmail ?? null }
          : { kind: 'guardian' as const, contact: row.guardian ?? '' },
    })),
  };
}
