import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../client';
import { migrateDatabase } from '../migrate';
import { isDemoSeedNeeded, seedDemoData } from './demo';

/**
 * `npm run db:seed [-- --reset]`: migrates, then seeds the demo data into an empty database. With --reset it
 * first empties every tenant table (schools, users and all that hangs off them) but keeps the reference data.
 */

// checked before loadConfig, which would otherwise stop first on missing production secrets
if (process.env.NODE_ENV === 'production') {
  console.error('Demo data is never seeded in production.');
  process.exit(1);
}

async function emptyTenantTables(database: Database): Promise<void> {
  // CASCADE reaches every table whose rows belong to a school or a user; catalogs and roles stay
  await database.db.execute(sql`TRUNCATE school, "user", audit_log, captured_mail RESTART IDENTITY CASCADE`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const reset = process.argv.includes('--reset');
    if (!reset && !(await isDemoSeedNeeded(database.db))) {
      console.log('Demo data is already present (run with --reset to start over).');
      return;
    }
    if (reset) await emptyTenantTables(database);
    const started = performance.now();
    const summary = await seedDemoData(database.db);
    const ms = Math.round(performance.now() - started);
    console.log(
      `Demo data seeded in ${ms} ms: ${summary.schools} schools, ${summary.campuses} campuses, ${summary.users} users, ${summary.applications} applications.`,
    );
  } finally {
    await database.close();
  }
}

await main();
