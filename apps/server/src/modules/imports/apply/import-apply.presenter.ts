import { translate } from '@openseat/shared/messages';
import type { ImportBatch } from '@openseat/shared/schemas/imports';

type BatchRow = {
  id_import_batch: number;
  id_campus: number | null;
  id_school_year: number;
  id_user: number | null;
  status: string;
  total: number;
  processed: number;
  created: number;
  merged: number;
  skipped: number;
  refused: number;
  error: string | null;
  createdAt: Date;
  committedAt: Date | null;
  undoneAt: Date | null;
};

/** A batch as the API shows it: its progress and counts, the failure translated. */
export const presentBatch = (row: BatchRow, lng: string | undefined): ImportBatch => ({
  id_import_batch: row.id_import_batch,
  id_campus: row.id_campus,
  id_school_year: row.id_school_year,
  id_user: row.id_user,
  status: row.status as ImportBatch['status'],
  total: row.total,
  processed: row.processed,
  created: row.created,
  merged: row.merged,
  skipped: row.skipped,
  refused: row.refused,
  error: row.error === null ? null : translate(row.error, lng),
  createdAt: row.createdAt.toISOString(),
  committedAt: row.committedAt?.toISOString() ?? null,
  undoneAt: row.undoneAt?.toISOString() ?? null,
});
