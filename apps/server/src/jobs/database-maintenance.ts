import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import { rowsOf } from '../lib/sql';
import { deleteExpiredKeys } from '../plugins/idempotency.repository';
import { defineJob } from './job';

/**
 * Vacuums and analyzes the database where no autovacuum launcher runs, and answers whether it did. PGlite (the
 * embedded database) runs none: without this nothing would reclaim dead rows, mark pages all-visible (the lists'
 * covering indexes read them) or refresh the planner's statistics. A PostgreSQL server does it on its own, unless
 * its autovacuum is off.
 */
export async function vacuumWithoutAutovacuum(db: Db): Promise<boolean> {
  const [launchers] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'autovacuum launcher'`),
  );
  if (launchers.n > 0) return false;
  await db.execute(sql`VACUUM (ANALYZE)`);
  return true;
}

/** Every hour: expired Idempotency-Key answers go; a vacuum pass skips the pages that have not changed since the last one, so it stays short. */
export const databaseMaintenanceJob = defineJob({
  name: 'database.vacuum',
  payload: z.object({}).loose(),
  retryLimit: 1,
  retryDelaySeconds: 600,
  retryBackoff: false,
  expireInSeconds: 30 * 60,
  idempotencyKey: () => 'database:vacuum',
  schedule: { cron: '17 * * * *', tz: 'UTC' },
  async handle(_payload, context) {
    const started = Date.now();
    await deleteExpiredKeys(context.db);
    if (await vacuumWithoutAutovacuum(context.db))
      context.log.info({ ms: Date.now() - started }, 'embedded database vacuumed and analyzed');
  },
});
