import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { createUser } from '../test/factories';
import { apiClient, openTestDatabase } from '../test/harness';
import { signIn } from '../test/session';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import type { Database } from './client';

/*
 * A PostgreSQL restart or failover as an API process lives it: every session of its database is terminated at once,
 * idle ones and ones in the middle of a request. The process must keep running (a few requests may fail) and serve
 * again from new connections. PGlite lives inside the process: there is no server to restart.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('a PostgreSQL restart', () => {
  let database: Database;
  let url: string;
  let drop: () => Promise<void>;
  let server: ServerProcess;

  beforeAll(async () => {
    const opened = await openTestDatabase();
    ({ database, drop } = opened);
    url = opened.url!;
    server = await startServerProcess({ DATABASE_URL: url });
  });
  afterAll(async () => {
    await server?.kill();
    await database?.close();
    await drop?.();
  });

  /** Ends every session of the test database, as `pg_ctl restart` or a failover does (57P01 to each one). */
  async function terminateEverySession() {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
         WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [new URL(url).pathname.slice(1)],
      );
      return rows[0].n;
    } finally {
      await admin.end();
    }
  }

  it('costs a few failed requests at most, never the process, and the next requests succeed', async () => {
    const user = await createUser(database.db, { context: CONTEXT_TYPE.SYSTEM });
    const { accessToken } = await signIn(server.baseUrl, user.email);
    const call = apiClient(server.baseUrl);
    const readUser = async () => (await call('GET', `/user/${user.id_user}`, { token: accessToken })).status;
    expect(await readUser()).toBe(200);

    // requests keep coming while the sessions are cut: some are in the middle of a query when it happens
    let loading = true;
    const statuses: number[] = [];
    const load = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (loading) statuses.push(await readUser().catch(() => 0));
      }),
    );
    await expect.poll(() => statuses.length, { timeout: 10_000 }).toBeGreaterThan(20);
    for (let round = 0; round < 3; round++) {
      expect(await terminateEverySession()).toBeGreaterThan(0);
      const before = statuses.length;
      await expect.poll(() => statuses.length, { timeout: 10_000 }).toBeGreaterThan(before + 20);
    }
    loading = false;
    await load;

    expect(server.alive(), server.output()).toBe(true);
    // the pool opens new sessions: every request after the restart succeeds
    const after = await Promise.all(Array.from({ length: 20 }, readUser));
    expect(after.every((status) => status === 200)).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(statuses.length / 2);
    expect(server.output()).not.toMatch(/uncaught|unhandled/i);
  }, 120_000);
});
