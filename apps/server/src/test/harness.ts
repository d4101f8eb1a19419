import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { createMailer, type Mailer } from '../lib/mailer';

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  baseUrl: string;
  secrets: { jwtSecret: Uint8Array; encryptionKey: Buffer };
  close: () => Promise<void>;
};

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (dropped again at close).
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ databaseUrl: null, dataDir: null });
    await migrateDatabase(database);
    return { database, drop: async () => {} };
  }
  const name = `openseat_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: null });
  await migrateDatabase(database);
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type TestAppOptions = { smtpUrl?: string; loginRateLimitPerMinute?: number; mailer?: Mailer };

/** The real app on a real port over a real database. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const { database, drop } = await openTestDatabase();
  const config = { ...loadConfig({ NODE_ENV: 'test', PORT: '0' }), smtpUrl: options.smtpUrl ?? null };
  const secrets = { jwtSecret: randomBytes(32), encryptionKey: randomBytes(32) };
  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db });
  const app = await buildApp({ database, db: database.db, config, secrets, mailer, loginRateLimitPerMinute: options.loginRateLimitPerMinute ?? 1000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  config.publicUrl = baseUrl;
  return {
    app,
    database,
    db: database.db,
    baseUrl,
    secrets,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
    },
  };
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
