import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../../config';
import { openDatabase } from '../../db/client';
import { runningServer } from './running-server';

/*
 * One archive (tar.gz) holds an installation: manifest.json, the database (the embedded database's files, or a
 * pg_dump of the server database) and the uploaded files of DATA_DIR/files, which live outside the database. The
 * manifest counts the rows of every table and lists each file with its checksum; a restore checks both.
 */

const run = promisify(execFile);
const FORMAT = 'openseat-backup';
const SCHEMAS = ['public', 'drizzle', 'pgboss'];

export type Manifest = {
  format: typeof FORMAT;
  version: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** Rows of each table (`schema.table`), read in the snapshot that was saved. */
  tables: Record<string, number>;
  files: Array<{ path: string; size: number; sha256: string }>;
};

type Query = (text: string) => Promise<{ rows: unknown[] }>;

export class BackupRefused extends Error {}

/** Rows of every table of the app's schemas (the app's, drizzle's migrations, pg-boss's). */
export async function countRows(query: Query): Promise<Record<string, number>> {
  const { rows } = await query(
    `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind = 'r' AND n.nspname IN (${SCHEMAS.map((x) => `'${x}'`).join(', ')}) ORDER BY 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of rows as Array<{ schema: string; name: string }>) {
    const quoted = `"${schema}"."${name.replaceAll('"', '""')}"`;
    const [{ n }] = (await query(`SELECT count(*)::int AS n FROM ${quoted}`)).rows as Array<{ n: number }>;
    counts[`${schema}.${name}`] = n;
  }
  return counts;
}

/** Every file under `dir` (relative paths, sorted) with its size and checksum. */
function listFiles(dir: string): Manifest['files'] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const absolute = path.join(entry.parentPath, entry.name);
      const content = fs.readFileSync(absolute);
      return {
        path: path.relative(dir, absolute),
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
      };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

function refuseWhileRunning(config: Config) {
  const pid = runningServer(config.dataDir);
  if (pid !== null)
    throw new BackupRefused(
      `The server (pid ${pid}) has the embedded database in ${config.dataDir} open: stop it first, its files are only consistent when it is stopped.`,
    );
}

/** Writes the backup archive to `out`; returns its manifest. */
export async function createBackup(config: Config, out: string): Promise<Manifest> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-backup-'));
  try {
    const saved = config.databaseUrl
      ? await dumpServer(config.databaseUrl, staging)
      : await dumpEmbedded(config, staging);
    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      database: config.databaseUrl ? 'postgres' : 'pglite',
      tables: saved.tables,
      files: listFiles(path.join(config.dataDir, 'files')),
    };
    fs.writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const filesDir = path.join(config.dataDir, 'files');
    await run('tar', [
      '-czf',
      out,
      '-C',
      staging,
      'manifest.json',
      saved.file,
      ...(fs.existsSync(filesDir) ? ['-C', config.dataDir, 'files'] : []),
    ]);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** pg_dump in the snapshot the rows are counted in: the counts are those of the dump, even while the app writes. */
async function dumpServer(databaseUrl: string, staging: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const { rows } = await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
    const tables = await countRows((text) => client.query(text));
    const file = 'database.dump';
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${rows[0].snapshot}`,
      `--file=${path.join(staging, file)}`,
      `--dbname=${databaseUrl}`,
    ]);
    await client.query('COMMIT');
    return { file, tables };
  } finally {
    await client.end();
  }
}

async function dumpEmbedded(config: Config, staging: string) {
  refuseWhileRunning(config);
  if (!fs.existsSync(path.join(config.dataDir, 'pg')))
    throw new BackupRefused(`No embedded database in ${config.dataDir}.`);
  const database = await openDatabase({ databaseUrl: null, dataDir: config.dataDir });
  try {
    const tables = await countRows(database.executeSql);
    const file = 'database.tar';
    fs.writeFileSync(path.join(staging, file), Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
    return { file, tables };
  } finally {
    await database.close();
  }
}

/**
 * Restores an archive into this installation's database (embedded or server, as the backup was made) and
 * DATA_DIR/files. Both must be empty unless `force`; then checks the row counts and files against the manifest.
 */
export async function restoreBackup(config: Config, archive: string, { force = false } = {}): Promise<Manifest> {
  const unpacked = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-restore-'));
  try {
    await run('tar', ['-xzf', archive, '-C', unpacked]);
    const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')) as Manifest;
    if (manifest.format !== FORMAT || manifest.version !== 1) throw new BackupRefused('Not an OpenSeat backup.');
    const kind = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== kind)
      throw new BackupRefused(
        `This backup holds ${manifest.database === 'pglite' ? 'an embedded database' : 'a server database'}: restore it with ${manifest.database === 'pglite' ? 'DATABASE_URL unset' : 'DATABASE_URL set'}.`,
      );
    const filesDir = path.join(config.dataDir, 'files');
    if (!force && !isEmptyDir(filesDir))
      throw new BackupRefused(`${filesDir} is not empty: restore into an empty folder, or pass --force to replace it.`);
    const tables = config.databaseUrl
      ? await restoreServer(config.databaseUrl, path.join(unpacked, 'database.dump'), force)
      : await restoreEmbedded(config, path.join(unpacked, 'database.tar'), force);
    fs.rmSync(filesDir, { recursive: true, force: true });
    if (fs.existsSync(path.join(unpacked, 'files')))
      fs.cpSync(path.join(unpacked, 'files'), filesDir, { recursive: true });
    checkRestored(manifest, tables, listFiles(filesDir));
    return manifest;
  } finally {
    fs.rmSync(unpacked, { recursive: true, force: true });
  }
}

async function restoreServer(databaseUrl: string, dump: string, force: boolean) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relkind IN ('r', 'p', 'v', 'S') AND n.nspname = ANY($1)`,
      [SCHEMAS],
    );
    if (rows[0].n > 0 && !force)
      throw new BackupRefused(
        'The database is not empty: restore into an empty database, or pass --force to replace it.',
      );
    if (force) for (const schema of SCHEMAS) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.query('CREATE SCHEMA IF NOT EXISTS public');
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${databaseUrl}`, dump]);
    return await countRows((text) => client.query(text));
  } finally {
    await client.end();
  }
}

async function restoreEmbedded(config: Config, tarball: string, force: boolean) {
  refuseWhileRunning(config);
  const dir = path.join(config.dataDir, 'pg');
  if (!isEmptyDir(dir)) {
    if (!force)
      throw new BackupRefused(`${dir} is not empty: restore into an empty folder, or pass --force to replace it.`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const database = await openDatabase({
    databaseUrl: null,
    dataDir: config.dataDir,
    loadDataDir: new Blob([fs.readFileSync(tarball)]),
  });
  try {
    return await countRows(database.executeSql);
  } finally {
    await database.close();
  }
}

function checkRestored(manifest: Manifest, tables: Record<string, number>, files: Manifest['files']) {
  const wrongTables = Object.keys({ ...manifest.tables, ...tables }).filter(
    (table) => manifest.tables[table] !== tables[table],
  );
  if (wrongTables.length) throw new Error(`Restored rows differ from the backup in: ${wrongTables.join(', ')}`);
  if (JSON.stringify(files) !== JSON.stringify(manifest.files))
    throw new Error('Restored files differ from the backup.');
}
