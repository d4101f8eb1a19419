import { loadConfig } from '../config';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);
await database.close();
console.log(`Migrated ${config.databaseUrl ? 'the PostgreSQL server' : `the embedded database in ${config.dataDir}`}.`);
