import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { migrateDatabase } from '../migrate';
import { isDemoSeedNeeded, seedDemoData } from './demo';

const config = loadConfig();
if (config.env === 'production') {
  console.error('Demo data is never seeded in production.');
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);
if (process.argv.includes('--reset')) {
  await database.db.execute(sql`TRUNCATE school, "user", audit_log, captured_mail RESTART IDENTITY CASCADE`);
}
if (await isDemoSeedNeeded(database.db)) {
  const t0 = Date.now();
  const summary = await seedDemoData(database.db);
  console.log(`Demo data seeded in ${Date.now() - t0} ms: ${JSON.stringify(summary)}`);
} else {
  console.log('Demo data is already present (use --reset to start over).');
}
await database.close();
