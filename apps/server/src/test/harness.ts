import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type LogStream } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { JOBS } from '../jobs/registry';
import type { JobContext } from '../jobs/job';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from '../jobs/runner';
import { createMailer } from '../modules/mail/mailer.service';
import type { Mailer } from '../modules/mail/mail.types';
import type { Secrets } from '../lib/secrets';

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  baseUrl: string;
  secrets: Secrets;
  /** The app's job queue (enqueue jobs as the app would, or pass it where a service needs it). */
  jobs: JobRunner;
  /** What the app's job handlers get, to run a handler's work in the test itself. */
  jobContext: JobContext;
  close: () => Promise<void>;
};

/** Requests under row-level security on the server unless DATABASE_ROW_SECURITY=off, as the server itself runs. */
const rowSecurity = process.env.DATABASE_ROW_SECURITY !== 'off';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (a copy of the run's migrated template; dropped again at close). `migrated: false` leaves it empty.
 */
export async function openTestDatabase({ migrated: migrate = true } = {}): Promise<{
  database: Database;
  /** The server database's address (null for PGlite), for a second pool standing for another process. */
  url: string | null;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const migrated = migrate ? inject('migratedPglite') : undefined;
    const database = await openDatabase({
      databaseUrl: null,
      dataDir: null,
      loadDataDir: migrated ? new Blob([fs.readFileSync(migrated)]) : undefined,
    });
    if (migrate && !migrated) await migrateDatabase(database);
    return { database, url: null, drop: async () => {} };
  }
  const name = `openseat_test_${randomBytes(6).toString('hex')}`;
  // a copy of the run's migrated template (test/global-setup.ts), when there is one
  const template = migrate ? inject('migratedTemplate') : undefined;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null, rowSecurity });
  if (migrate && !template) await migrateDatabase(database);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      // pool.end() resolves before the server has let go of its sessions: a forced drop would terminate them,
      // and the closing clients would throw that as an uncaught error
      for (let i = 0; i < 40; i++) {
        const { rows } = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** The test file's own database: opened before its tests, closed and dropped after them (read `.database` in a test). */
export function databaseOfFile(): { database: Database } {
  const file = {} as { database: Database; drop?: () => Promise<void> };
  beforeAll(async () => {
    Object.assign(file, await openTestDatabase());
  });
  afterAll(async () => {
    await file.database?.close();
    await file.drop?.();
  });
  return file;
}

export type TestAppOptions = {
  smtpUrl?: string;
  loginRateLimitPerMinute?: number;
  mailer?: Mailer;
  /** Shared by apps that stand for several processes of one installation. */
  secrets?: Secrets;
  /** Where the app's log lines go (no logging without it). */
  logStream?: LogStream;
  logLevel?: string;
  /** Retries at once and polls twice a second unless told otherwise, so mail tests take seconds. */
  jobs?: JobRunnerOptions;
  /** Settings as they would come from the environment (e.g. PUBLIC_URL, TRUST_PROXY). */
  env?: Record<string, string>;
  /** The web client folder the app serves (default: none, the API alone). */
  webDist?: string;
  /** The lottery's clock (AppDeps.clock). */
  clock?: () => Date;
};

/** The real app on a real port over a real database, in a fresh database of its own. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  const server = await startAppOn(database, options);
  return {
    ...server,
    close: async () => {
      await server.close();
      await database.close();
      await drop();
    },
  };
}

/** One app (one API process) over a database that may be shared; `close` leaves the database open. */
export async function startAppOn(database: Database, options: TestAppOptions = {}): Promise<TestContext> {
  const config = {
    ...loadConfig({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: options.logLevel, ...options.env }),
    smtpUrl: options.smtpUrl ?? null,
  };
  const secrets = options.secrets ?? { jwtSecret: randomBytes(32), encryptionKey: randomBytes(32) };
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
  const jobs = createJobRunner(database, JOBS, {
    retryDelaySeconds: 0,
    pollingIntervalSeconds: 0.5,
    maintenance: false,
    // cron schedules are registered, but the clock that fires them stays off unless a test turns it on
    schedule: false,
    leaseSeconds: config.jobLeaseSeconds,
    ...options.jobs,
  });
  const app = await buildApp(
    {
      database,
      db: database.requestDb,
      config,
      secrets,
      mailer,
      jobs,
      loginRateLimitPerMinute: options.loginRateLimitPerMinute ?? 1000,
      ...(options.clock ? { clock: options.clock } : {}),
    },
    { logStream: options.logStream, webDist: options.webDist ?? null },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  if (!options.env?.PUBLIC_URL) config.publicUrl = baseUrl;
  const jobContext: JobContext = { db: database.db, config, mailer, secrets, log: app.log, jobs };
  return { app, database, db: database.db, baseUrl, secrets, jobs, jobContext, close: () => app.close() };
}

export type ApiResult<T = unknown> = { status: number; body: T; headers: Headers };

/** A small HTTP client for tests: JSON in, JSON (or text) out, optional bearer token. */
export function apiClient(baseUrl: string) {
  return async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    } else if (opts.rawBody !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(`${baseUrl}/api${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  };
}

/**
 * Two API processes of one installation, sharing the secrets given: on the PostgreSQL server each over its own pool,
 * as two processes would be; on PGlite, which one process owns, two apps on the one database. `close` ends both.
 */
export async function startTwoApps(options: TestAppOptions) {
  const opened = await openTestDatabase();
  const first = opened.database;
  const second = opened.url ? await openDatabase({ databaseUrl: opened.url, dataDir: null, rowSecurity }) : first;
  const a = await startAppOn(first, options);
  const b = await startAppOn(second, options);
  return {
    a,
    b,
    close: async () => {
      await a.close();
      await b.close();
      if (second !== first) await second.close();
      await first.close();
      await opened.drop();
    },
  };
}
