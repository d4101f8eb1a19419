import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { notePool } from './concurrency';
import { scopedPool } from './scoped-pool';
import { notePlanner } from './planner';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What repositories take: the database or the transaction of the calling service. */
export type Executor = Db | Tx;

/** Start-up's schema work (migrations, job queues): one process at a time (`Database.exclusively`). */
export const SCHEMA_LOCK = 'openseat.schema';

export type Database = {
  /** The tables' owner: migrations, jobs, the job queue, tests' set-up. */
  db: Db;
  /**
   * What requests use. On a server with row-level security on, its sessions run as the role the policies bind
   * (`openseat_app`), scoped to the caller's schools (db/scoped-pool.ts); otherwise, and always on PGlite (one
   * process's own database), it is `db` (docs/privacy.md).
   */
  requestDb: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs raw SQL (pg-boss's `db.executeSql` adapter). Without values the text may hold several statements, as
   * pg's simple protocol allows (pg-boss installs its schema that way); the rows are those of the last one.
   */
  executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  close: () => Promise<void>;
  /**
   * Runs `work` while no other process runs work of the same name (a PostgreSQL advisory lock held by a session of
   * its own; PGlite belongs to one process, so it just runs): the migrations and the job queues' set-up at start.
   */
  exclusively: <T>(name: string, work: () => Promise<T>) => Promise<T>;
  /** The embedded database's files as a tarball (PGlite only): tests start from one migrated copy. */
  dumpDataDir?: () => Promise<Blob>;
};

export type DatabaseOptions = {
  databaseUrl: string | null;
  dataDir: string | null;
  /** Sees every statement drizzle sends (the bench replays them to time the database alone). */
  logger?: Logger;
  /** The most sessions the pool opens (a server; default 10): a process of N shares an installation's connections. */
  poolSize?: number;
  /** Start from these files (a `dumpDataDir` tarball) instead of an empty database (PGlite; an empty data folder). */
  loadDataDir?: Blob;
  /** Requests run under row-level security (a server only; DATABASE_ROW_SECURITY): `requestDb` is the scoped pool. */
  rowSecurity?: boolean;
};

/**
 * Planner settings of every session the app opens, on PGlite and on a server. The app's working set (a network's
 * applications and their indexes) is read from memory, so a random read costs about what a sequential one does:
 * with PostgreSQL's default (4, for spinning disks) the planner scanned every application of the school to count
 * a text search's matches rather than read the lists' covering index (PGlite 31 -> 22 ms; on a two-core server
 * 25 -> 17 ms, where the scan also took a parallel worker).
 */
const SESSION_SETTINGS = ['random_page_cost=1.1'];

/**
 * A restart or failover of the server ends every session (57P01, or the socket closes). An error event with no
 * listener ends the Node process, so both are listened to: an idle session's error comes to the pool, which drops it;
 * a session in use fails its query (the request answers 500) and the pool drops it when it is released. The next
 * query opens a new session.
 */
function keepServingWhenSessionsEnd(pool: pg.Pool) {
  let last = 0;
  const note = (err: Error) => {
    // one line per burst: a restart ends every session at once
    if (Date.now() - last < 5000) return;
    last = Date.now();
    console.warn(`Database session lost (${err.message}); the next queries open new sessions.`);
  };
  pool.on('error', note);
  pool.on('connect', (client) => client.on('error', note));
}

/** PGlite in DATA_DIR/pg by default (or in memory when dataDir is null); a PostgreSQL server with DATABASE_URL. */
export async function openDatabase({
  databaseUrl,
  dataDir,
  logger,
  loadDataDir,
  poolSize = 10,
  rowSecurity = false,
}: DatabaseOptions): Promise<Database> {
  if (databaseUrl) {
    const settings = {
      connectionString: databaseUrl,
      max: poolSize,
      options: SESSION_SETTINGS.map((setting) => `-c ${setting}`).join(' '),
    };
    const pool = new pg.Pool(settings);
    const requestPool = rowSecurity ? scopedPool(settings) : null;
    keepServingWhenSessionsEnd(pool);
    if (requestPool) keepServingWhenSessionsEnd(requestPool);
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    const requestDb = requestPool ? (drizzlePg(requestPool, { schema, logger }) as unknown as Db) : db;
    notePool(db);
    notePool(requestDb);
    const database: Database = {
      db,
      requestDb,
      kind: 'postgres',
      executeSql: async (text, values) => ({ rows: (await pool.query(text, values as unknown[])).rows }),
      close: async () => {
        await Promise.all([pool.end(), requestPool?.end()]);
      },
      exclusively: async (name, work) => {
        const session = await pool.connect();
        try {
          await session.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [name]);
          return await work();
        } finally {
          // ending the session lets go of its lock, even when the database went away meanwhile
          session.release(true);
        }
      },
    };
    await notePlanner(database);
    return database;
  }
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pg');
    fs.mkdirSync(dir, { recursive: true });
  }
  // pg_trgm: the applications text search (migration 0005)
  const client = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    loadDataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...SESSION_SETTINGS.flatMap((setting) => ['-c', setting])],
  });
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  const database: Database = {
    db,
    requestDb: db,
    kind: 'pglite',
    executeSql: async (text, values) => {
      if (values?.length) return { rows: (await client.query(text, values)).rows };
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    close: () => client.close(),
    exclusively: (_name, work) => work(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
  await notePlanner(database);
  return database;
}
