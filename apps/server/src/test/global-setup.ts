import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database's files (tar), for every test file of the run to start from. */
    migratedPglite?: string;
  }
}

/** On PGlite, migrates once for the whole run: each test file loads the copy instead of migrating (2 s each). */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  await migrateDatabase(database);
  const dump = await database.dumpDataDir!();
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-test-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('migratedPglite', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
