/**
 * Many staff at once on the PostgreSQL server (issue 22): 20 and 50 closed-loop users on the inbox's first page
 * (each user: request, read the whole answer, again) for a fixed time after a warm-up, beside the same statements
 * run by as many closed-loop clients directly, on as many pools of one server process's size as the server runs
 * processes (the same total of sessions). Each API phase is followed at once by its direct phase.
 */
import { openDatabase } from '../apps/server/src/db/client';
import type { Statement } from './statements';
import { closedLoop, serverShape, type Row, type Server } from './harness';

const USERS = [20, 50];
const SECONDS = 10;
const WARM_UP_SECONDS = 2;

type Input = {
  server: Server;
  databaseUrl: string;
  path: string;
  auth: Record<string, string>;
  /** What the inbox's first page sends, captured from the service. */
  statements: Statement[];
};

const progress = (what: string) => console.error(`[bench] ${new Date().toISOString().slice(11, 19)} ${what}`);

export async function benchConcurrency({ server, databaseUrl, path, auth, statements }: Input, rows: Row[]) {
  // a primary that forks workers does not serve: the processes that do are its children
  const all = server.pids();
  const workers = Math.max(1, all.length - 1);
  const shape = serverShape(databaseUrl);
  if (workers !== shape.workers)
    progress(`postgres: ${workers} server process(es) serve, the configuration says ${shape.workers}`);
  const pools = await Promise.all(
    Array.from({ length: workers }, () => openDatabase({ databaseUrl, dataDir: null, poolSize: shape.poolSize })),
  );
  try {
    for (const users of USERS) {
      progress(`postgres: ${users} users, API`);
      const options = { ms: SECONDS * 1000, warmUpMs: WARM_UP_SECONDS * 1000 };
      const api = await closedLoop(users, () => server.get(path, auth), options);
      progress(`postgres: ${users} users, direct SQL`);
      let next = 0;
      const direct = await closedLoop(
        users,
        async () => {
          const database = pools[next++ % pools.length];
          for (const s of statements) await database.executeSql(s.query, s.params);
        },
        options,
      );
      const share = (api.perSecond / direct.perSecond) * 100;
      rows.push([
        `postgres: ${users} users on the inbox, pages/s (p50 / p99)`,
        `${api.perSecond.toFixed(0)}/s (${api.p50.toFixed(0)} / ${api.p99.toFixed(0)} ms)`,
        `direct SQL ${direct.perSecond.toFixed(0)}/s (${direct.p50.toFixed(0)} / ${direct.p99.toFixed(0)} ms) on ${workers} pool(s) of ${shape.poolSize} sessions, as the server; API ${share.toFixed(0)}% of direct; ${SECONDS} s after ${WARM_UP_SECONDS} s warm-up; ${users === 50 ? 'target >= 70% of direct, p99 < 250 ms' : 'n=' + api.samples}`,
      ]);
    }
    rows.push([
      'postgres: server processes serving',
      String(workers),
      `${all.length} process(es) in all, ${shape.poolSize} sessions per worker's pool; WEB_CONCURRENCY unset (the server's default)`,
    ]);
  } finally {
    await Promise.all(pools.map((p) => p.close()));
  }
}
