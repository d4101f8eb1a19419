import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { JOBS } from '../jobs/registry';
import { installJobQueues } from '../jobs/runner';
import { SCHEMA_LOCK, type Database } from './client';
import { writeReferenceData } from './reference-data';

/** apps/server/drizzle, found from src/ (tsx, vitest) and from dist/ (built server) alike. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'drizzle', 'meta'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('drizzle migrations folder not found');
    dir = parent;
  }
  return path.join(dir, 'drizzle');
}

/**
 * Applies pending migrations, the reference data every installation needs (catalogs, roles) and pg-boss's schema
 * with the app's queues: everything, so that processes started together on a new database find it ready. Several
 * processes may run it at once (each start does): they take their turn.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  await database.exclusively(SCHEMA_LOCK, async () => {
    const migrationsConfig = { migrationsFolder: migrationsFolder() };
    if (database.kind === 'pglite') await migratePglite(database.db as unknown as PgliteDatabase, migrationsConfig);
    else await migratePg(database.db as unknown as NodePgDatabase, migrationsConfig);
    await writeReferenceData(database.db);
    await installJobQueues(database, JOBS);
    // row-level security and the request role's rights on what the migrations and pg-boss created (migration 0049)
    await database.executeSql('SELECT openseat_protect_tenant_tables()');
  });
}
