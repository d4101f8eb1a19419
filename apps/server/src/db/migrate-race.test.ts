import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { createUser } from '../test/factories';
import { apiClient, openTestDatabase } from '../test/harness';
import { signIn } from '../test/session';
import { runServerCommand, startServerProcess, type ServerProcess } from '../test/server-process';
import { JOBS } from '../jobs/registry';
import type { Database } from './client';

/*
 * A new installation with several API processes: `npm run db:migrate` once, then the processes start together (a
 * deployment rolls them out at the same moment). Neither the migrations nor the start may race. PGlite belongs to one
 * process: there is nothing to race for.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a new database and processes started together', () => {
  let database: Database;
  let url: string;
  let drop: () => Promise<void>;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    const opened = await openTestDatabase({ migrated: false });
    ({ database, drop } = opened);
    url = opened.url!;
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await database?.close();
    await drop?.();
  });

  const tables = async (schema: string) =>
    (
      await database.executeSql(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1`, [
        schema,
      ])
    ).rows[0] as { n: number };

  it('db:migrate run twice at once creates everything, pg-boss included, and both runs succeed', async () => {
    const runs = await Promise.all([1, 2].map(() => runServerCommand('db/migrate-cli.ts', { DATABASE_URL: url })));
    for (const run of runs) expect(run.code, run.output).toBe(0);
    expect((await tables('public')).n).toBeGreaterThan(20);
    expect((await tables('pgboss')).n, 'pg-boss installed by the migrations').toBeGreaterThan(0);
    // and its queues: a start finds nothing to create
    const { rows } = await database.executeSql('SELECT name FROM pgboss.queue ORDER BY name');
    expect(rows.map((row) => (row as { name: string }).name)).toEqual(JOBS.map((job) => job.name).sort());
  }, 120_000);

  it('two processes started together on the migrated database both serve', async () => {
    servers.push(...(await Promise.all([1, 2].map(() => startServerProcess({ DATABASE_URL: url })))));
    const user = await createUser(database.db, { context: CONTEXT_TYPE.SYSTEM });
    for (const server of servers) {
      expect(server.alive(), server.output()).toBe(true);
      const { accessToken } = await signIn(server.baseUrl, user.email);
      const res = await apiClient(server.baseUrl)('GET', `/user/${user.id_user}`, { token: accessToken });
      expect(res.status).toBe(200);
    }
  }, 120_000);
});
