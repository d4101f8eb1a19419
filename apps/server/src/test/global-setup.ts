import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database's files (tar), for every test file of the run to start from. */
    migratedPglite?: string;
    /** On the PostgreSQL server: a migrated database that each test file's database is copied from. */
    migratedTemplate?: string;
  }
}

/** Runs `sql` on the server's maintenance connection (CREATE and DROP DATABASE cannot run in a pool's transaction). */
async function onServer(serverUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * On the PostgreSQL server, migrates one template database for the run: each test file's database is a copy of it
 * (CREATE DATABASE ... TEMPLATE, about a second) instead of migrating its own (several seconds each).
 */
async function setupServerTemplate(project: TestProject, serverUrl: string) {
  const name = `openseat_template_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  await migrateDatabase(database);
  await database.close();
  // a template copies only while no session is connected to it; the pool's sessions end just after close()
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const { rows } = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await client.end();
  project.provide('migratedTemplate', name);
  return () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** On PGlite, migrates once for the whole run: each test file loads the copy instead of migrating (2 s each). */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return setupServerTemplate(project, process.env.TEST_DATABASE_URL);
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
