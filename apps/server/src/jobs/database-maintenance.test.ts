import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseOfFile } from '../test/harness';
import { databaseMaintenanceJob, vacuumWithoutAutovacuum } from './database-maintenance';
import { JOBS } from './registry';

const file = databaseOfFile();

const visibility = async () => {
  const { rows } = await file.database.executeSql(
    `SELECT relallvisible, relpages, reltuples::int AS tuples FROM pg_class WHERE relname = 'maintenance_probe'`,
  );
  return rows[0] as { relallvisible: number; relpages: number; tuples: number };
};

describe('the hourly database.vacuum job', () => {
  it('is registered on its schedule', () => {
    expect(JOBS).toContain(databaseMaintenanceJob);
    expect(databaseMaintenanceJob.schedule?.cron).toBe('17 * * * *');
  });

  it('vacuums and analyzes the embedded database, which has no autovacuum, and leaves a server to its own', async () => {
    await file.database.db.execute(sql`CREATE TABLE maintenance_probe (id int PRIMARY KEY, v text)`);
    await file.database.db.execute(
      sql`INSERT INTO maintenance_probe SELECT g, md5(g::text) FROM generate_series(1, 20000) g`,
    );
    const before = await visibility();
    expect(before.relallvisible).toBe(0);
    const { rows } = await file.database.executeSql(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'autovacuum launcher'`,
    );
    const autovacuumRuns = (rows[0] as { n: number }).n > 0;
    // PGlite never runs one; a server usually does (this machine's has autovacuum off)
    if (file.database.kind === 'pglite') expect(autovacuumRuns).toBe(false);
    expect(await vacuumWithoutAutovacuum(file.database.db)).toBe(!autovacuumRuns);
    if (autovacuumRuns) return;
    const after = await visibility();
    expect(after.relpages).toBeGreaterThan(0);
    expect(after.relallvisible).toBe(after.relpages);
    expect(after.tuples).toBe(20000);
  });
});
