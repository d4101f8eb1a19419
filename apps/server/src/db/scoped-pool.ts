import pg from 'pg';
import { EVERY_SCHOOL, READS_NO_SCHOOL, schoolsInScope } from '../lib/database-scope';

/** The role requests scoped to schools run as on a server: no table of its own, no BYPASSRLS (migration 0052). */
export const APP_ROLE = 'openseat_app';
/** The role of requests that may reach every school (a system user; a public route before its proof). */
export const APP_EVERY_SCHOOL_ROLE = 'openseat_app_every_school';
const REQUEST_ROLES = [APP_ROLE, APP_EVERY_SCHOOL_ROLE];

const APPLIED = Symbol('openseat.schools');
type ScopedClient = pg.PoolClient & { [APPLIED]?: string };
type ConnectCallback = (err: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;

/**
 * A pool whose sessions run as APP_ROLE with `openseat.schools` set to the caller's scope (APP_EVERY_SCHOOL_ROLE for
 * every school): read when the session is asked for (the caller's async context; pg-pool may hand the session out
 * from another's), written with the role before the session's first use and again only when the scope differs from
 * the last one it ran with (READS_NO_SCHOOL: not at all, unless the session is new). Queries
 * (`pool.query` asks `connect` too) and transactions alike run in their caller's scope.
 * A request's query runs on its own backend, without parallel workers: the policy's conditions tipped the text
 * search's count into a parallel plan that took twice as long on a 2-core server (EXPLAIN ANALYZE, 100,000
 * applications: 21.9 ms with 2 workers, 9.4 ms without), and workers taken by one request are cores the others wait
 * for. Jobs run on the owner's pool, where parallel plans stay available.
 */
export function scopedPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  const connect = pool.connect.bind(pool) as () => Promise<ScopedClient>;
  const scopedConnect = (callback?: ConnectCallback) => {
    const wanted = schoolsInScope();
    const ready = connect().then(async (client) => {
      if (client[APPLIED] === wanted) return client;
      if (wanted === READS_NO_SCHOOL && client[APPLIED] !== undefined) return client;
      const schools = wanted === READS_NO_SCHOOL ? '' : wanted;
      try {
        await client.query(
          `SELECT set_config('role', $1, false), set_config('openseat.schools', $2, false),
                  set_config('max_parallel_workers_per_gather', '0', false)`,
          [schools === EVERY_SCHOOL ? APP_EVERY_SCHOOL_ROLE : APP_ROLE, schools],
        );
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      client[APPLIED] = schools;
      return client;
    });
    if (!callback) return ready;
    ready.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | undefined)),
      (error: Error) => callback(error),
    );
    return undefined;
  };
  pool.connect = scopedConnect as pg.Pool['connect'];
  return pool;
}

/** Refuses to start under row-level security when a role requests run as is missing (docs/privacy.md). */
export async function assertRequestRole(database: { executeSql: (text: string) => Promise<{ rows: unknown[] }> }) {
  const { rows } = await database.executeSql(
    `SELECT rolname FROM pg_roles WHERE rolname IN (${REQUEST_ROLES.map((role) => `'${role}'`).join(', ')})`,
  );
  const found = (rows as { rolname: string }[]).map((row) => row.rolname);
  const missing = REQUEST_ROLES.filter((role) => !found.includes(role));
  if (missing.length > 0)
    throw new Error(
      `DATABASE_ROW_SECURITY=on, but the role(s) ${missing.join(', ')} do not exist and the database user may not create them: create them (NOLOGIN NOBYPASSRLS), grant them to that user and run db:migrate again, or turn row-level security off`,
    );
}
