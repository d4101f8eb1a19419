import type { CopyJob } from '@openseat/shared/schemas/application-records';
import type * as s from '../../db/schema/index';

export const presentCopy = (c: typeof s.applicationCopy.$inferSelect): CopyJob => ({
  id_application_copy: c.id_application_copy,
  id_school_year: c.id_school_year,
  status: c.status as CopyJob['status'],
  total: c.total,
  processed: c.processed,
  copied: c.copied,
  progress: c.total ? Math.round((100 * c.processed) / c.total) : 100,
  createdAt: c.createdAt.toISOString(),
  finishedAt: c.finishedAt?.toISOString() ?? null,
});
