import type { RetentionRun } from '@openseat/shared/schemas/retention';
import type { RunRow } from './retention.repository';

const iso = (v: Date | null) => (v ? v.toISOString() : null);

export function presentRun(row: RunRow): RetentionRun {
  return {
    id_retention_run: row.id_retention_run,
    trigger: row.trigger as RetentionRun['trigger'],
    status: row.status as RetentionRun['status'],
    retention_years: row.retentionYears,
    total: row.total,
    applications: row.applications,
    files: row.files,
    messages: row.messages,
    accessRows: row.accessRows,
    user: row.userName,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
  };
}
